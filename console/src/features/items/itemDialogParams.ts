import { isServerDate } from '@fahrplan/contracts';
import type { NewItemRequest } from './itemForm';
import { positiveInt } from '../common/urlParams';

/**
 * §2 root events of the item dialog as URL parameters, so they work from any page and from a link:
 * `?show-item=<id>` and `?new-item=<groupId>&date=<YYYY-MM-DD>[&subgroup=<laneId>][&milestone=1]`.
 */
export const itemParams = {
  show: 'show-item',
  create: 'new-item',
  date: 'date',
  subgroup: 'subgroup',
  milestone: 'milestone',
} as const;

export type ItemDialogRequest =
  { readonly mode: 'show'; readonly id: number } | { readonly mode: 'new'; readonly request: NewItemRequest };

/**
 * The item dialog the parameters ask for, or null. A new item without a valid date starts on `today`;
 * a group that is not a number leaves the project to choose.
 */
export const parseItemDialogParams = (params: URLSearchParams, today: string): ItemDialogRequest | null => {
  const show = positiveInt(params.get(itemParams.show));
  if (show !== null) return { mode: 'show', id: show };
  const group = params.get(itemParams.create);
  if (group === null) return null;
  const date = params.get(itemParams.date);
  const subgroup = params.get(itemParams.subgroup);
  const milestone = params.get(itemParams.milestone);
  return {
    mode: 'new',
    request: {
      group: positiveInt(group),
      date: date !== null && isServerDate(date) ? date : today,
      subgroup: subgroup?.trim() ? subgroup.trim() : null,
      milestone: milestone === '1' || milestone === 'true',
    },
  };
};

/** `params` without the item dialog's parameters. */
export const withoutItemParams = (params: URLSearchParams): URLSearchParams => {
  const next = new URLSearchParams(params);
  for (const name of Object.values(itemParams)) next.delete(name);
  return next;
};

/** `params` with the parameters that open the dialog for `request` (and no other item dialog's). */
export const withItemParams = (params: URLSearchParams, request: ItemDialogRequest): URLSearchParams => {
  const next = withoutItemParams(params);
  if (request.mode === 'show') {
    next.set(itemParams.show, String(request.id));
    return next;
  }
  const { group, date, subgroup, milestone } = request.request;
  next.set(itemParams.create, group === null ? '' : String(group));
  next.set(itemParams.date, date);
  if (subgroup) next.set(itemParams.subgroup, subgroup);
  if (milestone) next.set(itemParams.milestone, '1');
  return next;
};

/** Whether an access token (a JWT) has expired at `nowSeconds`, allowing `skewSeconds`; unreadable → expired. */
export const tokenExpired = (token: string | null, nowSeconds: number, skewSeconds = 10): boolean => {
  if (!token) return true;
  try {
    const payload = token.split('.')[1];
    if (!payload) return true;
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp !== 'number' || json.exp - skewSeconds <= nowSeconds;
  } catch {
    return true;
  }
};
