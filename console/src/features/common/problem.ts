import { getI18n } from 'react-i18next';
import { meaningOf } from '@fahrplan/contracts';
import type { FieldProblem, Meaning, ProblemDetails } from '@fahrplan/contracts';
import { formatNumber } from './numbers';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The RFC 9457 problem details inside an RTK Query error, if the server sent one. */
export const problemOf = (error: unknown): ProblemDetails | null => {
  if (!isRecord(error) || !isRecord(error.data)) return null;
  const data = error.data;
  return typeof data.title === 'string' || typeof data.detail === 'string'
    ? (data as unknown as ProblemDetails)
    : null;
};

export const httpStatusOf = (error: unknown): number | null =>
  isRecord(error) && typeof error.status === 'number' ? error.status : null;

/**
 * Codes whose English detail says more than the code could: a domain refusal without a code of its
 * own (issue 20) shows its detail as the server wrote it.
 */
const unparticular = new Set(['invalid', 'conflict', 'other']);

/** The values of a message as the screens write them: numbers the Swiss way, a record's kind by its name. */
const shownParams = (params: Meaning['params'], t: (key: string) => string) =>
  Object.fromEntries(
    Object.entries(params ?? {}).map(([key, value]) => [
      key,
      typeof value === 'number'
        ? formatNumber(value)
        : key === 'what'
          ? t(`common:problems.what.${value}`)
          : value,
    ]),
  );

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A message by its meaning in the language shown, else `english`: English screens keep the server's
 * own words, which name the particulars.
 */
const said = (kind: 'problem' | 'field', meaning: Meaning, english: string): string => {
  const i18n = getI18n() as ReturnType<typeof getI18n> | undefined;
  if (!i18n?.isInitialized || i18n.language === 'en' || unparticular.has(meaning.code)) return english;
  const key = `common:problems.${kind}.${meaning.code}`;
  if (!i18n.exists(key)) return english;
  const params = meaning.params ?? {};
  // a variant by what the message names: the unit of a bound, the kind or form of a value, the record
  const context =
    kind === 'problem'
      ? params.what === undefined
        ? undefined
        : 'what'
      : (((params.unit ?? params.kind ?? params.format) as string | undefined) ??
        (meaning.code === 'range' && Number(params.decimals) > 0 ? 'decimals' : undefined));
  const text = i18n.t(key, { ...shownParams(params, (k) => i18n.t(k)), context });
  return kind === 'problem' ? capitalised(text) : text;
};

/** A field's message in the language shown: by its code from the server, or by what the text means. */
export const fieldMessage = (error: Pick<FieldProblem, 'message'> & Partial<FieldProblem>): string =>
  said(
    'field',
    error.code ? { code: error.code, params: error.params } : meaningOf(error.message),
    error.message,
  );

/**
 * A refusal for its fields, in the language shown: each field by its name on the screens, with what it
 * should be (`Abgelehnt: Ende: das Ende darf nicht vor dem Beginn liegen`).
 */
const refusedFields = (problem: ProblemDetails): string | null => {
  const i18n = getI18n() as ReturnType<typeof getI18n> | undefined;
  const errors = problem.errors ?? [];
  if (!i18n?.isInitialized || i18n.language === 'en' || errors.length === 0) return null;
  const named = (field: string) =>
    i18n.exists(`common:recordFields.${field}`) ? i18n.t(`common:recordFields.${field}`) : field;
  const fields = errors.map((e) => `${named(e.field)}: ${fieldMessage(e)}`).join('; ');
  return i18n.t('common:problems.problem.invalid-fields', { fields });
};

/** The server's message for the dialog's alert, else the transport's error message. */
export const describeError = (error: unknown): string => {
  const problem = problemOf(error);
  if (problem?.code === 'invalid') return refusedFields(problem) ?? problem.detail;
  if (problem)
    return said('problem', problem.code ? problem : { code: 'other' }, problem.detail || problem.title);
  if (isRecord(error)) {
    if (typeof error.error === 'string') return error.error;
    if (typeof error.message === 'string') return error.message;
    if (typeof error.status === 'number') return `request failed with status ${error.status}`;
  }
  return String(error);
};

/**
 * A refusal's messages for the form's own `fields`, each in the language shown; when it names none of
 * them, its whole message as `other`, for the form's alert.
 */
export const formErrorsOf = <F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F | 'other', string>> => {
  const problems = problemOf(error)?.errors ?? [];
  const named = fields.flatMap((field) => {
    const found = problems.find((e) => e.field === field);
    return found ? [[field, fieldMessage(found)] as const] : [];
  });
  return named.length > 0
    ? (Object.fromEntries(named) as Partial<Record<F | 'other', string>>)
    : ({ other: describeError(error) } as Partial<Record<F | 'other', string>>);
};
