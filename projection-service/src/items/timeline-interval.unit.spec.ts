import { Query } from 'mingo';
import { addDays, toDayNumber } from '@fahrplan/contracts';
import {
  intervalOf,
  levelOf,
  levelRanges,
  maxShortLevel,
  openLevel,
  windowRanges,
} from './timeline-interval';

/** Today's window rule on the stored strings: a range overlaps [from, to), a milestone starts in it. */
const overlaps = (start: string, end: string | null, from: string, to: string) =>
  end === null
    ? start >= `${from}T00:00` && start < `${to}T00:00`
    : end > `${from}T00:00` && start < `${to}T00:00`;

/** Whether the level ranges of the window find an item: the filter of its own level matches it. */
const found = (start: string, end: string | null, from: string, to: string) => {
  const doc = intervalOf(start, end);
  return levelRanges(toDayNumber(from), toDayNumber(to)).some(
    (filter) => filter._lvl === doc._lvl && new Query(filter).test(doc),
  );
};

const at = (date: string, days: number, time = '00:00') => `${addDays(date, days)}T${time}`;

describe('the interval level of an item', () => {
  it('is the least L with 2^L days or more, from 0 for a day or less up to the open level', () => {
    expect([0, 1, 2, 3, 4, 5, 8, 9].map(levelOf)).toEqual([0, 0, 1, 2, 2, 3, 3, 4]);
    for (let level = 1; level < openLevel; level++) {
      expect(levelOf(2 ** level)).toBe(level);
      expect(levelOf(2 ** level + 1)).toBe(level + 1);
    }
    expect(levelOf(2 ** (openLevel - 1) + 1)).toBe(openLevel);
    expect(levelOf(100_000)).toBe(openLevel);
  });

  it('derives day numbers: the end is the first day not covered, a milestone ends the day after it starts', () => {
    const day = toDayNumber('2026-03-02');
    expect(intervalOf('2026-03-02T00:00', '2026-03-05T00:00')).toEqual({
      _startDay: day,
      _endDay: day + 3,
      _lvl: 2,
    });
    // an end after midnight covers part of its day
    expect(intervalOf('2026-03-02T09:00', '2026-03-05T12:30')).toEqual({
      _startDay: day,
      _endDay: day + 4,
      _lvl: 2,
    });
    expect(intervalOf('2026-03-02T10:00', null)).toEqual({ _startDay: day, _endDay: day + 1, _lvl: 0 });
    expect(intervalOf('2026-03-02T00:00', '2026-03-02T00:00')).toMatchObject({ _lvl: 0 });
  });

  it('puts an item whose dates no calendar reads in no window, instead of failing the projection', () => {
    const broken = intervalOf('2026-02-30T00:00', null);
    expect(found('2026-02-30T00:00', null, '0001-01-01', '9999-12-31')).toBe(false);
    expect(broken._lvl).toBe(0);
  });
});

describe('the level ranges of a window', () => {
  const from = '2026-03-02';
  const to = '2026-03-09';

  it('bound every level but the open one on both sides: start day in (from - 2^L, to), end day after from', () => {
    const [fromDay, toDay] = [toDayNumber(from), toDayNumber(to)];
    const ranges = levelRanges(fromDay, toDay);
    expect(ranges).toHaveLength(openLevel + 1);
    expect(ranges[3]).toEqual({
      _lvl: 3,
      _startDay: { $gt: fromDay - 8, $lt: toDay },
      _endDay: { $gt: fromDay },
    });
    expect(ranges[openLevel]).toEqual({
      _lvl: openLevel,
      _startDay: { $lt: toDay },
      _endDay: { $gt: fromDay },
    });
  });

  it("find an item that starts before the window and ends after it, at every level's longest span", () => {
    for (let level = 0; level <= openLevel; level++) {
      const days = level === openLevel ? 9000 : 2 ** level;
      // ends one day into the window: starts as early as its level allows
      expect({ level, found: found(at(from, 1 - days), at(from, 1), from, to) }).toEqual({
        level,
        found: true,
      });
      // ends where the window starts: not in it
      expect({ level, found: found(at(from, -days), at(from, 0), from, to) }).toEqual({
        level,
        found: false,
      });
      // ends on the window's first day at noon: in it
      expect({ level, found: found(at(from, -days, '12:00'), at(from, 0, '12:00'), from, to) }).toEqual({
        level,
        found: true,
      });
      // starts on the window's last day and ends after it
      expect({ level, found: found(at(to, -1), at(to, days - 1), from, to) }).toEqual({ level, found: true });
    }
  });

  it('find milestones on the first day of the window and its last minute, not at its end or before it', () => {
    expect(found(at(from, 0), null, from, to)).toBe(true);
    expect(found(at(to, -1, '23:59'), null, from, to)).toBe(true);
    expect(found(at(to, 0), null, from, to)).toBe(false);
    expect(found(at(from, -1, '23:59'), null, from, to)).toBe(false);
  });

  it("answer exactly today's overlap for spans around every level's boundary, in narrow and wide windows", () => {
    const windows = [
      [from, to],
      ['2026-01-01', '2026-01-02'],
      ['2020-01-01', '2039-12-31'],
    ] as const;
    const lengths = [
      0,
      1,
      2,
      3,
      ...Array.from({ length: openLevel }, (_, l) => [2 ** l - 1, 2 ** l, 2 ** l + 1]).flat(),
      9000,
    ];
    for (const [wFrom, wTo] of windows)
      for (const days of lengths)
        for (const [edge, offset] of [wFrom, wTo].flatMap((e) =>
          [-days - 2, -days - 1, -days, -days + 1, -1, 0, 1].map((o) => [e, o] as const),
        ))
          for (const time of ['00:00', '06:00']) {
            const start = at(edge, offset, time);
            const end = at(edge, offset + days, time);
            for (const item of [
              { start, end },
              { start, end: null },
            ])
              expect({ ...item, wFrom, wTo, found: found(item.start, item.end, wFrom, wTo) }).toEqual({
                ...item,
                wFrom,
                wTo,
                found: overlaps(item.start, item.end, wFrom, wTo),
              });
          }
  });
});

describe("a window's ranges at the levels a tenant holds", () => {
  /** How many of the window's filters for `held` match the item (each overlapping item: exactly one). */
  const matches = (
    start: string,
    end: string | null,
    from: string,
    to: string,
    held: ReadonlySet<number>,
  ) => {
    const doc = intervalOf(start, end);
    return windowRanges(toDayNumber(from), toDayNumber(to), held).filter((filter) =>
      new Query(filter).test(doc),
    ).length;
  };
  const helds = [
    [0, 6],
    [0, 3, maxShortLevel],
    [2, maxShortLevel + 1, 11, openLevel],
    [maxShortLevel + 1, openLevel],
    Array.from({ length: openLevel + 1 }, (_, level) => level),
  ].map((levels) => new Set(levels));

  it('read the short levels in one range of start days, each longer one in a range of its own', () => {
    const [fromDay, toDay] = [toDayNumber('2026-03-02'), toDayNumber('2026-04-01')];
    expect(windowRanges(fromDay, toDay, new Set([0, 6]))).toEqual([
      { _startDay: { $gt: fromDay - 64, $lt: toDay }, _endDay: { $gt: fromDay } },
    ]);
    expect(windowRanges(fromDay, toDay, new Set([1, 9, openLevel]))).toEqual([
      { _startDay: { $gt: fromDay - 2, $lt: toDay }, _endDay: { $gt: fromDay } },
      { _lvl: 9, _startDay: { $gt: fromDay - 512, $lte: fromDay - 2 }, _endDay: { $gt: fromDay } },
      { _lvl: openLevel, _startDay: { $lte: fromDay - 2 }, _endDay: { $gt: fromDay } },
    ]);
    expect(windowRanges(fromDay, toDay, new Set([9]))).toEqual([levelRanges(fromDay, toDay)[9]]);
    expect(windowRanges(fromDay, toDay, new Set())).toEqual([]);
  });

  it("match each item of a held level in today's overlap exactly once, and no other", () => {
    const [from, to] = ['2026-03-02', '2026-03-09'];
    const lengths = [0, 1, 2, 3, 63, 64, 65, 127, 128, 129, 255, 256, 257, 2047, 2048, 2049, 9000];
    for (const held of helds)
      for (const days of lengths)
        for (const [edge, offset] of [from, to].flatMap((e) =>
          [-days - 1, -days, -days + 1, -1, 0, 1].map((o) => [e, o] as const),
        ))
          for (const item of [
            { start: at(edge, offset, '06:00'), end: at(edge, offset + days, '06:00') },
            { start: at(edge, offset), end: null },
          ]) {
            if (!held.has(intervalOf(item.start, item.end)._lvl)) continue;
            const expected = overlaps(item.start, item.end, from, to) ? 1 : 0;
            expect({
              ...item,
              held: [...held],
              matches: matches(item.start, item.end, from, to, held),
            }).toEqual({
              ...item,
              held: [...held],
              matches: expected,
            });
          }
  });
});
