import dayjs from 'dayjs';
import { asOfSchema, can } from '@fahrplan/contracts';
import { formatDateTime } from '../common/dateTime';
import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { MeView, Permissions } from '@fahrplan/contracts';

/**
 * Issue 8 "as of": the console shows the data as it was at an instant. The URL parameter `asOf` is the
 * source of truth (bookmarkable); a redux slice mirrors it for the base query.
 */
export const asOfParam = 'asOf';

/**
 * A hand-typed `+01:00` in a URL reaches URLSearchParams as a space (form encoding): a space before the
 * offset's hh:mm at the end is taken as the `+` it was.
 */
const spacedOffset = / (\d{2}:\d{2})$/;

/** The instant `value` names, normalised to UTC (`…Z`), or null when it is missing or malformed. */
export const parseAsOf = (raw: string | null | undefined): string | null => {
  const value = raw?.replace(spacedOffset, '+$1');
  if (!value || !asOfSchema.safeParse(value).success) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};

/** The as-of instant of a URL's search parameters, or null. */
export const asOfOf = (params: URLSearchParams): string | null => parseAsOf(params.get(asOfParam));

/** `params` with `asOf` set to `at`, or without it when `at` is null. */
export const withAsOf = (params: URLSearchParams, at: string | null): URLSearchParams => {
  const next = new URLSearchParams(params);
  if (at === null) next.delete(asOfParam);
  else next.set(asOfParam, at);
  return next;
};

/** A router path (`/projects`) with the as-of instant kept, so moving between pages stays in the past. */
export const pathWithAsOf = (path: string, at: string | null): string =>
  at === null ? path : `${path}${path.includes('?') ? '&' : '?'}${asOfParam}=${encodeURIComponent(at)}`;

/** The instant as users read it (§5 DD.MM.YYYY, local time; seconds only when there are some). */
export const formatAsOf = (at: string): string => formatDateTime(at, { seconds: 'auto' });

/** The DateTimePicker's local `YYYY-MM-DD HH:mm:ss` value → the instant, or null. */
export const pickerToAsOf = (value: string | null): string | null => {
  if (!value) return null;
  const time = dayjs(value);
  return time.isValid() ? time.toISOString() : null;
};

/** The instant → the DateTimePicker's local `YYYY-MM-DD HH:mm:ss` value (milliseconds dropped). */
export const asOfToPicker = (at: string): string => dayjs(at).format('YYYY-MM-DD HH:mm:ss');

/**
 * The instant the picker's Apply moves to. The picker knows whole seconds only: a draft still showing
 * the current instant keeps it with its milliseconds (re-applying, or "View as of this change" then
 * Apply, must not land up to 999 ms earlier, before the change).
 */
export const appliedAsOf = (draft: string | null, current: string | null): string | null => {
  if (current !== null && draft === asOfToPicker(current)) return current;
  return pickerToAsOf(draft);
};

/** The quick picks of the as-of control, relative to `now`, as picker values. */
export const asOfQuickPicks = (now: Date): { label: string; value: string }[] => {
  const at = dayjs(now);
  const picks: [string, dayjs.Dayjs][] = [
    ['1 hour ago', at.subtract(1, 'hour')],
    ['Yesterday, this time', at.subtract(1, 'day')],
    ['Last week', at.subtract(1, 'week')],
    ['Start of this month', at.startOf('month')],
    ['Start of this year', at.startOf('year')],
  ];
  return picks.map(([label, time]) => ({ label, value: time.format('YYYY-MM-DD HH:mm:ss') }));
};

/**
 * The console's rights while viewing the past: VIEW only. The past cannot be changed, so the buttons,
 * drags and inline edits that ask useCan for CREATE or EDIT disappear with this one rule; controls that
 * check no permission (e.g. answering an invitation) check useAsOf themselves, and the base query
 * refuses every command as the last line.
 */
export const viewOnly = (permissions: Permissions): Permissions =>
  Object.fromEntries(
    Object.entries(permissions).map(([resource, actions]) => [
      resource,
      (actions ?? []).filter((action) => action === 'VIEW'),
    ]),
  );

/** Issue 8's one permission: `history` VIEW shows histories and lets the user view the past. */
export const canViewHistory = (me: MeView | null): boolean =>
  me ? can(me.permissions, 'history', 'VIEW') : false;

/** The signed-in user as the console acts for it: view-only while `asOf` is set. */
export const meAsOf = (me: MeView | null, asOf: string | null): MeView | null =>
  me && asOf ? { ...me, permissions: viewOnly(me.permissions) } : me;

/** Query arguments of the console's endpoints; `live` asks for today's data even while as-of is set. */
export type ApiArgs = string | (FetchArgs & { live?: boolean });

/** Requests that are never as of a date: identity, the change feed and history (its own timeline). */
const timeless = /^\/(auth|me|changes|history)(\/|$|\?)/;

const isCommand = (url: string) => url.startsWith('/commands/');

/**
 * What a request becomes while viewing as of `asOf`: GET queries gain `?asOf=` (unless `live`), commands
 * are refused (`refuse`), everything else goes as it is. The `live` flag never reaches fetch.
 */
export const asOfRequest = (
  args: ApiArgs,
  asOf: string | null,
): { args: string | FetchArgs; refuse: boolean } => {
  const { live = false, ...fetchArgs } = typeof args === 'string' ? { url: args } : args;
  const plain: string | FetchArgs = typeof args === 'string' ? args : fetchArgs;
  const method = (fetchArgs.method ?? 'GET').toUpperCase();
  if (asOf === null) return { args: plain, refuse: false };
  if (isCommand(fetchArgs.url) && method !== 'GET') return { args: plain, refuse: true };
  if (live || method !== 'GET' || timeless.test(fetchArgs.url)) return { args: plain, refuse: false };
  return {
    args: {
      ...fetchArgs,
      params: { ...(fetchArgs.params as Record<string, unknown> | undefined), [asOfParam]: asOf },
    },
    refuse: false,
  };
};

/** Why a command was not sent: the console shows the past read-only. */
export const readOnlyMessage = (asOf: string) =>
  `Viewing as of ${formatAsOf(asOf)}: read-only. Go back to now to make changes.`;

/** The failure notice of a record that answered 404 as of a date: it did not exist yet then. */
export const notYetMessage = (asOf: string) => `This record did not exist yet on ${formatAsOf(asOf)}.`;

/** What AsOfUrlSync does after a location change. */
export type AsOfSync =
  /** Nothing: URL and slice agree. */
  | { readonly kind: 'none' }
  /** The slice follows the URL (a bookmark, Back/Forward, the picker, "Back to now"). */
  | { readonly kind: 'follow'; readonly at: string | null }
  /** An in-app navigation dropped `asOf`: put it back into the URL. */
  | { readonly kind: 'restore'; readonly at: string }
  /** The URL's `asOf` cannot be honoured: remove it (and show now). */
  | { readonly kind: 'drop'; readonly reason: 'malformed' | 'not permitted' };

/**
 * The URL is the source of truth, except that an in-app navigation (PUSH/REPLACE) that merely lost
 * `asOf` stays in the past. Only the first location, Back/Forward (`pop`) and "Back to now" clear it.
 */
export const asOfSync = ({
  search,
  at,
  first,
  pop,
  backToNow,
  permitted,
}: {
  search: URLSearchParams;
  /** The slice's instant. */
  at: string | null;
  /** The first location the layout sees (after sign-in or a reload). */
  first: boolean;
  pop: boolean;
  backToNow: boolean;
  /** The user has `history` VIEW. */
  permitted: boolean;
}): AsOfSync => {
  const raw = search.get(asOfParam);
  const inUrl = parseAsOf(raw);
  if (raw !== null && inUrl === null) return { kind: 'drop', reason: 'malformed' };
  if (inUrl !== null && !permitted) return { kind: 'drop', reason: 'not permitted' };
  if (inUrl !== null) return inUrl === at ? { kind: 'none' } : { kind: 'follow', at: inUrl };
  if (at === null) return { kind: 'none' };
  return first || pop || backToNow ? { kind: 'follow', at: null } : { kind: 'restore', at };
};
