import { z } from 'zod';
import { decideByType, deciderOf, evolverOf } from '../decider';
import type { DecisionContext, DomainEvent } from '../events';
import { existsAlready, notFound, versionConflict } from '../errors';
import { limits, requiredName } from '../rules/limits';
import { markDeleted, revised } from '../rules/record-lifecycle';
import type { RecordState } from '../rules/record-lifecycle';

const id = z.number().int().positive();
const version = z.number().int().min(0);

/** The most projects, resources or applications one feed may filter on. */
export const maxFeedFilterIds = 100;

/** A filter of ids: absent or empty means any. */
const filterIds = z
  .array(id)
  .max(maxFeedFilterIds)
  .nullish()
  .transform((ids) => (ids && ids.length > 0 ? [...new Set(ids)] : null));

/**
 * The days a feed reaches back and ahead of the day it is fetched, and the most events it holds:
 * a poller is answered from a bounded window of the interval index, never the whole plan.
 */
export const calendarFeedWindow = { pastDays: 90, futureDays: 730, maxEvents: 5_000 } as const;

/**
 * CreateCalendarFeed (issue 23): a secret iCalendar address of the caller's own, of milestones (and
 * tasks, when `includeTasks`) filtered as the timeline filters its projects.
 */
export const createCalendarFeedSchema = z.strictObject({
  name: requiredName(limits.title),
  includeTasks: z.boolean().default(false),
  projects: filterIds,
  resources: filterIds,
  applications: filterIds,
});
export type CreateCalendarFeedData = z.infer<typeof createCalendarFeedSchema>;

/** RevokeCalendarFeed / RegenerateCalendarFeed: `version`, when given, must still be the feed's. */
export const calendarFeedIdSchema = z.strictObject({ id, version: version.optional() });
export type CalendarFeedIdData = z.infer<typeof calendarFeedIdSchema>;

export type CalendarFeedCommand =
  | { readonly type: 'CreateCalendarFeed'; readonly data: CreateCalendarFeedData }
  | { readonly type: 'RegenerateCalendarFeed'; readonly data: CalendarFeedIdData }
  | { readonly type: 'RevokeCalendarFeed'; readonly data: CalendarFeedIdData };

/** What a feed shows: its owner's milestones (and tasks), filtered by projects, resources, applications. */
export interface CalendarFeedFilters {
  readonly includeTasks: boolean;
  readonly projects: readonly number[] | null;
  readonly resources: readonly number[] | null;
  readonly applications: readonly number[] | null;
}

/**
 * A feed was created for `owner` (a user name of the tenant). `secretHash` is the SHA-256 (hex) of its
 * secret: the secret itself is shown once to its owner and stored nowhere.
 */
export type CalendarFeedCreated = DomainEvent<
  'CalendarFeedCreated',
  CalendarFeedFilters & {
    readonly id: number;
    readonly owner: string;
    readonly name: string;
    readonly secretHash: string;
  }
>;
/** The feed's secret was replaced: the old address answers 404 from now on. */
export type CalendarFeedSecretRegenerated = DomainEvent<
  'CalendarFeedSecretRegenerated',
  { readonly id: number; readonly secretHash: string }
>;
export type CalendarFeedRevoked = DomainEvent<'CalendarFeedRevoked', { readonly id: number }>;
export type CalendarFeedEvent = CalendarFeedCreated | CalendarFeedSecretRegenerated | CalendarFeedRevoked;

export type CalendarFeedState = RecordState<{ readonly owner: string; readonly secretHash: string }>;
export const initialCalendarFeedState: CalendarFeedState = { status: 'absent' };

export const evolveCalendarFeed = evolverOf<CalendarFeedState, CalendarFeedEvent>({
  CalendarFeedCreated: (_state, { id, owner, secretHash }) => ({
    status: 'active',
    id,
    owner,
    secretHash,
    version: 0,
  }),
  CalendarFeedSecretRegenerated: (state, { secretHash }) => revised(state, () => ({ secretHash })),
  CalendarFeedRevoked: markDeleted,
});

export interface CalendarFeedContext extends DecisionContext {
  readonly newId: number;
  /** CreateCalendarFeed, RegenerateCalendarFeed: the SHA-256 of a secret the server just drew. */
  readonly secretHash?: string;
  /** RevokeCalendarFeed: whether the caller may revoke any feed of the tenant (an administrator). */
  readonly revokesAny?: boolean;
}

/** The live feed the caller may act on: their own (or any, for `revokesAny`); another's is not found. */
const ownFeed = (
  state: CalendarFeedState,
  seen: number | undefined,
  context: CalendarFeedContext,
  revokesAny = false,
) => {
  if (state.status !== 'active' || (state.owner !== context.user && !revokesAny))
    throw notFound('calendar feed');
  if (seen !== undefined && seen !== state.version) throw versionConflict(state.version);
  return state;
};

const drawnSecret = (context: CalendarFeedContext): string => {
  if (!context.secretHash) throw new Error('a calendar feed needs the hash of a drawn secret');
  return context.secretHash;
};

export const decideCalendarFeed = decideByType<
  CalendarFeedCommand,
  CalendarFeedState,
  CalendarFeedEvent,
  CalendarFeedContext
>({
  CreateCalendarFeed: (data, state, context) => {
    if (state.status !== 'absent') throw existsAlready('calendar feed');
    return [
      {
        type: 'CalendarFeedCreated',
        data: {
          id: context.newId,
          owner: context.user,
          name: data.name,
          includeTasks: data.includeTasks,
          projects: data.projects,
          resources: data.resources,
          applications: data.applications,
          secretHash: drawnSecret(context),
        },
      },
    ];
  },
  RegenerateCalendarFeed: (data, state, context) => {
    const feed = ownFeed(state, data.version, context);
    return [
      { type: 'CalendarFeedSecretRegenerated', data: { id: feed.id, secretHash: drawnSecret(context) } },
    ];
  },
  RevokeCalendarFeed: (data, state, context) => {
    const feed = ownFeed(state, data.version, context, context.revokesAny);
    return [{ type: 'CalendarFeedRevoked', data: { id: feed.id } }];
  },
});

export const calendarFeedDecider = deciderOf(
  decideCalendarFeed,
  evolveCalendarFeed,
  initialCalendarFeedState,
);

/** A feed's secret in its address: 32 random bytes, base64url (43 characters, 256 bits). */
export const calendarFeedSecretPattern = /^[A-Za-z0-9_-]{43}$/;

/** The public address of a feed, relative to the server's origin. */
export const calendarFeedPath = (secret: string): string => `/feeds/${secret}.ics`;

/** A feed as its owner's list shows it: never its secret nor its hash. */
export interface CalendarFeedView extends CalendarFeedFilters {
  readonly id: number;
  readonly name: string;
  readonly owner: string;
  readonly version: number;
  readonly createdAt: string;
}

/** What creating or regenerating a feed answers besides the command's result: the secret, once. */
export interface CalendarFeedSecret {
  /** Absent on an idempotent retry, whose secret was shown to the first request only. */
  readonly secret?: string;
  /** `calendarFeedPath(secret)`. */
  readonly path?: string;
}
