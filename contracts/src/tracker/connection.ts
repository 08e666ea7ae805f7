import { z } from 'zod';
import { say } from '../rules/messages';
import { requireVersionWhenUpdating } from '../rules/save-command';
import { deciderOf, evolverOf, unknownCommand } from '../decider';
import type { DecisionContext, DomainEvent } from '../events';
import { DomainError, existsAlready, invalidField, notFound, validationError } from '../errors';
import { problem } from '../problems';
import { requiredName } from '../rules/limits';
import { assertLiveAt, markDeleted, revised } from '../rules/record-lifecycle';
import type { RecordState } from '../rules/record-lifecycle';

const id = z.number().int().positive();
const version = z.number().int().min(0);

/** The provider client's message for a base URL without http:// or https:// (§8). */
export const hostWithoutSchemeMessage = "Couldn't parse the host URL";

/** Where the tracker runs: Atlassian's cloud (REST v3, /search/jql) or a data center (REST v2). */
export const trackerDeployments = ['cloud', 'datacenter'] as const;
export type TrackerDeployment = (typeof trackerDeployments)[number];

/**
 * How tracker-sync authenticates (§6): basic (e-mail and API token), an OAuth bearer token, or a
 * personal access token (data center).
 */
export const trackerAuthModes = ['basic', 'bearer', 'pat'] as const;
export type TrackerAuthMode = (typeof trackerAuthModes)[number];

/** The longest secret accepted (API tokens are ~200 characters, OAuth access tokens up to ~1,500). */
export const trackerSecretMax = 4000;

/**
 * A base URL as typed: trimmed, without trailing slashes; a host without a scheme gets §8's message.
 * Paths are kept (data centers often live under /jira).
 */
export const trackerBaseUrlSchema = z
  .string()
  .trim()
  .max(500)
  .transform((text, ctx) => {
    if (!/^https?:\/\//i.test(text)) {
      ctx.addIssue({ code: 'custom', message: hostWithoutSchemeMessage });
      return z.NEVER;
    }
    let url: URL;
    try {
      url = new URL(text);
      if (url.hostname === '' || url.search !== '' || url.hash !== '') throw new Error('not a base URL');
    } catch {
      ctx.addIssue({ code: 'custom', message: hostWithoutSchemeMessage });
      return z.NEVER;
    }
    // credentials belong in the secret, which is sealed; a URL is stored and shown in clear
    if (url.username !== '' || url.password !== '') {
      ctx.addIssue({ code: 'custom', message: 'put no user name or password in the URL: use the secret' });
      return z.NEVER;
    }
    return text.replace(/\/+$/, '');
  });

/** The e-mail of basic authentication: trimmed, empty = none. */
const emailField = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => v || null);
const secretField = z.string().min(1).max(trackerSecretMax).optional();

/** Basic authentication signs in with an e-mail address and the API token. */
const basicNeedsEmail = (c: { authMode: TrackerAuthMode; email: string | null }, ctx: z.RefinementCtx) => {
  if (c.authMode === 'basic' && (c.email === null || !z.email().safeParse(c.email).success))
    ctx.addIssue({
      code: 'custom',
      path: ['email'],
      message: 'an e-mail address is required for basic authentication',
    });
};

/** Where a connection reaches its tracker and how it signs in: what is saved and what a test tries. */
const connectionSettings = {
  baseUrl: trackerBaseUrlSchema,
  deployment: z.enum(trackerDeployments),
  authMode: z.enum(trackerAuthModes),
  email: emailField,
  secret: secretField,
};

/**
 * SaveTrackerConnection: create without `id` (the secret is then required), change one with `id` and
 * the `version` the user saw. Without `secret` a change keeps the stored one; changing the auth mode
 * needs a new secret. The e-mail is required for basic authentication and ignored otherwise.
 */
export const saveTrackerConnectionSchema = z
  .strictObject({
    id: id.optional(),
    version: version.optional(),
    name: requiredName(100),
    ...connectionSettings,
  })
  .superRefine((c, ctx) => {
    requireVersionWhenUpdating(c, ctx);
    if (c.id === undefined && c.secret === undefined)
      ctx.addIssue({ code: 'custom', path: ['secret'], message: say('required') });
    basicNeedsEmail(c, ctx);
  })
  .transform((c) => (c.authMode === 'basic' ? c : { ...c, email: null }));
export type SaveTrackerConnectionData = z.output<typeof saveTrackerConnectionSchema>;

export const deleteTrackerConnectionSchema = z.strictObject({ id, version });
export type DeleteTrackerConnectionData = z.infer<typeof deleteTrackerConnectionSchema>;

/** SyncTrackerConnection: mirror now; `full` re-reads every linked issue, not only the changed ones. */
export const syncTrackerConnectionSchema = z.strictObject({ id, full: z.boolean().optional() });
export type SyncTrackerConnectionData = z.infer<typeof syncTrackerConnectionSchema>;

/**
 * A secret as stored: AES-256-GCM under the key named `kid`, all parts base64. Only the command
 * service (sealing) and tracker-sync (opening) hold the key; no query returns this.
 */
export const sealedSecretSchema = z.strictObject({
  alg: z.literal('A256GCM'),
  kid: z.string().min(1),
  iv: z.string().min(1),
  tag: z.string().min(1),
  data: z.string().min(1),
});
export type SealedSecret = z.infer<typeof sealedSecretSchema>;

/** A connection's settings as events carry them; `secret` only when it was set or replaced. */
export interface TrackerConnectionSettings {
  readonly name: string;
  readonly baseUrl: string;
  readonly deployment: TrackerDeployment;
  readonly authMode: TrackerAuthMode;
  readonly email: string | null;
}

export type TrackerConnectionCommand =
  | {
      readonly type: 'SaveTrackerConnection';
      /** The command without its plain secret: the handler seals it into the context first. */
      readonly data: Omit<SaveTrackerConnectionData, 'secret'>;
    }
  | { readonly type: 'DeleteTrackerConnection'; readonly data: DeleteTrackerConnectionData };

export type TrackerConnectionCreated = DomainEvent<
  'TrackerConnectionCreated',
  TrackerConnectionSettings & { readonly id: number; readonly secret: SealedSecret }
>;
export type TrackerConnectionUpdated = DomainEvent<
  'TrackerConnectionUpdated',
  {
    readonly id: number;
    readonly changes: Partial<TrackerConnectionSettings>;
    /** Present when the secret was replaced. */
    readonly secret?: SealedSecret;
  }
>;
export type TrackerConnectionDeleted = DomainEvent<'TrackerConnectionDeleted', { readonly id: number }>;
export type TrackerConnectionEvent =
  TrackerConnectionCreated | TrackerConnectionUpdated | TrackerConnectionDeleted;

export const trackerConnectionEventTypes = [
  'TrackerConnectionCreated',
  'TrackerConnectionUpdated',
  'TrackerConnectionDeleted',
] as const satisfies readonly TrackerConnectionEvent['type'][];

export type TrackerConnectionState = RecordState<
  TrackerConnectionSettings & {
    readonly secret: SealedSecret;
  }
>;

export const initialTrackerConnectionState: TrackerConnectionState = { status: 'absent' };

export const evolveTrackerConnection = evolverOf<TrackerConnectionState, TrackerConnectionEvent>({
  TrackerConnectionCreated: (_state, { id: connectionId, secret, ...settings }) => ({
    status: 'active',
    id: connectionId,
    secret,
    ...settings,
    version: 0,
  }),
  TrackerConnectionUpdated: (state, { changes, secret: given }) =>
    revised(state, ({ secret }) => ({ ...changes, secret: given ?? secret })),
  TrackerConnectionDeleted: markDeleted,
});

export interface TrackerConnectionContext extends DecisionContext {
  /** The id allocated for a new connection. */
  readonly newId: number;
  /** Whether the tenant has the jira feature (§1): without it, connections cannot be changed. */
  readonly jiraEnabled: boolean;
  /** The command's secret, sealed by the handler; null when the command carries none. */
  readonly sealedSecret: SealedSecret | null;
}

/** The refusal of tracker work in a tenant without the jira feature flag. */
export const trackerFeatureOff = () =>
  new DomainError('forbidden', 'the issue-tracker integration (jira) is off for this tenant', {
    reason: problem('tracker-off'),
  });

const settingsOf = (data: Omit<SaveTrackerConnectionData, 'secret'>): TrackerConnectionSettings => ({
  name: data.name,
  baseUrl: data.baseUrl,
  deployment: data.deployment,
  authMode: data.authMode,
  email: data.email,
});

export const decideTrackerConnection = (
  command: TrackerConnectionCommand,
  state: TrackerConnectionState,
  context: TrackerConnectionContext,
): TrackerConnectionEvent[] => {
  if (!context.jiraEnabled) throw trackerFeatureOff();
  switch (command.type) {
    case 'SaveTrackerConnection': {
      const { id: requestedId, version: seen } = command.data;
      const settings = settingsOf(command.data);
      if (requestedId === undefined) {
        if (state.status !== 'absent') throw existsAlready('tracker connection');
        if (context.sealedSecret === null)
          throw invalidField('secret', say('required'), 'the connection needs a secret');
        return [
          {
            type: 'TrackerConnectionCreated',
            data: { id: context.newId, ...settings, secret: context.sealedSecret },
          },
        ];
      }
      assertLiveAt(state, seen, 'tracker connection');
      // the stored secret goes only where, and as whom, it was given for
      if (
        context.sealedSecret === null &&
        (settings.authMode !== state.authMode ||
          settings.baseUrl !== state.baseUrl ||
          settings.email !== state.email)
      )
        throw validationError('a new address, authentication mode or e-mail needs the secret again', [
          { field: 'secret', message: say('required') },
        ]);
      const changes = Object.fromEntries(
        (Object.keys(settings) as (keyof TrackerConnectionSettings)[])
          .filter((key) => settings[key] !== state[key])
          .map((key) => [key, settings[key]]),
      ) as Partial<TrackerConnectionSettings>;
      if (Object.keys(changes).length === 0 && context.sealedSecret === null) return [];
      return [
        {
          type: 'TrackerConnectionUpdated',
          data: { id: state.id, changes, ...(context.sealedSecret ? { secret: context.sealedSecret } : {}) },
        },
      ];
    }
    case 'DeleteTrackerConnection': {
      assertLiveAt(state, command.data.version, 'tracker connection');
      return [{ type: 'TrackerConnectionDeleted', data: { id: state.id } }];
    }
    default:
      return unknownCommand(command);
  }
};

export const trackerConnectionDecider = deciderOf(
  decideTrackerConnection,
  evolveTrackerConnection,
  initialTrackerConnectionState,
);

/**
 * On-demand mirroring lives in its own stream (`trackerSync-<connection id>`), so that asking for a
 * sync never changes the connection's version under an administrator editing it.
 */
export type TrackerSyncRequested = DomainEvent<
  'TrackerSyncRequested',
  { readonly id: number; readonly full: boolean }
>;
export type TrackerSyncState = { readonly requests: number };
export const initialTrackerSyncState: TrackerSyncState = { requests: 0 };
export const evolveTrackerSync = (
  state: TrackerSyncState,
  _event: TrackerSyncRequested,
): TrackerSyncState => ({
  requests: state.requests + 1,
});

export interface TrackerSyncContext extends DecisionContext {
  readonly jiraEnabled: boolean;
  /** Whether the connection exists and is not deleted. */
  readonly connectionActive: boolean;
}

export type TrackerSyncCommand = {
  readonly type: 'SyncTrackerConnection';
  readonly data: SyncTrackerConnectionData;
};

export const decideTrackerSync = (
  command: TrackerSyncCommand,
  _state: TrackerSyncState,
  context: TrackerSyncContext,
): TrackerSyncRequested[] => {
  if (!context.jiraEnabled) throw trackerFeatureOff();
  if (!context.connectionActive) throw notFound('tracker connection');
  return [{ type: 'TrackerSyncRequested', data: { id: command.data.id, full: command.data.full ?? false } }];
};

export const trackerSyncDecider = deciderOf(decideTrackerSync, evolveTrackerSync, initialTrackerSyncState);

/**
 * POST /api/tracker/test: try settings before (or after) saving them. With `id` and no `secret`, the
 * connection's stored secret is used.
 */
export const testTrackerConnectionSchema = z
  .strictObject({
    id: id.optional(),
    /** Ignored: the dialog sends its whole form. */
    name: z.string().max(100).optional(),
    ...connectionSettings,
  })
  .superRefine((c, ctx) => {
    if (c.id === undefined && c.secret === undefined)
      ctx.addIssue({ code: 'custom', path: ['secret'], message: 'required to test a new connection' });
    basicNeedsEmail(c, ctx);
  });
export type TestTrackerConnectionData = z.output<typeof testTrackerConnectionSchema>;

/** A tracker failure as the client reports it (§7): code, HTTP status and status text, and a readable message. */
export interface TrackerFailure {
  /** e.g. 'unauthorized', 'forbidden', 'not_found', 'gone', 'rate_limited', 'server', 'unreachable', 'timeout', 'malformed', 'host_url'. */
  readonly code: string;
  readonly status: number | null;
  readonly statusText: string | null;
  /** A sentence for people, naming what failed and where. */
  readonly message: string;
}

/** What a connection test found: each step it passed, or the one that failed and why. */
export type TrackerTestResult =
  | {
      readonly ok: true;
      /** The tracker's own title and version (serverInfo). */
      readonly server: {
        readonly title: string | null;
        readonly version: string | null;
        readonly deploymentType: string | null;
      };
      /** Who the credentials belong to (myself). */
      readonly user: string | null;
      /** How many projects the credentials can see. */
      readonly projects: number;
      readonly tookMs: number;
    }
  | {
      readonly ok: false;
      /** The step that failed: the URL, reaching the host, signing in, or reading projects. */
      readonly step: 'url' | 'reach' | 'authenticate' | 'read';
      readonly failure: TrackerFailure;
      readonly tookMs: number;
    };
