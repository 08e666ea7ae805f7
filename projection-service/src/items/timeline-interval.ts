import { toDayNumber } from '@fahrplan/contracts';

/**
 * The interval index of items (issue 17): each item carries the day numbers of its span and the level
 * of its length, so that a window finds its items by ranges on the start day alone. An item of level L
 * lasts at most 2^L days, so one that overlaps a window starting on day `from` starts after
 * `from - 2^L`: per level, the start days to read are bounded on both sides.
 */
export type ItemInterval = Readonly<{
  /** The day number of the start's date. */
  _startDay: number;
  /** The first day the item no longer covers: the end's day, the next one if it ends after 00:00; a milestone's start day + 1. */
  _endDay: number;
  _lvl: number;
}>;

/** The open level: items longer than 2^(openLevel - 1) days (about 5.6 years), read without a lower start bound. */
export const openLevel = 12;

/** The level of a span of `days`: the least L with 2^L ≥ days (0 for a day or less), at most `openLevel`. */
export const levelOf = (days: number): number =>
  days <= 1 ? 0 : Math.min(openLevel, 32 - Math.clz32(days - 1));

const dayOf = (dateTime: string) => toDayNumber(dateTime.slice(0, 10));

/** An item whose dates no calendar reads (none the schemas accept): in no window. */
const nowhere: ItemInterval = {
  _startDay: Number.MIN_SAFE_INTEGER,
  _endDay: Number.MIN_SAFE_INTEGER,
  _lvl: 0,
};

/** The interval fields of an item from `start` and `end` (YYYY-MM-DDTHH:mm; end null for a milestone). */
export const intervalOf = (start: string, end: string | null): ItemInterval => {
  try {
    const startDay = dayOf(start);
    const endDay = end === null ? startDay + 1 : dayOf(end) + (end.slice(11) > '00:00' ? 1 : 0);
    return { _startDay: startDay, _endDay: endDay, _lvl: levelOf(endDay - startDay) };
  } catch {
    return nowhere;
  }
};

/**
 * The filters of the items overlapping the days [fromDay, toDay), one per level: the start day in
 * (fromDay - 2^L, toDay) and the end day after fromDay, which is the exact overlap of today's
 * `end > from && start < to` (a milestone: its start in the window) in whole days.
 */
export const levelRanges = (fromDay: number, toDay: number) =>
  Array.from({ length: openLevel + 1 }, (_, level) => ({
    _lvl: level,
    _startDay: level < openLevel ? { $gt: fromDay - 2 ** level, $lt: toDay } : { $lt: toDay },
    _endDay: { $gt: fromDay },
  }));

/**
 * The longest level read in one range of start days per project: items up to 2^7 = 128 days. A tenant
 * whose items are all that short (most are) has its window's items of a project read from one range of
 * an index by project and start day, the items that start up to its longest held level's span before
 * the window among them; each longer level is read in its own range, of the start days before that.
 */
export const maxShortLevel = 7;

/**
 * The disjoint filters of the items overlapping the days [fromDay, toDay) at the levels `held`: the
 * items of any level starting in (fromDay - 2^S, toDay), S the longest short level held (up to
 * `maxShortLevel`), and per longer level those that start earlier, still within their level's reach
 * (`levelRanges`). Without short levels, `levelRanges` of the levels held.
 */
export const windowRanges = (fromDay: number, toDay: number, held: ReadonlySet<number>) => {
  const short = [...held].filter((level) => level <= maxShortLevel);
  const long = levelRanges(fromDay, toDay).filter(({ _lvl }) => _lvl > maxShortLevel && held.has(_lvl));
  if (short.length === 0) return long;
  const reach = fromDay - 2 ** Math.max(...short);
  return [
    { _startDay: { $gt: reach, $lt: toDay }, _endDay: { $gt: fromDay } },
    ...long.map(({ _lvl, _endDay }) => ({
      _lvl,
      _startDay: _lvl < openLevel ? { $gt: fromDay - 2 ** _lvl, $lte: reach } : { $lte: reach },
      _endDay,
    })),
  ];
};
