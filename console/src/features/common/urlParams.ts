/** A URL parameter's value as a positive integer id, or null when missing or not one. */
export const positiveInt = (value: string | null) =>
  value !== null && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
