import { z } from 'zod';
import type { core } from 'zod';

const grouped = (n: number | bigint) => n.toLocaleString('en-US', { maximumFractionDigits: 20 });

const kinds: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a record',
  date: 'a date',
};

const unitOf = (origin: string) =>
  origin === 'string' ? ' characters' : origin === 'array' || origin === 'set' ? ' entries' : '';

const formats: Record<string, string> = {
  email: 'an e-mail address',
  url: 'a web address',
  datetime: 'a date and time like 2026-11-27T14:30:00Z',
  date: 'a date like 2026-11-27',
  time: 'a time like 14:30',
  uuid: 'an id like 123e4567-e89b-12d3-a456-426614174000',
};

/**
 * What a refused value should have been, said for people: zod's own messages ("Too small: expected
 * string to have >=1 characters") name schema internals. Fields with a message of their own (the
 * text limits, the numeric ranges) keep it; this covers everything else.
 */
export const messageFor = (issue: core.$ZodRawIssue): string | undefined => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'required';
      return kinds[issue.expected] ?? 'not a valid value';
    case 'too_small': {
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'required';
      if (issue.origin === 'array' && Number(issue.minimum) === 1) return 'at least one entry';
      const bound = grouped(issue.minimum);
      if (issue.exact) return `exactly ${bound}${unitOf(issue.origin)}`;
      return issue.inclusive === false
        ? `more than ${bound}${unitOf(issue.origin)}`
        : `at least ${bound}${unitOf(issue.origin)}`;
    }
    case 'too_big': {
      const bound = grouped(issue.maximum);
      if (issue.exact) return `exactly ${bound}${unitOf(issue.origin)}`;
      return issue.inclusive === false
        ? `less than ${bound}${unitOf(issue.origin)}`
        : `at most ${bound}${unitOf(issue.origin)}`;
    }
    case 'not_multiple_of':
      return `a multiple of ${grouped(issue.divisor)}`;
    case 'invalid_format':
      return formats[issue.format] ?? 'not in the expected form';
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${String(issue.values[0])}`
        : `one of ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return 'unknown field';
    case 'invalid_union':
      return 'not a valid value';
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return 'not valid';
    default:
      return undefined;
  }
};

z.config({ customError: messageFor });
