import { z } from 'zod';
import type { core } from 'zod';

/**
 * What a message means whatever its language (issue 20): a stable code and the values it names. Field
 * errors and problem details carry it beside their English text; the console says it in the user's
 * language (its `common` catalogue has a text per code).
 */
export interface Meaning {
  readonly code: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

const grouped = (n: number | bigint | string) =>
  Number(n).toLocaleString('en-US', { maximumFractionDigits: 20 });

/** The unit a length bound counts: a text's characters, a list's entries. */
export type BoundUnit = 'characters' | 'entries' | 'none';
const unitText: Record<BoundUnit, string> = { characters: ' characters', entries: ' entries', none: '' };

const kinds = {
  text: 'a text',
  number: 'a number',
  'whole-number': 'a whole number',
  boolean: 'true or false',
  list: 'a list',
  record: 'a record',
  date: 'a date',
} as const;
export type ValueKind = keyof typeof kinds;

const formats = {
  email: 'an e-mail address',
  url: 'a web address',
  datetime: 'a date and time like 2026-11-27T14:30:00Z',
  date: 'a date like 2026-11-27',
  time: 'a time like 14:30',
  uuid: 'an id like 123e4567-e89b-12d3-a456-426614174000',
  'server-date': 'a date as YYYY-MM-DD',
  'server-date-time': 'a date-time as YYYY-MM-DDTHH:mm',
  pattern: 'not in the expected form',
} as const;
export type ValueFormat = keyof typeof formats;

type Params = Readonly<Record<string, string | number>>;
// a length is said as it is (at most 1000 characters), an amount grouped (at most 1,000)
const bound = (word: string) => (p: Params) => {
  const unit = (p.unit as BoundUnit | undefined) ?? 'none';
  return `${word} ${unit === 'none' ? grouped(p.bound!) : String(p.bound)}${unitText[unit]}`;
};

/** Every code a field error can carry, and its English text. */
const english = {
  required: () => 'required',
  'at-least': bound('at least'),
  'more-than': bound('more than'),
  'at-most': bound('at most'),
  'less-than': bound('less than'),
  exactly: bound('exactly'),
  'at-least-one': () => 'at least one entry',
  'multiple-of': (p: Params) => `a multiple of ${grouped(p.divisor!)}`,
  kind: (p: Params) => kinds[p.kind as ValueKind] ?? 'not a valid value',
  'invalid-value': () => 'not a valid value',
  format: (p: Params) => formats[p.format as ValueFormat] ?? formats.pattern,
  'one-of': (p: Params) => `one of ${String(p.values)}`,
  'must-be': (p: Params) => `must be ${String(p.value)}`,
  'unknown-field': () => 'unknown field',
  'not-valid': () => 'not valid',
  range: (p: Params) =>
    Number(p.decimals) === 0
      ? `a whole number between ${grouped(p.min!)} and ${grouped(p.max!)}`
      : `a number between ${grouped(p.min!)} and ${grouped(p.max!)} with at most ${p.decimals} decimals`,
  'hidden-characters': () => 'no control characters or bidi overrides',
  'real-date': () => 'not a real date',
  'real-date-time': () => 'not a real date-time',
  'required-when-updating': () => 'required when updating',
  taken: () => 'taken',
  'not-found': () => 'not found',
  'end-before-begin': () => 'the end cannot precede the begin',
  // the terse texts the API has always answered, now with codes of their own
  exists: () => 'exists already',
  'own-tenant': () => 'tenant invalid',
  'default-lane': () => 'default lane',
  'not-itself': () => 'not itself',
  cycle: () => 'cycle',
  'other-record': (p: Params) => `not this ${String(p.record)}`,
  'unknown-tenant': () => 'tenant not found',
  'needs-feature': (p: Params) => `needs ${String(p.feature)}`,
  'sprint-project': () => 'sprint group',
  'shared-parent-status': () => 'status not allowed',
  'not-listed': () => 'not one of the listed values',
  'in-the-future': () => 'not in the future',
  'before-the-tenant': () => 'not before the tenant existed',
} satisfies Record<string, (params: Params) => string>;
export type FieldMessageCode = keyof typeof english;
export const fieldMessageCodes = Object.keys(english) as FieldMessageCode[];

/** The meaning of each English text made by `say`: how a field error's text gets its code back. */
const meanings = new Map<string, Meaning>();

/**
 * A field's message: its English text (what zod issues and field errors carry), remembered with its
 * code and values so that `meaningOf` finds them again for any language.
 */
export const say = (code: FieldMessageCode, params: Params = {}): string => {
  const text = english[code](params);
  if (!meanings.has(text)) meanings.set(text, Object.keys(params).length ? { code, params } : { code });
  return text;
};

// the messages without values are known from the start, whoever said them first
for (const code of fieldMessageCodes) if (english[code].length === 0) say(code);

/** The code and values of a message `say` made; a text no code stands for is `other`, with the text. */
export const meaningOf = (text: string): Meaning => meanings.get(text) ?? { code: 'other', params: { text } };

const kindOf: Record<string, ValueKind> = {
  string: 'text',
  number: 'number',
  int: 'whole-number',
  boolean: 'boolean',
  array: 'list',
  object: 'record',
  date: 'date',
};
const unitOf = (origin: string): BoundUnit =>
  origin === 'string' ? 'characters' : origin === 'array' || origin === 'set' ? 'entries' : 'none';

/**
 * What a refused value should have been, said for people: zod's own messages ("Too small: expected
 * string to have >=1 characters") name schema internals. Fields with a message of their own (the
 * text limits, the numeric ranges) keep it; this covers everything else.
 */
export const messageFor = (issue: core.$ZodRawIssue): string | undefined => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return say('required');
      return kindOf[issue.expected] ? say('kind', { kind: kindOf[issue.expected]! }) : say('invalid-value');
    case 'too_small': {
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return say('required');
      if (issue.origin === 'array' && Number(issue.minimum) === 1) return say('at-least-one');
      const values = { bound: Number(issue.minimum), unit: unitOf(issue.origin) };
      if (issue.exact) return say('exactly', values);
      return say(issue.inclusive === false ? 'more-than' : 'at-least', values);
    }
    case 'too_big': {
      const values = { bound: Number(issue.maximum), unit: unitOf(issue.origin) };
      if (issue.exact) return say('exactly', values);
      return say(issue.inclusive === false ? 'less-than' : 'at-most', values);
    }
    case 'not_multiple_of':
      return say('multiple-of', { divisor: Number(issue.divisor) });
    case 'invalid_format':
      return say('format', { format: issue.format in formats ? issue.format : 'pattern' });
    case 'invalid_value':
      return issue.values.length === 1
        ? say('must-be', { value: String(issue.values[0]) })
        : say('one-of', { values: issue.values.map(String).join(', ') });
    case 'unrecognized_keys':
      return say('unknown-field');
    case 'invalid_union':
      return say('invalid-value');
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return say('not-valid');
    default:
      return undefined;
  }
};

z.config({ customError: messageFor });
