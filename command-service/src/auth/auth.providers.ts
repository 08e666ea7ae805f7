import { configurePasswordHashing, sessionRevocationsProvider } from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';
import { LoginThrottle, loginThrottleOptions, passwordHashingOptions } from './login-throttle';
import { SessionService } from './session.service';

/**
 * What the auth endpoints need: sessions, the login throttle and the password hashing queue (set by
 * LOGIN_* variables), ended sessions.
 */
export const authProviders = (store: EventStore) => [
  SessionService,
  {
    provide: LoginThrottle,
    useFactory: () => {
      configurePasswordHashing(passwordHashingOptions());
      return new LoginThrottle(loginThrottleOptions());
    },
  },
  sessionRevocationsProvider(store),
];
