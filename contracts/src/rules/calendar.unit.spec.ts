import {
  addWorkingDays,
  countWorkingDays,
  easterSunday,
  isWorkingDay,
  moveKeepingDuration,
  publicHolidays,
  workingDays,
} from './calendar';

// Oracles written independently of the code under test: Gauss's Easter formula and the platform Date.
const gaussEaster = (year: number): string => {
  const a = year % 19;
  const b = year % 4;
  const c = year % 7;
  const k = Math.floor(year / 100);
  const p = Math.floor((13 + 8 * k) / 25);
  const q = Math.floor(k / 4);
  const m = (15 - p + k - q) % 30;
  const n = (4 + k - q) % 7;
  const d = (19 * a + m) % 30;
  const e = (2 * b + 4 * c + 6 * d + n) % 7;
  let march = 22 + d + e;
  if (d === 29 && e === 6) march = 50;
  if (d === 28 && e === 6 && (11 * m + 11) % 30 < 19) march = 49;
  return march <= 31
    ? `${year}-03-${String(march).padStart(2, '0')}`
    : `${year}-04-${String(march - 31).padStart(2, '0')}`;
};

const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const plusDays = (date: string, n: number) => {
  const d = utc(date);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const weekday = (date: string) => utc(date).getUTCDay();
const daysBetween = (from: string, to: string) =>
  Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);

const oracleCache = new Map<number, Map<string, string>>();
const oracleHolidays = (year: number): Map<string, string> => {
  const cached = oracleCache.get(year);
  if (cached) return cached;
  const easter = gaussEaster(year);
  const holidays = new Map([
    [`${year}-01-01`, 'Neujahr'],
    [`${year}-01-02`, 'Berchtoldstag'],
    [plusDays(easter, -2), 'Karfreitag'],
    [plusDays(easter, 1), 'Ostermontag'],
    [plusDays(easter, 39), 'Auffahrt'],
    [plusDays(easter, 50), 'Pfingstmontag'],
    [`${year}-08-01`, 'Bundesfeier'],
    [`${year}-12-25`, 'Weihnachten'],
    [`${year}-12-26`, 'Stephanstag'],
  ]);
  oracleCache.set(year, holidays);
  return holidays;
};
const oracleIsWorkingDay = (date: string) =>
  weekday(date) !== 0 && weekday(date) !== 6 && !oracleHolidays(Number(date.slice(0, 4))).has(date);
const oracleCount = (from: string, to: string) => {
  let count = 0;
  for (let date = from; date < to; date = plusDays(date, 1)) if (oracleIsWorkingDay(date)) count++;
  return count;
};

const seededRandom = (seed: number) => () => {
  // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const randomDate = (random: () => number) =>
  plusDays('1950-01-01', Math.floor(random() * daysBetween('1950-01-01', '2150-01-01')));

const everyYear = Array.from({ length: 2200 - 1900 + 1 }, (_, i) => 1900 + i);

describe('easterSunday', () => {
  it.each([
    [1900, '1900-04-15'],
    [1943, '1943-04-25'],
    [1961, '1961-04-02'],
    [2000, '2000-04-23'],
    [2008, '2008-03-23'],
    [2011, '2011-04-24'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2038, '2038-04-25'],
    [2100, '2100-03-28'],
    [2200, '2200-04-06'],
  ])('is %i on %s (published tables)', (year, date) => expect(easterSunday(year)).toBe(date));

  it('agrees with Gauss’s Easter formula in every year 1900–2200', () => {
    for (const year of everyYear) expect(easterSunday(year)).toBe(gaussEaster(year));
  });

  it('is a Sunday from 22 March to 25 April in every year 1900–2200', () => {
    for (const year of everyYear) {
      const easter = easterSunday(year);
      expect(weekday(easter)).toBe(0);
      expect(easter >= `${year}-03-22` && easter <= `${year}-04-25`).toBe(true);
    }
  });

  it.each([1899, 2201, 2026.5, Number.NaN])('throws RangeError for the year %s', (year) =>
    expect(() => easterSunday(year)).toThrow(RangeError),
  );
});

describe('publicHolidays', () => {
  it('lists the nine holidays of 2026 in date order', () => {
    expect(publicHolidays(2026)).toEqual([
      { date: '2026-01-01', name: 'Neujahr' },
      { date: '2026-01-02', name: 'Berchtoldstag' },
      { date: '2026-04-03', name: 'Karfreitag' },
      { date: '2026-04-06', name: 'Ostermontag' },
      { date: '2026-05-14', name: 'Auffahrt' },
      { date: '2026-05-25', name: 'Pfingstmontag' },
      { date: '2026-08-01', name: 'Bundesfeier' },
      { date: '2026-12-25', name: 'Weihnachten' },
      { date: '2026-12-26', name: 'Stephanstag' },
    ]);
  });

  it('has nine distinct, ascending holidays on the expected weekdays in every year 1900–2200', () => {
    for (const year of everyYear) {
      const holidays = publicHolidays(year);
      expect(holidays).toHaveLength(9);
      const dates = holidays.map((h) => h.date);
      expect(dates).toEqual([...new Set(dates)].sort());
      expect(dates.every((date) => date.startsWith(`${year}-`))).toBe(true);
      const on = (name: string) => weekday(holidays.find((h) => h.name === name)!.date);
      expect(on('Karfreitag')).toBe(5);
      expect(on('Ostermontag')).toBe(1);
      expect(on('Auffahrt')).toBe(4);
      expect(on('Pfingstmontag')).toBe(1);
    }
  });

  it('matches the holidays derived from Gauss’s formula in every year 1900–2200', () => {
    for (const year of everyYear) {
      expect(publicHolidays(year)).toEqual(
        [...oracleHolidays(year)]
          .map(([date, name]) => ({ date, name }))
          .sort((a, b) => (a.date < b.date ? -1 : 1)),
      );
    }
  });

  it('returns a fresh list each time, so callers cannot corrupt the calendar', () => {
    publicHolidays(2027).pop();
    expect(publicHolidays(2027)).toHaveLength(9);
  });

  it('throws RangeError outside 1900–2200', () => expect(() => publicHolidays(1850)).toThrow(RangeError));
});

describe('isWorkingDay', () => {
  it.each([
    ['a Monday', '2026-12-21', true],
    ['a Friday', '2026-12-18', true],
    ['a Saturday', '2026-12-19', false],
    ['a Sunday', '2026-12-20', false],
    ['Christmas on a Friday', '2026-12-25', false],
    ['Karfreitag', '2026-04-03', false],
    ['Ostermontag', '2026-04-06', false],
    ['Auffahrt', '2026-05-14', false],
    ['Pfingstmontag', '2026-05-25', false],
    ['Berchtoldstag', '2026-01-02', false],
    ['Bundesfeier on a Friday', '2025-08-01', false],
    ['the day after Pfingstmontag', '2026-05-26', true],
  ])('is right for %s (%s)', (_, date, expected) => expect(isWorkingDay(date)).toBe(expected));

  it('throws RangeError for invalid dates and for years without a holiday calendar', () => {
    expect(() => isWorkingDay('2026-02-30')).toThrow(RangeError);
    expect(() => isWorkingDay('26.12.2026')).toThrow(RangeError);
    expect(() => isWorkingDay('1899-12-29')).toThrow(RangeError);
  });
});

describe('workingDays', () => {
  it('counts December 2026 (Christmas on Friday, Stephanstag on Saturday)', () => {
    expect(workingDays('2026-12-01', '2027-01-01')).toEqual({
      days: 31,
      workingDaysCount: 22,
      notWorkingDays: [
        '2026-12-05',
        '2026-12-06',
        '2026-12-12',
        '2026-12-13',
        '2026-12-19',
        '2026-12-20',
        '2026-12-25',
        '2026-12-26',
        '2026-12-27',
      ],
      publicHolidays: [
        { date: '2026-12-25', name: 'Weihnachten' },
        { date: '2026-12-26', name: 'Stephanstag' },
      ],
    });
  });

  it('counts the two weeks around Easter 2026', () => {
    const result = workingDays('2026-03-30', '2026-04-13');
    expect(result.days).toBe(14);
    expect(result.workingDaysCount).toBe(8);
    expect(result.notWorkingDays).toEqual([
      '2026-04-03',
      '2026-04-04',
      '2026-04-05',
      '2026-04-06',
      '2026-04-11',
      '2026-04-12',
    ]);
    expect(result.publicHolidays.map((h) => h.name)).toEqual(['Karfreitag', 'Ostermontag']);
  });

  it('counts the whole year 2026: 261 weekdays less 7 holidays on weekdays', () => {
    const result = workingDays('2026-01-01', '2027-01-01');
    expect(result.days).toBe(365);
    expect(result.workingDaysCount).toBe(254);
    expect(result.publicHolidays).toHaveLength(9);
  });

  it('spans a year boundary', () => {
    expect(workingDays('2026-12-31', '2027-01-05')).toEqual({
      days: 5,
      workingDaysCount: 2,
      notWorkingDays: ['2027-01-01', '2027-01-02', '2027-01-03'],
      publicHolidays: [
        { date: '2027-01-01', name: 'Neujahr' },
        { date: '2027-01-02', name: 'Berchtoldstag' },
      ],
    });
  });

  it('excludes the end date', () => {
    expect(workingDays('2026-12-21', '2026-12-22')).toEqual({
      days: 1,
      workingDaysCount: 1,
      notWorkingDays: [],
      publicHolidays: [],
    });
    expect(workingDays('2026-12-24', '2026-12-25').publicHolidays).toEqual([]);
  });

  it('is all zeros and empty for an empty range', () => {
    expect(workingDays('2026-12-25', '2026-12-25')).toEqual({
      days: 0,
      workingDaysCount: 0,
      notWorkingDays: [],
      publicHolidays: [],
    });
  });

  it('throws RangeError when from is after to or a date is invalid', () => {
    expect(() => workingDays('2026-12-02', '2026-12-01')).toThrow(RangeError);
    expect(() => workingDays('2026-02-30', '2026-03-01')).toThrow(RangeError);
    expect(() => workingDays('2026-03-01', '01.04.2026')).toThrow(RangeError);
  });

  it('agrees with a day-by-day oracle over seeded random ranges', () => {
    const random = seededRandom(2026);
    for (let i = 0; i < 300; i++) {
      const from = randomDate(random);
      const to = plusDays(from, Math.floor(random() * 120));
      const result = workingDays(from, to);
      expect(result.days).toBe(daysBetween(from, to));
      expect(result.workingDaysCount).toBe(oracleCount(from, to));
      expect(result.workingDaysCount + result.notWorkingDays.length).toBe(result.days);
      expect(result.notWorkingDays).toEqual([...new Set(result.notWorkingDays)].sort());
      expect(result.notWorkingDays.every((d) => d >= from && d < to && !oracleIsWorkingDay(d))).toBe(true);
      expect(
        result.publicHolidays.every((h) => oracleHolidays(Number(h.date.slice(0, 4))).get(h.date) === h.name),
      ).toBe(true);
    }
  });
});

describe('countWorkingDays', () => {
  it('equals the working-day count of workingDays', () => {
    expect(countWorkingDays('2026-12-01', '2027-01-01')).toBe(22);
    expect(countWorkingDays('2026-03-30', '2026-04-13')).toBe(8);
  });

  it('is 0 for an empty range and for a weekend', () => {
    expect(countWorkingDays('2026-12-21', '2026-12-21')).toBe(0);
    expect(countWorkingDays('2026-12-19', '2026-12-21')).toBe(0);
  });

  it('throws RangeError when from is after to', () =>
    expect(() => countWorkingDays('2026-12-22', '2026-12-21')).toThrow(RangeError));

  it('agrees with the oracle over seeded random ranges', () => {
    const random = seededRandom(99);
    for (let i = 0; i < 300; i++) {
      const from = randomDate(random);
      const to = plusDays(from, Math.floor(random() * 400));
      expect(countWorkingDays(from, to)).toBe(oracleCount(from, to));
    }
  });
});

describe('addWorkingDays', () => {
  it.each([
    ['no days', '2026-12-21', 0, '2026-12-21'],
    ['one day from a Monday', '2026-12-21', 1, '2026-12-22'],
    [
      'a full week from a Monday, ending on Saturday rather than after the weekend',
      '2026-06-01',
      5,
      '2026-06-06',
    ],
    ['one day before Christmas', '2026-12-24', 1, '2026-12-25'],
    ['over Christmas and the weekend', '2026-12-24', 2, '2026-12-29'],
    ['over Easter', '2026-04-02', 3, '2026-04-09'],
    ['from a Saturday', '2026-12-19', 1, '2026-12-22'],
    ['over the new year', '2026-12-31', 2, '2027-01-05'],
  ])('adds %s', (_, date, n, expected) => expect(addWorkingDays(date, n)).toBe(expected));

  it.each([-1, 1.5, Number.NaN])('throws RangeError for %s days', (n) =>
    expect(() => addWorkingDays('2026-12-21', n)).toThrow(RangeError),
  );

  it('throws RangeError for an invalid date', () =>
    expect(() => addWorkingDays('2026-13-01', 1)).toThrow(RangeError));

  it('gives the earliest end with exactly n working days, over seeded random starts', () => {
    const random = seededRandom(5);
    for (let i = 0; i < 300; i++) {
      const start = randomDate(random);
      const n = Math.floor(random() * 250);
      const end = addWorkingDays(start, n);
      expect(countWorkingDays(start, end)).toBe(n);
      expect(oracleCount(start, end)).toBe(n);
      if (n > 0) expect(oracleIsWorkingDay(plusDays(end, -1))).toBe(true);
      else expect(end).toBe(start);
    }
  });
});

describe('moveKeepingDuration', () => {
  it.each([
    ['over Christmas and a weekend', '2026-12-21', '2026-12-24', '2026-12-23', '2026-12-29'],
    ['over Karfreitag, the weekend and Ostermontag', '2026-03-23', '2026-03-26', '2026-04-02', '2026-04-09'],
    ['to a Saturday start', '2026-06-01', '2026-06-06', '2026-06-13', '2026-06-20'],
    ['a range that had a weekend inside', '2026-06-04', '2026-06-09', '2026-06-15', '2026-06-18'],
    ['backwards in time', '2026-06-15', '2026-06-18', '2026-05-22', '2026-05-28'],
    ['a zero duration (end = start)', '2026-05-04', '2026-05-04', '2026-05-09', '2026-05-09'],
    ['a range of only weekend days (0 working days)', '2026-05-09', '2026-05-11', '2026-05-13', '2026-05-13'],
  ])('moves %s', (_, oldStart, oldEnd, newStart, expected) =>
    expect(moveKeepingDuration(oldStart, oldEnd, newStart)).toBe(expected),
  );

  it('throws RangeError when the old range is reversed or a date is invalid', () => {
    expect(() => moveKeepingDuration('2026-05-10', '2026-05-04', '2026-05-11')).toThrow(RangeError);
    expect(() => moveKeepingDuration('2026-05-04', '2026-05-10', '2026-02-30')).toThrow(RangeError);
  });

  it('keeps the working-day count over seeded random moves', () => {
    const random = seededRandom(31);
    for (let i = 0; i < 300; i++) {
      const oldStart = randomDate(random);
      const oldEnd = plusDays(oldStart, Math.floor(random() * 90));
      const newStart = plusDays(oldStart, Math.floor(random() * 400) - 200);
      const newEnd = moveKeepingDuration(oldStart, oldEnd, newStart);
      expect(newEnd >= newStart).toBe(true);
      expect(oracleCount(newStart, newEnd)).toBe(oracleCount(oldStart, oldEnd));
    }
  });

  it('moving there and back restores an end that addWorkingDays produced', () => {
    const random = seededRandom(8);
    for (let i = 0; i < 200; i++) {
      const oldStart = randomDate(random);
      const oldEnd = addWorkingDays(oldStart, 1 + Math.floor(random() * 40));
      const newStart = plusDays(oldStart, Math.floor(random() * 60) - 30);
      expect(moveKeepingDuration(newStart, moveKeepingDuration(oldStart, oldEnd, newStart), oldStart)).toBe(
        oldEnd,
      );
    }
  });
});

// A straightforward day-by-day reference with the calendar's exact semantics (as the first, looping
// implementation had them), built on the platform Date and Gauss's Easter: a holiday lookup outside
// 1900–2200 fails, and a weekend day is non-working without one.
describe('the arithmetic calendar against a day-by-day reference', () => {
  const dayMs = 86_400_000;
  const yearFailure = (year: number) => `no calendar for ${year}`;
  const reversedFailure = 'reversed range';

  const holidayDaysCache = new Map<number, Map<number, string>>();
  const referenceHoliday = (ms: number): string | undefined => {
    const year = new Date(ms).getUTCFullYear();
    if (year < 1900 || year > 2200) throw new RangeError(yearFailure(year));
    let days = holidayDaysCache.get(year);
    if (!days) {
      days = new Map([...oracleHolidays(year)].map(([date, name]) => [utc(date).getTime(), name]));
      holidayDaysCache.set(year, days);
    }
    return days.get(ms);
  };
  const isWeekendMs = (ms: number) => [0, 6].includes(new Date(ms).getUTCDay());
  const referenceIsWorking = (ms: number) => !isWeekendMs(ms) && referenceHoliday(ms) === undefined;
  const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const checkedRange = (from: string, to: string) => {
    if (from > to) throw new RangeError(reversedFailure);
    return [utc(from).getTime(), utc(to).getTime()] as const;
  };

  const referenceCount = (from: string, to: string) => {
    const [start, end] = checkedRange(from, to);
    let count = 0;
    for (let ms = start; ms < end; ms += dayMs) if (referenceIsWorking(ms)) count++;
    return count;
  };
  const referenceWorkingDays = (from: string, to: string) => {
    const [start, end] = checkedRange(from, to);
    const result = {
      days: 0,
      workingDaysCount: 0,
      notWorkingDays: [] as string[],
      publicHolidays: [] as { date: string; name: string }[],
    };
    for (let ms = start; ms < end; ms += dayMs) {
      result.days++;
      const holiday = referenceHoliday(ms);
      if (holiday !== undefined) result.publicHolidays.push({ date: isoDate(ms), name: holiday });
      if (holiday !== undefined || isWeekendMs(ms)) result.notWorkingDays.push(isoDate(ms));
      else result.workingDaysCount++;
    }
    return result;
  };
  const referenceAdd = (date: string, n: number) => {
    let ms = utc(date).getTime();
    for (let remaining = n; remaining > 0; ms += dayMs) if (referenceIsWorking(ms)) remaining--;
    return isoDate(ms);
  };

  /** The value, or the failure: the reference's wording, and the calendar's reduced to the same. */
  const outcome = <T>(compute: () => T): { value: T } | { failure: string } => {
    try {
      return { value: compute() };
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      const year = /^year must be a whole number from 1900 to 2200: (\d+)$/.exec(error.message);
      if (year) return { failure: yearFailure(Number(year[1])) };
      if (/^range start .* is after its end /.test(error.message)) return { failure: reversedFailure };
      return { failure: error.message };
    }
  };

  const random = seededRandom(20261123);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const kinds = new Map<string, number>();
  const tally = (kind: string) => kinds.set(kind, (kinds.get(kind) ?? 0) + 1);

  /** A start near something the arithmetic must get right. */
  const randomStart = (): string => {
    const year = between(1900, 2200);
    const roll = random();
    if (roll < 0.4) return (tally('start anywhere'), plusDays(`${year}-01-01`, between(0, 364)));
    if (roll < 0.6) return (tally('start at a year end'), plusDays(`${year}-12-31`, between(-12, 12)));
    if (roll < 0.8) return (tally('start around Easter'), plusDays(gaussEaster(year), between(-12, 55)));
    if (roll < 0.9) {
      tally('start on a weekend');
      const date = plusDays(`${year}-06-01`, between(0, 180));
      return plusDays(date, (6 - weekday(date) + between(0, 1)) % 7);
    }
    tally('start at an end of the calendar’s years');
    return plusDays(pick(['1900-01-01', '2201-01-01']), between(-10, 6));
  };
  const randomLength = (): number => {
    const roll = random();
    if (roll < 0.06) return (tally('empty'), 0);
    if (roll < 0.11) return (tally('reversed'), -between(1, 40));
    if (roll < 0.35) return (tally('up to 2 weeks'), between(1, 14));
    if (roll < 0.65) return (tally('up to 400 days'), between(15, 400));
    if (roll < 0.975) return (tally('up to 3 years'), between(401, 1096));
    return (tally('decades'), between(3653, 60 * 366));
  };

  const ranges = Array.from({ length: 4000 }, () => {
    const from = randomStart();
    const to = plusDays(from, randomLength());
    return { from, to, count: outcome(() => referenceCount(from, to)) };
  });

  it('drew every kind of start and length', () => {
    expect([...kinds.keys()].sort()).toEqual(
      [
        'start anywhere',
        'start at a year end',
        'start around Easter',
        'start on a weekend',
        'start at an end of the calendar’s years',
        'empty',
        'reversed',
        'up to 2 weeks',
        'up to 400 days',
        'up to 3 years',
        'decades',
      ].sort(),
    );
    expect(Math.min(...kinds.values())).toBeGreaterThanOrEqual(50);
    // Some ranges must fail for lack of a calendar and most must not, or the comparison proves little.
    const failures = ranges.filter(({ count }) => 'failure' in count);
    expect(failures.length).toBeGreaterThan(100);
    expect(failures.length).toBeLessThan(ranges.length / 4);
  });

  it('countWorkingDays equals the reference over 4,000 seeded ranges', () => {
    for (const { from, to, count } of ranges)
      expect({ from, to, ...outcome(() => countWorkingDays(from, to)) }).toEqual({ from, to, ...count });
  });

  it('workingDays equals the reference over the same ranges', () => {
    // As JSON: toEqual over thousands of long date lists takes seconds.
    for (const { from, to } of ranges)
      expect(JSON.stringify({ from, to, ...outcome(() => workingDays(from, to)) })).toBe(
        JSON.stringify({ from, to, ...outcome(() => referenceWorkingDays(from, to)) }),
      );
  });

  it('addWorkingDays equals the reference over 3,000 seeded starts and counts', () => {
    for (let i = 0; i < 3000; i++) {
      const date = randomStart();
      const roll = random();
      const n =
        roll < 0.05 ? 0 : roll < 0.4 ? between(1, 30) : roll < 0.97 ? between(31, 800) : between(2600, 15000);
      expect({ date, n, ...outcome(() => addWorkingDays(date, n)) }).toEqual({
        date,
        n,
        ...outcome(() => referenceAdd(date, n)),
      });
    }
  });

  it('moveKeepingDuration equals the reference over 1,000 seeded moves', () => {
    for (let i = 0; i < 1000; i++) {
      const { from, to, count } = ranges[i]!;
      const newStart = randomStart();
      expect({ from, to, newStart, ...outcome(() => moveKeepingDuration(from, to, newStart)) }).toEqual({
        from,
        to,
        newStart,
        ...('value' in count ? outcome(() => referenceAdd(newStart, count.value)) : count),
      });
    }
  });

  it('isWorkingDay equals the reference over 3,000 seeded days', () => {
    for (let i = 0; i < 3000; i++) {
      const date = randomStart();
      expect({ date, ...outcome(() => isWorkingDay(date)) }).toEqual({
        date,
        ...outcome(() => referenceIsWorking(utc(date).getTime())),
      });
    }
  });

  it('counts the whole calendar, 1900–2200, in one range', () => {
    expect(countWorkingDays('1900-01-01', '2201-01-01')).toBe(referenceCount('1900-01-01', '2201-01-01'));
    expect(workingDays('1900-01-01', '2201-01-01')).toEqual(referenceWorkingDays('1900-01-01', '2201-01-01'));
  });

  it.each([
    ['a weekend-only range before 1900', '1899-12-30', '1900-01-01'],
    ['a weekday before 1900', '1899-12-29', '1900-01-03'],
    ['a range ending on the last day of 2200', '2200-12-01', '2201-01-01'],
    ['a range reaching into 2201', '2200-12-01', '2201-01-04'],
    ['an empty range outside the calendar’s years', '1850-03-04', '1850-03-04'],
  ])('agrees at the edges of the calendar’s years: %s', (_, from, to) => {
    expect(outcome(() => countWorkingDays(from, to))).toEqual(outcome(() => referenceCount(from, to)));
    expect(outcome(() => workingDays(from, to))).toEqual(outcome(() => referenceWorkingDays(from, to)));
  });
});
