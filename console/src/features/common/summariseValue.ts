import { spoken } from '../i18n/spoken';
import { isServerDate, isServerDateTime, serverToUiDate, serverToUiDateTime } from '@fahrplan/contracts';

/**
 * The words for an empty text or list and for true and false, in the language shown (History and
 * Compare call this from plain modules; without a language set up, as in unit specs, English).
 */
const words = {
  empty: () => spoken((t) => t('common:values.empty'), '(empty)'),
  none: () => spoken((t) => t('common:values.none'), '(none)'),
  yes: () => spoken((t) => t('common:values.yes'), 'yes'),
  no: () => spoken((t) => t('common:values.no'), 'no'),
};

/** How a missing value (a field that did not exist before, or no longer does) shows. */
export const NO_VALUE = '—';

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nameKeys = ['name', 'title', 'tenant', 'username', 'label', 'key'] as const;

/** One element of a list: a named thing by its name ("tenantB (pending)", "Cost centre: 4711"). */
const summariseElement = (value: unknown): string => {
  if (!isRecord(value)) return summariseValue(value);
  const nameKey = nameKeys.find((key) => typeof value[key] === 'string' || typeof value[key] === 'number');
  if (nameKey === undefined) return `{${summariseObject(value)}}`;
  const name = String(value[nameKey]);
  if (typeof value.status === 'string') return `${name} (${value.status.toLowerCase()})`;
  if ('value' in value) return `${name}: ${summariseValue(value.value)}`;
  return name;
};

const summariseObject = (value: Readonly<Record<string, unknown>>): string =>
  Object.entries(value)
    .map(([key, inner]) => {
      if (Array.isArray(inner)) return `${key}: [${summariseValue(inner)}]`;
      return `${key}: ${isRecord(inner) ? summariseElement(inner) : summariseValue(inner)}`;
    })
    .join(', ');

/**
 * A field's value as one readable line: null as "—", dates as DD.MM.YYYY, lists by their elements'
 * names ("tenantB (pending), tenantC (accepted)"), objects as "key: value" pairs, an empty text or
 * list named as such.
 */
export function summariseValue(value: unknown): string {
  if (value === null || value === undefined) return NO_VALUE;
  if (typeof value === 'string') {
    if (value === '') return words.empty();
    // dates as the dialogs show them (§5 DD.MM.YYYY); a date-time exactly as stored, with its time
    if (isServerDate(value)) return serverToUiDate(value);
    if (isServerDateTime(value)) return serverToUiDateTime(value);
    return value;
  }
  if (typeof value === 'boolean') return value ? words.yes() : words.no();
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? words.none() : value.map(summariseElement).join(', ');
  if (isRecord(value)) return Object.keys(value).length === 0 ? words.none() : summariseObject(value);
  return String(value);
}
