import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { asOfParam, parseAsOf } from '../session/asOf';
import { urlStateSync } from '../common/urlStateSync';
import type { UrlStateSync } from '../common/urlStateSync';

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
export const asOfQuickPicks = (now: Date, t: TFunction): { label: string; value: string }[] => {
  const at = dayjs(now);
  const picks: [string, dayjs.Dayjs][] = [
    [t('as-of:quickPicks.hourAgo'), at.subtract(1, 'hour')],
    [t('as-of:quickPicks.yesterday'), at.subtract(1, 'day')],
    [t('as-of:quickPicks.lastWeek'), at.subtract(1, 'week')],
    [t('as-of:quickPicks.startOfMonth'), at.startOf('month')],
    [t('as-of:quickPicks.startOfYear'), at.startOf('year')],
  ];
  return picks.map(([label, time]) => ({ label, value: time.format('YYYY-MM-DD HH:mm:ss') }));
};

/** What AsOfUrlSync does after a location change. */
export type AsOfSync = UrlStateSync<string>;

/**
 * The URL is the source of truth, except that an in-app navigation (PUSH/REPLACE) that merely lost
 * `asOf` stays in the past. Only the first location, Back/Forward (`pop`) and "Back to now" clear it.
 */
export const asOfSync = ({
  search,
  backToNow,
  ...rest
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
  return urlStateSync({ ...rest, raw, parsed: parseAsOf(raw), cleared: backToNow });
};
