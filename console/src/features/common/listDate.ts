import { formatListDate, itemEndFromServer } from '@fahrplan/contracts';

/** formatListDate for values from a read model; an unexpected shape is shown as it came. */
export const listDate = (value: string | null | undefined): string => {
  try {
    return formatListDate(value ?? null);
  } catch {
    return value ?? '';
  }
};

/** An item's dates as the dialogs show them: the start, and the last day of a task (its end is exclusive). */
export const shownItemDates = ({ start, end }: { start: string; end: string | null }) => ({
  start: formatListDate(start),
  end: end === null ? null : itemEndFromServer(end)!.replace(/ 00:00$/, ''),
});
