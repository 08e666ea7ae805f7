import dayjs from 'dayjs';
import { formatListDate, isServerDate, itemEndFromServer, maxComparisonDays } from '@fahrplan/contracts';
import type { BaselineComparison, ComparedItem, PlannedDates, ProjectComparison } from '@fahrplan/contracts';
import type { TFunction } from 'i18next';

/** A slip in working days as the table shows it: signed (+3 WD, −2 WD), 0 WD, or nothing. */
export const slipLabel = (days: number | null, t: TFunction): string => {
  if (days === null) return '';
  const sign = days > 0 ? '+' : days < 0 ? '−' : '';
  return t('baselines:slip', { sign, days: Math.abs(days) });
};

/** An item's dates then or now, DD.MM.YYYY; the stored exclusive end shown as its last day. */
export const datesLabel = (dates: PlannedDates | null): string => {
  if (!dates) return '';
  const start = formatListDate(dates.start);
  if (dates.end === null) return start;
  const end = itemEndFromServer(dates.end)!.replace(/ 00:00$/, '');
  return end === start ? start : `${start} – ${end}`;
};

/**
 * The table's sections: each project of the loaded pages with its changed items (all when `unchanged`);
 * a project without any to show is left out.
 */
export const comparisonSections = (
  pages: readonly BaselineComparison[],
  unchanged: boolean,
): { project: ProjectComparison; items: ComparedItem[] }[] =>
  pages
    .flatMap((page) =>
      page.groups.map((project) => ({
        project,
        items: page.items.filter(
          (item) => item.group === project.id && (unchanged || item.change !== 'unchanged'),
        ),
      })),
    )
    .filter((section) => section.items.length > 0);

/** The first day of this month and of the third month after it: the window a comparison opens with. */
export const defaultWindow = (now: Date): { from: string; to: string } => {
  const start = dayjs(now).startOf('month');
  return { from: start.format('YYYY-MM-DD'), to: start.add(3, 'month').format('YYYY-MM-DD') };
};

/**
 * The window a link asks for (`from` and `to`, YYYY-MM-DD, as the timeline's overlay links here), when
 * it is one a comparison answers; else null.
 */
export const linkedWindow = (params: URLSearchParams): { from: string; to: string } | null => {
  const [from, to] = [params.get('from'), params.get('to')];
  if (!from || !to || !isServerDate(from) || !isServerDate(to)) return null;
  const days = dayjs(to).diff(dayjs(from), 'day');
  return days > 0 && days <= maxComparisonDays ? { from, to } : null;
};

/** The CSV file's name: the baseline's name made safe, and the window. */
export const csvFileName = (name: string, from: string, to: string): string =>
  `${name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'baseline'}_${from}_${to}.csv`;
