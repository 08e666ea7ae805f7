import { formatListDate } from '@fahrplan/contracts';

/** formatListDate for values from a read model; an unexpected shape is shown as it came. */
export const listDate = (value: string | null | undefined): string => {
  try {
    return formatListDate(value ?? null);
  } catch {
    return value ?? '';
  }
};
