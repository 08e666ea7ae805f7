import { serverToUiDate } from '@fahrplan/contracts';
import { shownItemDates } from '../common/listDate';
import type { CalendarPreviewAnswer } from '@fahrplan/contracts';

/** A count of working days in `locale` (half days as .5). */
export const formatDays = (days: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(days);

/** A change of working days with its sign (+1, −0.5, 0). */
export const formatDelta = (delta: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(delta);

/** An item's dates as the dialogs show them: its start and last day, a milestone's start alone. */
export const itemDates = (start: string, end: string | null) => {
  const shown = shownItemDates({ start, end });
  return shown.end === null ? shown.start : `${shown.start} – ${shown.end}`;
};

/** The project titles of a preview's pages by id, for the item and milestone rows. */
export const projectTitles = (pages: readonly CalendarPreviewAnswer[]): ReadonlyMap<number, string> =>
  new Map(pages.flatMap((page) => page.projects.map((project) => [project.project, project.title] as const)));

/** How many changed days the summary lists by date. */
const listedDays = 12;

/** The first changed days as dates with their working time before → after, `more` after the last listed. */
export const changedDaysText = (preview: CalendarPreviewAnswer, more: string, locale: string) => {
  const listed = preview.changedDays
    .slice(0, listedDays)
    .map(
      ({ date, before, after }) =>
        `${serverToUiDate(date)} (${formatDays(before, locale)} → ${formatDays(after, locale)})`,
    );
  return preview.changedDayCount > listed.length ? [...listed, more].join(', ') : listed.join(', ');
};
