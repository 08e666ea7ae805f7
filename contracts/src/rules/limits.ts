import { z } from 'zod';
import { isServerDate, isServerDateTime } from './dates';
import { say } from './messages';

/**
 * Text limits of §5 as zod schemas that the server and the console share. Texts are trimmed before
 * they are checked (§5 "Texts are trimmed before sending"); an empty optional text becomes null.
 */
export const limits = {
  title: 200,
  subtitle: 200,
  description: 1000,
  contact: 200,
  release: 50,
  assetNr: 50,
  projectNr: 50,
  shortname: 50,
  provider: 200,
  vendor: 200,
  docUrl: 1000,
  cockpitid: 100,
  iamId: 50,
  issueId: 100,
  className: 100,
  comment: 2000,
} as const;

const tooLong = (max: number) => say('at-most', { bound: max, unit: 'characters' });

/** A required text: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ error: say('required') })
    .trim()
    .min(1, { error: say('required') })
    .max(max, { error: tooLong(max) });

/**
 * NUL and every other control character (C0, DEL, C1), and the bidi embeddings, overrides and
 * isolates that make a text show in another order than it is stored ("Trojan Source"). Names and
 * titles refuse them; everything else in them is stored byte for byte as sent.
 */
const hiddenCharacters = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
export const hiddenCharactersMessage = say('hidden-characters');

/** A name or title: a required text that shows as it is stored, on one line. */
export const requiredName = (max: number) =>
  requiredText(max).refine((value) => !hiddenCharacters.test(value), { error: hiddenCharactersMessage });

/** An optional text: trimmed; empty or missing becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong(max) })
    .nullish()
    .transform((v) => (v ? v : null));

/** A server date (YYYY-MM-DD) that exists in the calendar. */
export const serverDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: say('format', { format: 'server-date' }) })
  .refine(isServerDate, { error: say('real-date') });

/** An item date-time (YYYY-MM-DDTHH:mm, §9) that exists in the calendar. */
export const serverDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: say('format', { format: 'server-date-time' }) })
  .refine(isServerDateTime, { error: say('real-date-time') });
