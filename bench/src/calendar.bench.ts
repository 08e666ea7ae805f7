/**
 * §9 working-day calendar benchmark: the arithmetic calendar of @fahrplan/contracts and issue 24's
 * calendarRules engine (Bern's definition, the holiday library's holidays) beside the first,
 * day-by-day implementation (copied below as the peer), on the same project-like ranges (1 day to
 * 3 years) in one run. Results are compared before anything is timed. Scale with the
 * BENCH_CALENDAR_* variables below.
 */
import { cpus } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import {
  addWorkingDays,
  bernDefinition,
  calendarRules,
  countWorkingDays,
  emptyWorkingDays,
  fromDayNumber,
  moveKeepingDuration,
  publicHolidays,
  toDayNumber,
  workingDays,
} from '@fahrplan/contracts';
import type { WorkingDays } from '@fahrplan/contracts';
import { swissHolidays } from '@fahrplan/platform';
import { random } from '@fahrplan/platform/testing';
import { format, load, median, printTable, setting } from './figures';

const config = {
  /** Project-like ranges per round. */
  ranges: setting('BENCH_CALENDAR_RANGES', 5000),
  /** Longest range in days (the shortest is 1). */
  maxDays: setting('BENCH_CALENDAR_MAX_DAYS', 3 * 365),
  warmup: setting('BENCH_CALENDAR_WARMUP', 3),
  /** Measured rounds over all ranges; the median is reported. */
  rounds: setting('BENCH_CALENDAR_ROUNDS', 15),
};

// ---- The peer: the day-by-day calendar as it was before the arithmetic rewrite (verbatim logic). ----

const peerHolidayCache = new Map<number, ReadonlyMap<number, string>>();

const peerHolidaysByDayNumber = (year: number): ReadonlyMap<number, string> => {
  const cached = peerHolidayCache.get(year);
  if (cached) return cached;
  // the holiday list itself is shared; what the peer keeps is its per-day lookup
  const byDayNumber = new Map(
    publicHolidays(year).map(({ date, name }) => [toDayNumber(date), name] as const),
  );
  peerHolidayCache.set(year, byDayNumber);
  return byDayNumber;
};

const peerYearOf = (date: string) => Number(date.slice(0, 4));

const peerHolidayName = (dayNumber: number): string | undefined =>
  peerHolidaysByDayNumber(peerYearOf(fromDayNumber(dayNumber))).get(dayNumber);

const peerIsWeekend = (dayNumber: number) => {
  const weekday = (((dayNumber + 4) % 7) + 7) % 7;
  return weekday === 0 || weekday === 6;
};

const peerIsWorkingDayNumber = (dayNumber: number) =>
  !peerIsWeekend(dayNumber) && peerHolidayName(dayNumber) === undefined;

const peerRangeOrThrow = (from: string, to: string): [number, number] => {
  const start = toDayNumber(from);
  const end = toDayNumber(to);
  if (start > end) throw new RangeError(`range start ${from} is after its end ${to}`);
  return [start, end];
};

const peer = {
  workingDays(from: string, to: string): WorkingDays {
    const [start, end] = peerRangeOrThrow(from, to);
    const result = emptyWorkingDays(end - start);
    for (let day = start; day < end; day++) {
      const holiday = peerHolidayName(day);
      if (holiday !== undefined) result.publicHolidays.push({ date: fromDayNumber(day), name: holiday });
      if (holiday !== undefined || peerIsWeekend(day)) result.notWorkingDays.push(fromDayNumber(day));
      else result.workingDaysCount++;
    }
    return result;
  },

  countWorkingDays(from: string, to: string): number {
    const [start, end] = peerRangeOrThrow(from, to);
    let count = 0;
    for (let day = start; day < end; day++) if (peerIsWorkingDayNumber(day)) count++;
    return count;
  },

  addWorkingDays(date: string, n: number): string {
    if (!Number.isInteger(n) || n < 0)
      throw new RangeError(`not a non-negative whole number of working days: ${n}`);
    let day = toDayNumber(date);
    for (let remaining = n; remaining > 0; day++) if (peerIsWorkingDayNumber(day)) remaining--;
    return fromDayNumber(day);
  },

  moveKeepingDuration(oldStart: string, oldEnd: string, newStart: string): string {
    return peer.addWorkingDays(newStart, peer.countWorkingDays(oldStart, oldEnd));
  },
};

// ---- The workload. ----

interface Range {
  readonly start: string;
  readonly end: string;
  /** Where the project is moved to, for moveKeepingDuration. */
  readonly newStart: string;
  readonly workingDays: number;
}

const next = random(4711);
const firstStart = toDayNumber('2020-01-01');
const ranges: Range[] = Array.from({ length: config.ranges }, () => {
  const start = firstStart + Math.floor(next() * 10 * 365);
  const end = start + 1 + Math.floor(next() * config.maxDays);
  const newStart = start + Math.floor(next() * 181) - 90;
  return {
    start: fromDayNumber(start),
    end: fromDayNumber(end),
    newStart: fromDayNumber(newStart),
    workingDays: countWorkingDays(fromDayNumber(start), fromDayNumber(end)),
  };
});

interface Operation {
  readonly name: string;
  /** Calls this operation for every range and returns something that depends on every answer. */
  readonly run: (calendar: typeof peer) => unknown[];
}

const operations: Operation[] = [
  { name: 'countWorkingDays', run: (c) => ranges.map((r) => c.countWorkingDays(r.start, r.end)) },
  { name: 'workingDays', run: (c) => ranges.map((r) => c.workingDays(r.start, r.end)) },
  { name: 'addWorkingDays', run: (c) => ranges.map((r) => c.addWorkingDays(r.start, r.workingDays)) },
  {
    name: 'moveKeepingDuration',
    run: (c) => ranges.map((r) => c.moveKeepingDuration(r.start, r.end, r.newStart)),
  },
];

const arithmetic: typeof peer = { workingDays, countWorkingDays, addWorkingDays, moveKeepingDuration };
const engine: typeof peer = calendarRules(
  [{ effectiveFrom: null, definition: bernDefinition }],
  swissHolidays,
);

/**
 * The answers to compare: the library names Bern's holidays its own way and adds three that are
 * always on a Sunday (Easter, Whitsun, the Federal Fast), so the engine's holiday list is left aside.
 */
const withoutHolidayList = (answers: unknown[]) =>
  answers.map((answer) =>
    typeof answer === 'object' && answer !== null && 'publicHolidays' in answer
      ? { ...answer, publicHolidays: undefined }
      : answer,
  );

/** Median CPU microseconds per call over the measured rounds (CPU, not wall time: neighbours do not count). */
const microsecondsPerCall = (operation: Operation, calendar: typeof peer) => {
  const rounds: number[] = [];
  for (let round = 0; round < config.warmup + config.rounds; round++) {
    const start = process.cpuUsage();
    operation.run(calendar);
    const { user, system } = process.cpuUsage(start);
    if (round >= config.warmup) rounds.push((user + system) / ranges.length);
  }
  return median(rounds);
};

const main = () => {
  const days = ranges.map((r) => toDayNumber(r.end) - toDayNumber(r.start)).sort((a, b) => a - b);
  process.stdout.write(
    `§9 calendar: ${format(ranges.length)} project-like ranges from 2020–2029, 1–${format(config.maxDays)} days ` +
      `(median ${format(days[days.length >> 1]!)}); median of ${config.rounds} rounds after ${config.warmup} warm-up; ` +
      `node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${load()}\n\n`,
  );
  for (const operation of operations) {
    const expected = operation.run(peer);
    const agree =
      isDeepStrictEqual(operation.run(arithmetic), expected) &&
      isDeepStrictEqual(withoutHolidayList(operation.run(engine)), withoutHolidayList(expected));
    if (!agree) {
      process.stderr.write(`${operation.name}: the calendars disagree\n`);
      process.exitCode = 1;
      return;
    }
  }
  process.stdout.write('answers of all three identical for every range and operation\n\n');
  const header = [
    'operation',
    'day by day µs/call',
    'arithmetic µs/call',
    'calendarRules µs/call',
    'speed-up',
  ];
  const rows = operations.map((operation) => {
    const before = microsecondsPerCall(operation, peer);
    const after = microsecondsPerCall(operation, arithmetic);
    const rules = microsecondsPerCall(operation, engine);
    return [
      operation.name,
      format(before, 2),
      format(after, 2),
      format(rules, 2),
      `${format(before / after, 1)}× / ${format(before / rules, 1)}×`,
    ];
  });
  printTable((line) => process.stdout.write(`${line}\n`), [header, ...rows], new Set([0]));
};

main();
