// Pure civil-date arithmetic on strings: no Date objects, so no time zone or DST can shift a day.

const serverDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const uiDatePattern = /^(\d{2})\.(\d{2})\.(\d{4})$/;
const serverDateTimePattern = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;
const uiDateTimePattern = /^(\d{2}\.\d{2}\.\d{4}) (\d{2}):(\d{2})$/;

const minYear = 1;
const maxYear = 9999;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const daysInMonth = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

const isRealDate = (year: number, month: number, day: number) =>
  year >= minYear &&
  year <= maxYear &&
  month >= 1 &&
  month <= 12 &&
  day >= 1 &&
  day <= daysInMonth(year, month);

const isRealTime = (hours: string, minutes: string) => Number(hours) <= 23 && Number(minutes) <= 59;

const pad = (value: number, width: number) => String(value).padStart(width, '0');

interface CivilDate {
  year: number;
  month: number;
  day: number;
}

const readServerDate = (date: string): CivilDate | null => {
  const match = serverDatePattern.exec(date);
  if (!match) return null;
  const civil = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isRealDate(civil.year, civil.month, civil.day) ? civil : null;
};

const readUiDate = (date: string): CivilDate | null => {
  const match = uiDatePattern.exec(date);
  if (!match) return null;
  const civil = { year: Number(match[3]), month: Number(match[2]), day: Number(match[1]) };
  return isRealDate(civil.year, civil.month, civil.day) ? civil : null;
};

const serverDateOrThrow = (date: string): CivilDate => {
  const civil = typeof date === 'string' ? readServerDate(date) : null;
  if (!civil) throw new RangeError(`not a valid YYYY-MM-DD date: '${date}'`);
  return civil;
};

const uiDateOrThrow = (date: string): CivilDate => {
  const civil = typeof date === 'string' ? readUiDate(date) : null;
  if (!civil) throw new RangeError(`not a valid DD.MM.YYYY date: '${date}'`);
  return civil;
};

const formatServer = ({ year, month, day }: CivilDate) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
const formatUi = ({ year, month, day }: CivilDate) => `${pad(day, 2)}.${pad(month, 2)}.${pad(year, 4)}`;

// Howard Hinnant's days_from_civil / civil_from_days (proleptic Gregorian calendar).
const daysFromCivil = ({ year, month, day }: CivilDate): number => {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
};

const civilFromDays = (dayNumber: number): CivilDate => {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
};

const firstDayNumber = daysFromCivil({ year: minYear, month: 1, day: 1 });
const lastDayNumber = daysFromCivil({ year: maxYear, month: 12, day: 31 });

/** Whether `s` is a real calendar date written YYYY-MM-DD (years 0001–9999). */
export function isServerDate(s: unknown): boolean {
  return typeof s === 'string' && readServerDate(s) !== null;
}

/** Whether `s` is a real calendar date written DD.MM.YYYY (years 0001–9999). */
export function isUiDate(s: unknown): boolean {
  return typeof s === 'string' && readUiDate(s) !== null;
}

/** Whether `s` is a real date and time written YYYY-MM-DDTHH:mm. */
export function isServerDateTime(s: unknown): boolean {
  const match = typeof s === 'string' ? serverDateTimePattern.exec(s) : null;
  return !!match && isServerDate(match[1]) && isRealTime(match[2]!, match[3]!);
}

/** Whether `s` is a real date and time written DD.MM.YYYY HH:mm. */
export function isUiDateTime(s: unknown): boolean {
  const match = typeof s === 'string' ? uiDateTimePattern.exec(s) : null;
  return !!match && isUiDate(match[1]) && isRealTime(match[2]!, match[3]!);
}

/** Days since 1970-01-01 of a YYYY-MM-DD date (negative before); throws RangeError on an invalid date. */
export function toDayNumber(date: string): number {
  return daysFromCivil(serverDateOrThrow(date));
}

/** The YYYY-MM-DD date of a day number (days since 1970-01-01); throws RangeError outside years 0001–9999. */
export function fromDayNumber(dayNumber: number): string {
  if (!Number.isInteger(dayNumber) || dayNumber < firstDayNumber || dayNumber > lastDayNumber) {
    throw new RangeError(`day number out of range: ${dayNumber}`);
  }
  return formatServer(civilFromDays(dayNumber));
}

/** `date` (YYYY-MM-DD) moved by `n` calendar days (n may be negative). */
export function addDays(date: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`not a whole number of days: ${n}`);
  return fromDayNumber(toDayNumber(date) + n);
}

/** DD.MM.YYYY → YYYY-MM-DD; throws RangeError unless the input is a real date. */
export function uiToServerDate(ui: string): string {
  return formatServer(uiDateOrThrow(ui));
}

/** YYYY-MM-DD → DD.MM.YYYY; throws RangeError unless the input is a real date. */
export function serverToUiDate(server: string): string {
  return formatUi(serverDateOrThrow(server));
}

/**
 * The exclusive server end (YYYY-MM-DD) of a project or application whose last day is shown as
 * `uiDate` (DD.MM.YYYY): the next day. Null or '' stays null.
 */
export function endToServer(uiDate: string | null): string | null {
  if (uiDate === null || uiDate === '') return null;
  return addDays(uiToServerDate(uiDate), 1);
}

/** The last day (DD.MM.YYYY) to show for an exclusive server end (YYYY-MM-DD): the previous day. Null or '' → null. */
export function endFromServer(serverDate: string | null): string | null {
  if (serverDate === null || serverDate === '') return null;
  return serverToUiDate(addDays(serverDate, -1));
}

/** DD.MM.YYYY HH:mm → YYYY-MM-DDTHH:mm; throws RangeError on an invalid date or time. */
export function uiToServerDateTime(ui: string): string {
  if (!isUiDateTime(ui)) throw new RangeError(`not a valid DD.MM.YYYY HH:mm date-time: '${ui}'`);
  const [, date, hours, minutes] = uiDateTimePattern.exec(ui)!;
  return `${uiToServerDate(date!)}T${hours}:${minutes}`;
}

/** YYYY-MM-DDTHH:mm → DD.MM.YYYY HH:mm; throws RangeError on an invalid date or time. */
export function serverToUiDateTime(server: string): string {
  if (!isServerDateTime(server)) throw new RangeError(`not a valid YYYY-MM-DDTHH:mm date-time: '${server}'`);
  const [, date, hours, minutes] = serverDateTimePattern.exec(server)!;
  return `${serverToUiDate(date!)} ${hours}:${minutes}`;
}

/**
 * An item end as stored (YYYY-MM-DDTHH:mm). An end at 00:00 means "until the end of that day", so it
 * is stored as the next day's 00:00; any other time is stored unchanged. Null or '' → null.
 */
export function itemEndToServer(ui: string | null): string | null {
  if (ui === null || ui === '') return null;
  const server = uiToServerDateTime(ui);
  const [date, time] = server.split('T') as [string, string];
  return time === '00:00' ? `${addDays(date, 1)}T00:00` : server;
}

/** An item end to show (DD.MM.YYYY HH:mm): a stored 00:00 end shows as the previous day at 00:00. Null or '' → null. */
export function itemEndFromServer(server: string | null): string | null {
  if (server === null || server === '') return null;
  const ui = serverToUiDateTime(server);
  const [date, time] = server.split('T') as [string, string];
  return time === '00:00' ? `${serverToUiDate(addDays(date, -1))} 00:00` : ui;
}

/**
 * A server date (YYYY-MM-DD) or date-time (YYYY-MM-DDTHH:mm) for lists: 'DD.MM.YYYY', plus ' HH:mm'
 * when the time is not 00:00. Null or '' → ''. Throws RangeError on anything else.
 */
export function formatListDate(value: string | null): string {
  if (value === null || value === '') return '';
  if (isServerDate(value)) return serverToUiDate(value);
  const ui = serverToUiDateTime(value);
  return value.endsWith('T00:00') ? ui.slice(0, 'DD.MM.YYYY'.length) : ui;
}
