import type { TimelineDetail } from '@fahrplan/contracts';
import type { PrintoutRequest } from './printoutsApi';

export const timelineFormats = ['pdf-a4', 'pdf-a3', 'png'] as const;
export type TimelineFormat = (typeof timelineFormats)[number];

/** The timeline as the screen shows it: the visible window, the zoom's detail, the filters, a baseline. */
export interface TimelineShown {
  /** YYYY-MM-DD, the window [from, to). */
  readonly from: string;
  readonly to: string;
  readonly detail: TimelineDetail;
  /** The filters as the URL keeps them (project, status, resource, application: ids). */
  readonly filters: Readonly<Record<'project' | 'status' | 'resource' | 'application', readonly string[]>>;
  /** The baseline overlaid, where one is shown. */
  readonly baseline: number | null;
  /** The language the console shows. */
  readonly language: string;
}

/** The query's names of the URL's filters: the timeline's API calls projects `group`. */
const filterParams = {
  project: 'group',
  status: 'status',
  resource: 'resource',
  application: 'application',
} as const;

/**
 * The request of a timeline printout with exactly the timeline's query: the same window, detail and
 * filters (a scenario or an instant the base query adds, as to every query).
 */
export function timelinePrintout(shown: TimelineShown, format: TimelineFormat): PrintoutRequest {
  const params: Record<string, string> = {
    from: shown.from,
    to: shown.to,
    detail: shown.detail,
    lang: shown.language,
  };
  for (const [name, param] of Object.entries(filterParams)) {
    const values = shown.filters[name as keyof typeof filterParams];
    if (values.length > 0) params[param] = values.join(',');
  }
  if (shown.baseline !== null && shown.detail !== 'summary') params.baseline = String(shown.baseline);
  if (format !== 'png') params.paper = format === 'pdf-a3' ? 'a3' : 'a4';
  return { path: format === 'png' ? '/exports/timeline.png' : '/exports/timeline.pdf', params };
}

/** The file name a timeline printout is saved under. */
export const timelineFileName = (shown: Pick<TimelineShown, 'from' | 'to'>, format: TimelineFormat) =>
  `timeline-${shown.from}-${shown.to}${format === 'png' ? '.png' : `-${format.slice(4)}.pdf`}`;

/** A project's summary PDF. */
export const summaryPrintout = (projectId: number, language: string): PrintoutRequest => ({
  path: `/exports/projects/${projectId}/summary.pdf`,
  params: { lang: language },
});
