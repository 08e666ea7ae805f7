import { serverDateSchema, validationError } from '@fahrplan/contracts';

/** A request's query parameters as Express hands them over. */
export type QueryParams = Readonly<Record<string, string | string[] | undefined>>;

/** A 400 naming the query parameter `field` that is wrong and how. */
export const fieldError = (field: string, message: string, detail: string) =>
  validationError(detail, [{ field, message }]);

/** Express hands a repeated query parameter (`?q=a&q=b`) over as an array: refuse it instead of failing on it. */
export const single = (name: string, value: string | string[] | undefined): string | undefined => {
  if (!Array.isArray(value)) return value;
  throw validationError(`the query parameter ${name} may be given only once`, [
    { field: name, message: 'only once' },
  ]);
};

/** A record id in a path: a whole number of at most 15 digits, the ids' safe-integer range. */
export const isRecordId = (text: string): boolean => /^\d{1,15}$/.test(text);

/** A whole-number query parameter, or a 400 naming it. */
export const integer = (name: string, value: string | string[] | undefined): number | undefined => {
  const text = single(name, value);
  if (text === undefined || text === '') return undefined;
  if (!/^\d{1,9}$/.test(text))
    throw validationError(`the query parameter ${name} must be a whole number`, [
      { field: name, message: 'a whole number' },
    ]);
  return Number(text);
};

/** A comma list of whole numbers (`1,2,3`); undefined when absent or empty. */
export const numbers = (name: string, value: string | string[] | undefined): number[] | undefined => {
  const text = single(name, value)?.trim();
  if (!text) return undefined;
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length > 1000 || parts.some((p) => !/^\d{1,9}$/.test(p)))
    throw fieldError(
      name,
      'whole numbers',
      `the query parameter ${name} must be a comma list of whole numbers`,
    );
  return [...new Set(parts.map(Number))];
};

/** A required date parameter (YYYY-MM-DD). */
export const date = (name: string, value: string | string[] | undefined): string => {
  const parsed = serverDateSchema.safeParse(single(name, value) ?? '');
  if (!parsed.success) throw fieldError(name, 'YYYY-MM-DD', `${name} is required as a date YYYY-MM-DD`);
  return parsed.data;
};

/** A yes/no parameter (`true` or `false`); undefined when absent or empty. */
export const flag = (name: string, value: string | string[] | undefined): boolean | undefined => {
  const text = single(name, value);
  if (text === undefined || text === '') return undefined;
  if (text === 'true' || text === 'false') return text === 'true';
  throw fieldError(name, 'true or false', `the query parameter ${name} must be true or false`);
};
