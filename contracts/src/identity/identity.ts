import { z } from 'zod';
import type { DomainEvent } from '../events';
import type { Permissions } from '../permissions';

export const featureFlagsSchema = z.strictObject({
  admin: z.boolean(),
  jira: z.boolean(),
  alm: z.boolean(),
  hermes: z.boolean(),
  financialPlanning: z.boolean(),
  agileLifecycle: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

export const attributeTypes = ['text', 'number', 'boolean', 'date', 'select'] as const;
export interface AttributeDefinition {
  readonly key: string;
  readonly label: string;
  readonly type: (typeof attributeTypes)[number];
  readonly options?: readonly string[];
}

export type TenantCreated = DomainEvent<
  'TenantCreated',
  {
    readonly id: number;
    readonly name: string;
    readonly features: FeatureFlags;
    readonly applicationAttributes: readonly AttributeDefinition[];
    /** Added later: events written before read as no task attributes. */
    readonly taskAttributes?: readonly AttributeDefinition[];
  }
>;

export type UserCreated = DomainEvent<
  'UserCreated',
  {
    readonly id: number;
    readonly tenant: string;
    readonly username: string;
    readonly displayName: string;
    /** scrypt hash in PHC-like form; never returned by any query. */
    readonly passwordHash: string;
    readonly permissions: Permissions;
  }
>;

/** A login session: one stream per refresh-token family; the token itself is never stored, only its hash. */
export type SessionStarted = DomainEvent<
  'SessionStarted',
  {
    readonly family: string;
    readonly userId: number;
    readonly tenant: string;
    readonly tokenHash: string;
    readonly expiresAt: string;
  }
>;
export type SessionRefreshed = DomainEvent<
  'SessionRefreshed',
  { readonly tokenHash: string; readonly expiresAt: string }
>;
export type SessionEnded = DomainEvent<'SessionEnded', { readonly reason: 'logout' | 'reuse-detected' }>;

export type IdentityEvent = TenantCreated | UserCreated;
export type SessionEvent = SessionStarted | SessionRefreshed | SessionEnded;

export interface TenantRecord {
  readonly id: number;
  readonly name: string;
  readonly features: FeatureFlags;
  readonly applicationAttributes: readonly AttributeDefinition[];
  /** The custom attributes of the item dialog (§2 Details). */
  readonly taskAttributes: readonly AttributeDefinition[];
}
export interface UserRecord {
  readonly id: number;
  readonly tenant: string;
  readonly username: string;
  readonly displayName: string;
  readonly passwordHash: string;
  readonly permissions: Permissions;
}

/** The identity directory both services fold from the tenant and user streams. */
export interface Directory {
  readonly tenants: ReadonlyMap<string, TenantRecord>;
  readonly users: ReadonlyMap<string, UserRecord>;
}

export const userKey = (tenant: string, username: string) => `${tenant}\u0000${username.toLowerCase()}`;

export const emptyDirectory = (): Directory => ({ tenants: new Map(), users: new Map() });

/** Folds an identity event into the directory (mutating for speed: it is a process-local cache). */
export const evolveDirectory = (directory: Directory, event: IdentityEvent): Directory => {
  switch (event.type) {
    case 'TenantCreated':
      (directory.tenants as Map<string, TenantRecord>).set(event.data.name, {
        ...event.data,
        taskAttributes: event.data.taskAttributes ?? [],
      });
      return directory;
    case 'UserCreated':
      (directory.users as Map<string, UserRecord>).set(userKey(event.data.tenant, event.data.username), {
        ...event.data,
      });
      return directory;
    default: {
      const _exhaustive: never = event;
      return directory;
    }
  }
};

export type SessionState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'active' | 'ended';
      readonly userId: number;
      readonly tenant: string;
      readonly tokenHash: string;
      readonly expiresAt: string;
      readonly previousHashes: readonly string[];
    };

export const evolveSession = (state: SessionState, event: SessionEvent): SessionState => {
  switch (event.type) {
    case 'SessionStarted':
      return {
        status: 'active',
        userId: event.data.userId,
        tenant: event.data.tenant,
        tokenHash: event.data.tokenHash,
        expiresAt: event.data.expiresAt,
        previousHashes: [],
      };
    case 'SessionRefreshed':
      return state.status === 'absent'
        ? state
        : {
            ...state,
            tokenHash: event.data.tokenHash,
            expiresAt: event.data.expiresAt,
            previousHashes: [...state.previousHashes, state.tokenHash],
          };
    case 'SessionEnded':
      return state.status === 'absent' ? state : { ...state, status: 'ended' };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
};
