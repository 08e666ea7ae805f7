import {
  addDays,
  changeSpan,
  candidateDays,
  changedDays,
  changedDaysDelta,
  definitionOn,
  maxListedChangedDays,
  notFound,
  toDayNumber,
  windowsOf,
  withCalendarVersion,
} from '@fahrplan/contracts';
import type {
  CalendarPreviewAnswer,
  CalendarPreviewRequest,
  CalendarRules,
  CalendarVersion,
  ChangedDay,
  PreviewCandidate,
  RulesPair,
} from '@fahrplan/contracts';
import type { PageRequest } from '../http/paging';
import { liveRecord } from '../http/query-helpers';
import type { ReadView } from '../read-store/read-store';
import { ImpactTally } from './impact-tally';
import { eachCandidateIn, itemDaysOf, maxPreviewItems } from './preview-candidates';
import { automatic, previewMilestones } from './preview-milestones';
import type { PreviewProject } from './preview-milestones';

/** What a preview reads: the read models (now or as of an instant), the caller's tenant, and the rules of versions. */
export interface PreviewSources {
  readonly store: ReadView;
  readonly tenant: string;
  readonly rulesOf: (versions: readonly CalendarVersion[]) => CalendarRules;
  /** The versions of the tenant's calendar `id`, null when it has none live (the default always has). */
  readonly versionsOf: (id: number) => Promise<readonly CalendarVersion[] | null>;
}

/**
 * The tenant's live projects on calendar `id`, by the projects' calendar index: what reading their
 * items needs (the titles of a page's projects are read once paged).
 */
const projectsOn = async (store: ReadView, tenant: string, id: number): Promise<PreviewProject[]> => {
  const filter = { tenant, deleted: false, calendar: id };
  const found = await store.findFields('groups', filter, ['id', 'scheduling']);
  return found.map((p) => ({ ...(p as unknown as PreviewProject), tenant, title: '', calendar: id }));
};

/**
 * What a preview compares: the rules before and after, the projects it reaches, and their candidate
 * items, handed to `take` batch by batch as they are read.
 */
interface Comparison {
  readonly rules: RulesPair;
  readonly days: readonly ChangedDay[];
  readonly projects: readonly PreviewProject[];
  readonly read: (take: (candidates: readonly PreviewCandidate[]) => void) => Promise<void>;
}

const nothingToRead = async () => {};

const changeComparison = async (
  sources: PreviewSources,
  id: number,
  versions: readonly CalendarVersion[],
  { effectiveFrom, definition }: { effectiveFrom: string; definition: CalendarVersion['definition'] },
): Promise<Comparison> => {
  const { store, tenant } = sources;
  const rules = {
    before: sources.rulesOf(versions),
    after: sources.rulesOf(withCalendarVersion(versions, { effectiveFrom, definition })),
  };
  const span = changeSpan(versions, effectiveFrom);
  const candidates = candidateDays(definitionOn(versions, span.from), definition, span.from, span.to);
  const days = changedDays(rules.before, rules.after, span.from, span.to, candidates ?? undefined);
  if (days.length === 0) return { rules, days, projects: [], read: nothingToRead };
  const projects = await projectsOn(store, tenant, id);
  // only the changed days within the days the tenant's items span can change an item
  const items = await itemDaysOf(store, tenant);
  const within = days.filter((day) => {
    const n = toDayNumber(day.date);
    return items !== null && n >= items.from && n < items.to;
  });
  const windows = windowsOf(within.map((day) => day.date));
  return { rules, days, projects, read: (take) => eachCandidateIn(store, tenant, projects, windows, take) };
};

const switchComparison = async (
  sources: PreviewSources,
  id: number,
  versions: readonly CalendarVersion[],
  projectId: number,
): Promise<Comparison> => {
  const { store, tenant } = sources;
  const doc = await liveRecord(store, 'groups', tenant, String(projectId), 'project');
  const project = doc as unknown as PreviewProject & { calendar: number };
  const current = project.calendar === id ? versions : await sources.versionsOf(project.calendar);
  const rules = { before: sources.rulesOf(current ?? versions), after: sources.rulesOf(versions) };
  const candidates = (await store.findFields(
    'items',
    { tenant, deleted: false, group: projectId },
    ['id', 'group', 'start', 'end'],
    { limit: maxPreviewItems },
  )) as unknown as PreviewCandidate[];
  if (candidates.length === 0) return { rules, days: [], projects: [project], read: nothingToRead };
  // the days compared: those the project's items span
  const starts = candidates.map((item) => item.start.slice(0, 10)).sort();
  const ends = candidates.map((item) => (item.end ?? item.start).slice(0, 10)).sort();
  const days = changedDays(rules.before, rules.after, starts[0]!, addDays(ends.at(-1)!, 1));
  return { rules, days, projects: [project], read: async (take) => take(candidates) };
};

/** The titles of the documents `ids` of `collection` (a page's items or projects). */
const titlesOf = async (store: ReadView, collection: 'items' | 'groups', ids: Iterable<number>) => {
  const docs = await store.getMany(collection, [...ids].map(String));
  return (id: number) => {
    const title = docs.get(String(id))?.title;
    return typeof title === 'string' ? title : '';
  };
};

/**
 * Issue 24's impact preview of calendar `id`: of a change of its definition from a date, or of a
 * project's switch to it. Reads the calendars' versions, the projects on the calendar and, through the
 * interval index, their items in the windows of the changed days within the days the tenant's items
 * span; tallies them as they are read (`ImpactTally`); writes nothing.
 */
export const calendarPreview = async (
  sources: PreviewSources,
  id: number,
  request: CalendarPreviewRequest,
  page: PageRequest,
): Promise<CalendarPreviewAnswer> => {
  const versions = await sources.versionsOf(id);
  if (!versions) throw notFound('calendar');
  const comparison =
    'project' in request
      ? await switchComparison(sources, id, versions, request.project)
      : await changeComparison(sources, id, versions, request);
  const { rules, days, projects } = comparison;
  const reached = new Map(projects.map((p) => [p.id, p]));
  const tally = new ImpactTally(
    page,
    (p) => (reached.has(p) ? rules : null),
    changedDaysDelta(days),
    (p) => automatic(reached.get(p)),
  );
  if (days.length > 0) await comparison.read((candidates) => tally.add(candidates));
  const totals = tally.projects();
  const milestones = tally.seedsComplete
    ? await previewMilestones(sources, tally.seeds, projects, rules)
    : { milestones: [], milestonesComplete: false };
  const shown = tally.pageOfItems();
  const onPage = new Set(shown.items.map((item) => item.project));
  const itemTitle = await titlesOf(
    sources.store,
    'items',
    shown.items.map((item) => item.id),
  );
  const projectTitle = await titlesOf(sources.store, 'groups', onPage);
  return {
    changedDays: days.slice(0, maxListedChangedDays),
    changedDayCount: days.length,
    totals: {
      projects: totals.length,
      items: totals.reduce((sum, t) => sum + t.items, 0),
      delta: totals.reduce((sum, t) => sum + t.delta, 0),
    },
    // the totals of the page's projects: a dialog shows them above their items
    projects: totals
      .filter((t) => onPage.has(t.project))
      .map((t) => ({ ...t, title: projectTitle(t.project) })),
    items: shown.items.map((item) => ({ ...item, title: itemTitle(item.id) })),
    nextCursor: shown.nextCursor,
    ...milestones,
  };
};
