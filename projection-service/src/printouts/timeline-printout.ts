import {
  addDays,
  localisedOptionLists,
  maxComparisonDays,
  optionLabel,
  toDayNumber,
} from '@fahrplan/contracts';
import type { BaselineView, CalendarRules, OptionLists, TimelineView } from '@fahrplan/contracts';
import type { Principal } from '@fahrplan/platform';
import { compareWithBaseline } from '../baselines/baseline-reader';
import type { BaselineStores } from '../baselines/baseline-reader';
import { fieldError } from '../http/query-params';
import type { PageRequest } from '../http/paging';
import { maxPageLimit, pageRequest } from '../http/paging';
import type { ReadView } from '../read-store/read-store';
import { isTombstone } from '../read-store/read-store';
import type { ProjectFilters } from '../items/timeline';
import { isVisible } from '../groups/visible-groups';
import type { PrintTexts } from './print-texts';
import { uiDate } from './print-texts';
import type { TimelineContent, TimelineGhost } from './timeline-layout';

/** A timeline printout holds at most this many projects (a PDF of about 200 A4 pages). */
export const maxPrintRows = 2_000;
/** …on at most this many pages… */
export const maxPrintPages = 200;
/** …and a PNG is at most this many points tall (twice as many pixels). */
export const maxImageHeight = 8_000;

/** One page of the timeline's rows, as GET /api/timeline answers it. */
export type TimelinePageReader = (page: PageRequest) => Promise<TimelineView>;

/**
 * Every row of the timeline's window and filters, read page by page from the same query the console
 * uses; more than `maxPrintRows` projects is a 400 that names the limit, read no further.
 */
export const readWholeTimeline = async (read: TimelinePageReader): Promise<TimelineView> => {
  const pages: TimelineView[] = [];
  let after: PageRequest['after'] = null;
  let rows = 0;
  do {
    const page = await read({ limit: Math.min(maxPageLimit, maxPrintRows + 1 - rows), after });
    pages.push(page);
    rows += page.groups.length;
    if (rows > maxPrintRows)
      throw fieldError(
        'group',
        `at most ${maxPrintRows} projects`,
        `a timeline printout holds at most ${maxPrintRows} projects: narrow the filters or the window`,
      );
    after = page.nextCursor === null ? null : pageRequest(undefined, page.nextCursor).after;
  } while (after !== null);
  const [first] = pages;
  return {
    ...first!,
    groups: pages.flatMap((p) => p.groups),
    items: pages.flatMap((p) => p.items),
    summaries: pages.flatMap((p) => p.summaries),
    itemCount: pages.reduce((sum, p) => sum + p.itemCount, 0),
    nextCursor: null,
  };
};

/** The window a baseline overlays: the printed one, or its middle year when it is wider, as on screen. */
export const overlayWindow = (from: string, to: string): { from: string; to: string } => {
  const days = toDayNumber(to) - toDayNumber(from);
  if (days <= maxComparisonDays) return { from, to };
  const start = addDays(from, Math.floor((days - maxComparisonDays) / 2));
  return { from: start, to: addDays(start, maxComparisonDays) };
};

/**
 * The ghosts of `baseline` under the printed rows: each moved item where it stood then, each removed
 * one in its project's lane of its kind; read a page of 1,000 projects at a time, as the console does.
 */
export const baselineGhosts = async (
  stores: BaselineStores,
  principal: Principal,
  baseline: BaselineView,
  view: TimelineView,
): Promise<TimelineGhost[]> => {
  const window = overlayWindow(view.from, view.to);
  const ids = view.groups.map((g) => g.id);
  const ghosts: TimelineGhost[] = [];
  for (let at = 0; at < ids.length; at += maxPageLimit) {
    const page = await compareWithBaseline(
      stores,
      principal,
      String(baseline.id),
      () => window,
      ids.slice(at, at + maxPageLimit),
      { limit: maxPageLimit, after: null },
    );
    for (const item of page.items) {
      if (!item.then || (item.change !== 'slipped' && item.change !== 'removed')) continue;
      if (item.type === 'background' || item.type === 'lane-background') continue;
      ghosts.push({
        id: item.id,
        group: item.group,
        subgroup: item.then.end === null ? 'milestones' : 'tasks',
        title: item.title,
        start: item.then.start,
        end: item.then.end,
        removed: item.change === 'removed',
      });
    }
  }
  return ghosts;
};

export const contentOf = (
  view: TimelineView,
  ghosts: readonly TimelineGhost[],
  today: string,
  calendars?: ReadonlyMap<number, CalendarRules>,
): TimelineContent => ({
  from: view.from,
  to: view.to,
  groups: view.groups,
  items: view.items,
  summaries: view.summaries,
  ghosts,
  today,
  calendars,
});

/**
 * The names of records by id that the caller's tenant sees (its own; a project shared with it), one
 * read by id; any other id as '#id', so that a filter never names another tenant's record.
 */
const namesOf = async (
  store: ReadView,
  tenant: string,
  collection: 'groups' | 'resources' | 'applications',
  ids: readonly number[],
  field: 'title' | 'name',
): Promise<string[]> => {
  const stored = await store.getMany(
    collection,
    ids.map((id) => String(id)),
  );
  return ids.map((id) => {
    const doc = stored.get(String(id));
    const seen =
      doc && !isTombstone(doc) && (collection === 'groups' ? isVisible(doc, tenant) : doc.tenant === tenant);
    return seen ? String(doc[field]) : `#${id}`;
  });
};

/** What a timeline printout's header says beside its title. */
export interface HeaderFacts {
  readonly from: string;
  readonly to: string;
  readonly filters: ProjectFilters;
  readonly optionLists: OptionLists;
  /** Now, as the date of export. */
  readonly now: Date;
  readonly scenario: string | null;
  readonly baseline: string | null;
  readonly asOf: string | null;
}

/** The header's lines: the window, the filters by name, the scenario, baseline or instant, the export's date. */
export const headerLines = async (
  store: ReadView,
  tenant: string,
  facts: HeaderFacts,
  { say, language }: PrintTexts,
): Promise<string[]> => {
  const { groups, status, resource, application } = facts.filters;
  const lists = localisedOptionLists(facts.optionLists, language);
  const own = (names: Promise<string[]>) => names.then((n) => n.join(', '));
  const filters = [
    groups && `${say('projects')}: ${await own(namesOf(store, tenant, 'groups', groups, 'title'))}`,
    status && `${say('status')}: ${status.map((s) => optionLabel(lists, 'projectStatus', s)).join(', ')}`,
    resource && `${say('resources')}: ${await own(namesOf(store, tenant, 'resources', resource, 'name'))}`,
    application &&
      `${say('applications')}: ${await own(namesOf(store, tenant, 'applications', application, 'name'))}`,
  ].filter((f): f is string => typeof f === 'string');
  const window = `${say('window')}: ${uiDate(facts.from)} – ${uiDate(addDays(facts.to, -1))}`;
  const context = [
    facts.scenario && `${say('scenario')}: ${facts.scenario}`,
    facts.baseline && `${say('baseline')}: ${facts.baseline}`,
    facts.asOf && `${say('asOf')}: ${uiDate(facts.asOf)}`,
  ].filter((f): f is string => typeof f === 'string');
  const exported = `${say('exported')} ${exportStamp(facts.now)}`;
  return [
    [window, ...context].join(' · '),
    filters.length > 0 ? filters.join(' · ') : say('noFilters'),
    exported,
  ];
};

/** DD.MM.YYYY HH:mm of an instant, in Swiss time as the planners read it. */
export const exportStamp = (now: Date): string =>
  new Intl.DateTimeFormat('de-CH', {
    timeZone: 'Europe/Zurich',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(now)
    .replace(',', '');

/** Today's date in Swiss time (YYYY-MM-DD), for the today line. */
export const swissToday = (now: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(now);
