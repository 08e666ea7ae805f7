import { z } from 'zod';
import { say } from '../rules/messages';
import { deciderOf, unfolded, unknownCommand } from '../decider';
import type { DecisionContext, DomainEvent } from '../events';
import { existsAlready, notFound, refusal, validationError, versionConflict } from '../errors';
import type { Permissions } from '../permissions';
import {
  changedPreferences,
  preferencesChanged,
  preferencesOf,
  samePreferences,
} from '../preferences/preferences';
import type { ChangeMyPreferencesData, ConsoleLanguage, UserPreferences } from '../preferences/preferences';
import { requiredName } from '../rules/limits';
import { tenantNeedsAdministrator } from './administrators';
import type { AdministeredTenant } from './administrators';
import { usernameSchema } from './tenant.commands';

const id = z.number().int().positive();

/** OWASP: at least 8 characters, long passphrases allowed; 10 here, the hash caps the cost. */
export const passwordSchema = z
  .string({ error: say('required') })
  .min(10, { error: say('at-least', { bound: 10, unit: 'characters' }) })
  .max(1000, { error: say('at-most', { bound: 1000, unit: 'characters' }) });
const displayName = requiredName(100);

export type UserCreated = DomainEvent<
  'UserCreated',
  {
    readonly id: number;
    readonly tenant: string;
    readonly username: string;
    readonly displayName: string;
    /** scrypt hash in PHC-like form; never returned by any query. Empty for OIDC-only accounts. */
    readonly passwordHash: string;
    /** Direct permissions in the home tenant (accounts provisioned before roles; new ones have none). */
    readonly permissions: Permissions;
    /** Added later: the home tenant's roles the user starts with. */
    readonly roles?: readonly number[];
    /** Added later: the OpenID provider subject an OIDC account signs in as. */
    readonly oidc?: { readonly issuer: string; readonly subject: string };
  }
>;

export const createUserSchema = z.strictObject({
  username: usernameSchema,
  displayName,
  password: passwordSchema,
  roles: z.array(id).max(50),
});
export const updateUserSchema = z.strictObject({
  id,
  version: z.number().int().nonnegative().optional(),
  displayName,
});
export const setUserPasswordSchema = z.strictObject({ id, password: passwordSchema });
export const userIdSchema = z.strictObject({ id });

export type UserCommand =
  | { readonly type: 'CreateUser'; readonly data: z.infer<typeof createUserSchema> }
  | { readonly type: 'UpdateUser'; readonly data: z.infer<typeof updateUserSchema> }
  | { readonly type: 'SetUserPassword'; readonly data: z.infer<typeof setUserPasswordSchema> }
  | { readonly type: 'DisableUser'; readonly data: z.infer<typeof userIdSchema> }
  | { readonly type: 'EnableUser'; readonly data: z.infer<typeof userIdSchema> }
  | { readonly type: 'ChangeMyPreferences'; readonly data: ChangeMyPreferencesData };

export type UserUpdated = DomainEvent<'UserUpdated', { readonly displayName: string }>;
export type UserPasswordChanged = DomainEvent<'UserPasswordChanged', { readonly passwordHash: string }>;
export type UserDisabled = DomainEvent<'UserDisabled', Record<string, never>>;
export type UserEnabled = DomainEvent<'UserEnabled', Record<string, never>>;
/** The user's own choices (issue 20), whole: each event holds all of them. */
export type UserPreferencesChanged = DomainEvent<'UserPreferencesChanged', UserPreferences>;
export type UserEvent =
  UserCreated | UserUpdated | UserPasswordChanged | UserDisabled | UserEnabled | UserPreferencesChanged;

export type UserState =
  | { readonly status: 'absent' }
  | ({
      readonly status: 'active';
      /** The stream revision. */
      readonly version: number;
      readonly id: number;
      readonly tenant: string;
      readonly username: string;
      readonly displayName: string;
      readonly disabled: boolean;
      /** The user's own language, and below the other preferences they changed (History shows each). */
      readonly language: ConsoleLanguage | null;
    } & Partial<UserPreferences>);
export const initialUserState: UserState = { status: 'absent' };

export const evolveUser = (state: UserState, event: UserEvent): UserState => {
  if (event.type === 'UserCreated')
    return {
      status: 'active',
      version: 0,
      id: event.data.id,
      tenant: event.data.tenant,
      username: event.data.username,
      displayName: event.data.displayName,
      disabled: false,
      language: null,
    };
  if (state.status === 'absent') return state;
  const next = { ...state, version: state.version + 1 };
  switch (event.type) {
    case 'UserUpdated':
      return { ...next, displayName: event.data.displayName };
    case 'UserPasswordChanged':
      return next;
    case 'UserDisabled':
      return { ...next, disabled: true };
    case 'UserEnabled':
      return { ...next, disabled: false };
    case 'UserPreferencesChanged':
      return { ...next, ...preferencesChanged(preferencesOf(state), preferencesOf(event.data)) };
    default:
      return unfolded(event, state);
  }
};

export interface UserContext extends DecisionContext {
  readonly newId: number;
  /** The hash of the command's password, computed by the handler (hashing is I/O-heavy, not a decision). */
  readonly passwordHash?: string;
  /** The caller's own user id: nobody disables themselves. */
  readonly callerId: number;
  /** Whether the user name is taken in the tenant (home user or member). */
  readonly nameTaken?: boolean;
  /** For DisableUser: the tenants the user belongs to and who administers each now. */
  readonly administered?: readonly AdministeredTenant[];
}

export const decideUser = (command: UserCommand, state: UserState, context: UserContext): UserEvent[] => {
  if (command.type === 'CreateUser') {
    if (state.status !== 'absent') throw existsAlready('user');
    if (context.nameTaken)
      throw validationError('user name taken', [{ field: 'username', message: say('taken') }]);
    if (!context.passwordHash) throw new Error('CreateUser needs the password hash');
    return [
      {
        type: 'UserCreated',
        data: {
          id: context.newId,
          tenant: context.tenant,
          username: command.data.username,
          displayName: command.data.displayName,
          passwordHash: context.passwordHash,
          permissions: {},
          roles: [...new Set(command.data.roles)],
        },
      },
    ];
  }
  if (command.type === 'ChangeMyPreferences') {
    // the caller's own account, in whichever tenant they act
    if (state.status === 'absent' || state.id !== context.callerId) throw notFound('user');
    const current = preferencesOf(state);
    const preferences = changedPreferences(current, command.data);
    return samePreferences(preferences, current)
      ? []
      : [{ type: 'UserPreferencesChanged', data: preferences }];
  }
  if (state.status === 'absent' || state.tenant !== context.tenant) throw notFound('user');
  switch (command.type) {
    case 'UpdateUser':
      if (command.data.version !== undefined && command.data.version !== state.version)
        throw versionConflict(state.version);
      return command.data.displayName === state.displayName
        ? []
        : [{ type: 'UserUpdated', data: { displayName: command.data.displayName } }];
    case 'SetUserPassword':
      if (!context.passwordHash) throw new Error('SetUserPassword needs the password hash');
      return [{ type: 'UserPasswordChanged', data: { passwordHash: context.passwordHash } }];
    case 'DisableUser':
      if (state.id === context.callerId) throw refusal('not-yourself', 'you cannot disable yourself');
      if (state.disabled) return [];
      if (!context.administered) throw new Error('DisableUser needs the tenants the user administers');
      // a disabled account acts in none of its tenants: none may lose its last administrator
      if (
        context.administered.some(
          ({ administrators }) =>
            administrators.every((id) => id === state.id) && administrators.includes(state.id),
        )
      )
        throw tenantNeedsAdministrator();
      return [{ type: 'UserDisabled', data: {} }];
    case 'EnableUser':
      return state.disabled ? [{ type: 'UserEnabled', data: {} }] : [];
    default:
      return unknownCommand(command);
  }
};

export const userDecider = deciderOf(decideUser, evolveUser, initialUserState);
