import { sessionRevocationsProvider } from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';
import { LoginThrottle, loginThrottleOptions } from './login-throttle';
import { SessionService } from './session.service';

/** What the auth endpoints need: sessions, the login throttle (set by LOGIN_* variables), ended sessions. */
export const authProviders = (store: EventStore) => [
  SessionService,
  { provide: LoginThrottle, useFactory: () => new LoginThrottle(loginThrottleOptions()) },
  sessionRevocationsProvider(store),
];
