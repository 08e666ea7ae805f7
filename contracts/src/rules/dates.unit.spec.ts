import {
  addDays,
  endFromServer,
  endToServer,
  formatListDate,
  fromDayNumber,
  isServerDate,
  isServerDateTime,
  isUiDate,
  isUiDateTime,
  itemEndFromServer,
  itemEndToServer,
  serverToUiDate,
  serverToUiDateTime,
  toDayNumber,
  uiToServerDate,
  uiToServerDateTime,
} from './dates';

// An independent oracle: the platform Date in UTC (valid for these years, no two-digit-year quirk).
const oracleAddDays = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const seededRandom = (seed: number) => () => {
  // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

describe('isUiDate', () => {
  it.each(['01.01.2026', '31.12.1999', '29.02.2024', '29.02.2000', '28.02.2026', '30.04.2026', '01.01.0001'])(
    'accepts the real date %s',
    (date) => expect(isUiDate(date)).toBe(true),
  );

  it.each([
    ['February 29th of a common year', '29.02.2026'],
    ['February 29th of a century that is not a leap year', '29.02.1900'],
    ['February 30th', '30.02.2024'],
    ['February 31st', '31.02.2026'],
    ['April 31st', '31.04.2026'],
    ['month 13', '01.13.2026'],
    ['month 0', '01.00.2026'],
    ['day 0', '00.01.2026'],
    ['year 0', '01.01.0000'],
    ['single-digit day and month', '1.1.2026'],
    ['a two-digit year', '01.01.26'],
    ['the server format', '2026-01-01'],
    ['surrounding whitespace', ' 01.01.2026'],
    ['a time part', '01.01.2026 10:00'],
    ['an empty string', ''],
  ])('rejects %s', (_, date) => expect(isUiDate(date)).toBe(false));

  it('rejects values that are not strings', () => {
    expect(isUiDate(null)).toBe(false);
    expect(isUiDate(20260101)).toBe(false);
  });
});

describe('isServerDate', () => {
  it.each(['2026-01-01', '2024-02-29', '2000-02-29', '9999-12-31', '0001-01-01'])('accepts %s', (date) =>
    expect(isServerDate(date)).toBe(true),
  );

  it.each([
    '2026-02-29',
    '1900-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-1-1',
    '26-01-01',
    '0000-01-01',
    '01.01.2026',
    '2026-01-01T00:00',
    '',
  ])('rejects %s', (date) => expect(isServerDate(date)).toBe(false));
});

describe('isUiDateTime and isServerDateTime', () => {
  it('accept real dates with times from 00:00 to 23:59', () => {
    expect(isUiDateTime('29.02.2024 00:00')).toBe(true);
    expect(isUiDateTime('31.12.2026 23:59')).toBe(true);
    expect(isServerDateTime('2024-02-29T00:00')).toBe(true);
    expect(isServerDateTime('2026-12-31T23:59')).toBe(true);
  });

  it.each([
    '29.02.2026 10:00',
    '01.01.2026 24:00',
    '01.01.2026 12:60',
    '01.01.2026',
    '01.01.2026T10:00',
    '01.01.2026 1:00',
  ])('reject the UI value %s', (value) => expect(isUiDateTime(value)).toBe(false));

  it.each([
    '2026-02-29T10:00',
    '2026-01-01T24:00',
    '2026-01-01T12:60',
    '2026-01-01',
    '2026-01-01 10:00',
    '2026-01-01T10:00:00',
  ])('reject the server value %s', (value) => expect(isServerDateTime(value)).toBe(false));
});

describe('uiToServerDate and serverToUiDate', () => {
  it.each([
    ['01.01.2026', '2026-01-01'],
    ['31.12.1999', '1999-12-31'],
    ['29.02.2024', '2024-02-29'],
    ['05.08.0042', '0042-08-05'],
  ])('converts %s to %s and back', (ui, server) => {
    expect(uiToServerDate(ui)).toBe(server);
    expect(serverToUiDate(server)).toBe(ui);
  });

  it.each(['31.02.2026', '29.02.2026', '2026-01-01', '1.1.2026', ''])(
    'uiToServerDate throws RangeError on %s',
    (ui) => expect(() => uiToServerDate(ui)).toThrow(RangeError),
  );

  it.each(['2026-02-31', '2026-02-29', '01.01.2026', '2026-01-01T00:00', ''])(
    'serverToUiDate throws RangeError on %s',
    (server) => expect(() => serverToUiDate(server)).toThrow(RangeError),
  );

  it('round-trips every day of 2023 and 2024', () => {
    for (let n = 0; n < 731; n++) {
      const server = oracleAddDays('2023-01-01', n);
      expect(uiToServerDate(serverToUiDate(server))).toBe(server);
    }
  });
});

describe('addDays', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2024-02-29', 1, '2024-03-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2024-03-01', -1, '2024-02-29'],
    ['1900-02-28', 1, '1900-03-01'],
    ['2000-02-28', 1, '2000-02-29'],
    ['2026-05-15', 0, '2026-05-15'],
    ['2026-01-01', 365, '2027-01-01'],
    ['2024-01-01', 365, '2024-12-31'],
  ])('%s plus %i days is %s', (date, n, expected) => expect(addDays(date, n)).toBe(expected));

  it('agrees with the platform Date for many seeded offsets', () => {
    const random = seededRandom(42);
    for (let i = 0; i < 500; i++) {
      const start = oracleAddDays('1970-01-01', Math.floor(random() * 60000));
      const n = Math.floor(random() * 4000) - 2000;
      expect(addDays(start, n)).toBe(oracleAddDays(start, n));
    }
  });

  it('throws RangeError for an invalid date, a fractional count or a result beyond year 9999', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-01-01', 1.5)).toThrow(RangeError);
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => addDays('0001-01-01', -1)).toThrow(RangeError);
  });
});

describe('toDayNumber and fromDayNumber', () => {
  it('count days from 1970-01-01 like the platform Date', () => {
    for (const date of ['1970-01-01', '1969-12-31', '2000-02-29', '2026-06-30', '1900-01-01', '2200-12-31']) {
      expect(toDayNumber(date)).toBe(
        Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8)) / 86_400_000,
      );
    }
  });

  it('are inverse to each other', () => {
    for (let day = -719_000; day <= 2_900_000; day += 9_973)
      expect(toDayNumber(fromDayNumber(day))).toBe(day);
  });

  it('reject day numbers outside years 0001–9999 or not whole', () => {
    expect(() => fromDayNumber(toDayNumber('9999-12-31') + 1)).toThrow(RangeError);
    expect(() => fromDayNumber(toDayNumber('0001-01-01') - 1)).toThrow(RangeError);
    expect(() => fromDayNumber(0.5)).toThrow(RangeError);
  });
});

describe('endToServer and endFromServer (exclusive end of projects and applications)', () => {
  it.each([
    ['31.12.2026', '2027-01-01'],
    ['28.02.2026', '2026-03-01'],
    ['28.02.2024', '2024-02-29'],
    ['29.02.2024', '2024-03-01'],
    ['30.04.2026', '2026-05-01'],
    ['15.06.2026', '2026-06-16'],
  ])('sends the shown end %s as the next day %s and shows it back', (ui, server) => {
    expect(endToServer(ui)).toBe(server);
    expect(endFromServer(server)).toBe(ui);
  });

  it('keeps a missing end missing', () => {
    expect(endToServer(null)).toBeNull();
    expect(endToServer('')).toBeNull();
    expect(endFromServer(null)).toBeNull();
    expect(endFromServer('')).toBeNull();
  });

  it('throws RangeError on invalid dates', () => {
    expect(() => endToServer('31.02.2026')).toThrow(RangeError);
    expect(() => endFromServer('2026-02-31')).toThrow(RangeError);
  });
});

describe('uiToServerDateTime and serverToUiDateTime', () => {
  it.each([
    ['01.01.2026 00:00', '2026-01-01T00:00'],
    ['29.02.2024 13:45', '2024-02-29T13:45'],
    ['31.12.2026 23:59', '2026-12-31T23:59'],
  ])('convert %s to %s and back', (ui, server) => {
    expect(uiToServerDateTime(ui)).toBe(server);
    expect(serverToUiDateTime(server)).toBe(ui);
  });

  it.each(['29.02.2026 10:00', '01.01.2026 25:00', '01.01.2026', ''])('uiToServerDateTime rejects %s', (ui) =>
    expect(() => uiToServerDateTime(ui)).toThrow(RangeError),
  );

  it.each(['2026-02-29T10:00', '2026-01-01T10:61', '2026-01-01', ''])(
    'serverToUiDateTime rejects %s',
    (server) => expect(() => serverToUiDateTime(server)).toThrow(RangeError),
  );
});

describe('itemEndToServer and itemEndFromServer (item end at midnight)', () => {
  it.each([
    ['31.12.2026 00:00', '2027-01-01T00:00'],
    ['28.02.2026 00:00', '2026-03-01T00:00'],
    ['28.02.2024 00:00', '2024-02-29T00:00'],
    ['31.01.2026 00:00', '2026-02-01T00:00'],
  ])('stores an end at midnight %s as the next day %s and shows it back', (ui, server) => {
    expect(itemEndToServer(ui)).toBe(server);
    expect(itemEndFromServer(server)).toBe(ui);
  });

  it.each([
    ['31.12.2026 00:01', '2026-12-31T00:01'],
    ['29.02.2024 23:59', '2024-02-29T23:59'],
    ['15.06.2026 12:00', '2026-06-15T12:00'],
  ])('stores any other time %s unchanged as %s and shows it back', (ui, server) => {
    expect(itemEndToServer(ui)).toBe(server);
    expect(itemEndFromServer(server)).toBe(ui);
  });

  it('keeps a missing end missing', () => {
    expect(itemEndToServer(null)).toBeNull();
    expect(itemEndToServer('')).toBeNull();
    expect(itemEndFromServer(null)).toBeNull();
    expect(itemEndFromServer('')).toBeNull();
  });

  it('round-trips seeded date-times', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 300; i++) {
      const date = oracleAddDays('2000-01-01', Math.floor(random() * 20000));
      const midnight = random() < 0.5;
      const hours = midnight ? 0 : Math.floor(random() * 24);
      const minutes = midnight ? 0 : Math.floor(random() * 60);
      const ui = `${serverToUiDate(date)} ${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
      expect(itemEndFromServer(itemEndToServer(ui))).toBe(ui);
    }
  });

  it('throws RangeError on invalid values', () => {
    expect(() => itemEndToServer('31.02.2026 00:00')).toThrow(RangeError);
    expect(() => itemEndFromServer('2026-01-01')).toThrow(RangeError);
  });
});

describe('formatListDate', () => {
  it.each([
    ['2026-03-05', '05.03.2026'],
    ['2026-03-05T00:00', '05.03.2026'],
    ['2026-03-05T09:30', '05.03.2026 09:30'],
    ['2026-03-05T00:01', '05.03.2026 00:01'],
    ['2024-02-29T23:59', '29.02.2024 23:59'],
  ])('shows %s as %s', (value, expected) => expect(formatListDate(value)).toBe(expected));

  it('shows nothing for a missing value', () => {
    expect(formatListDate(null)).toBe('');
    expect(formatListDate('')).toBe('');
  });

  it.each(['2026-02-30', '05.03.2026', '2026-03-05T24:00', 'soon'])('throws RangeError on %s', (value) =>
    expect(() => formatListDate(value)).toThrow(RangeError),
  );
});
