import { asOfSchema, can } from '@fahrplan/contracts';
import { formatDateTime } from '../common/dateTime';
import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { TFunction } from 'i18next';
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
export const readOnlyMessage = (asOf: string, t: TFunction) =>
  t('session:readOnly', { asOf: formatAsOf(asOf) });

/** The failure notice of a record that answered 404 as of a date: it did not exist yet then. */
export const notYetMessage = (asOf: string, t: TFunction) => t('session:notYet', { asOf: formatAsOf(asOf) });
