/**
 * What a number field holds: the number, '' while empty, or the text as typed when it is no number
 * the field can hold ("-", or 99999999999999999999 beyond the safe integers). It is never clamped or
 * replaced, so the user sees what they typed and the shared schema names what is allowed.
 */
export type NumberFieldValue = number | string;

/**
 * The number a command carries for a field: null when empty; a text that is no number becomes NaN,
 * which every range refuses, so an unfinished value can never be saved as some other number.
 */
export const fieldNumber = (value: NumberFieldValue | null): number | null => {
  if (value === null || value === '') return null;
  return typeof value === 'number' ? value : Number(value.trim() || Number.NaN);
};
