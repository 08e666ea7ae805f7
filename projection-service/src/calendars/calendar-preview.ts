import {
  addDays,
  affectedItems,
  changeSpan,
  candidateDays,
  changedDays,
  definitionOn,
  impactPerProject,
  maxListedChangedDays,
  notFound,
  toDayNumber,
  windowsOf,
  withCalendarVersion,
} from '@fahrplan/contracts';
import type {
  AffectedItem,
  CalendarPreviewAnswer,
  CalendarPreviewRequest,
  CalendarRules,
  CalendarVersion,
  ChangedDay,
  DayWindow,
  PreviewCandidate,
  RulesPair,
} from '@fahrplan/contracts';
import { fieldError } from '../http/query-params';
import { encodeCursor } from '../http/paging';
import type { PageRequest } from '../http/paging';
import { liveRecord } from '../http/query-helpers';
import type { ReadView } from '../read-store/read-store';
import { itemsOf } from '../items/timeline';
import type { OwnerLevels } from '../items/timeline';
import { previewMilestones } from './preview-milestones';
import type { PreviewProject } from './preview-milestones';

/** What a preview reads: the read models (now or as of an instant), the caller's tenant, and the rules of versions. */
export interface PreviewSources {
  readonly store: ReadView;
  readonly tenant: string;
  readonly rulesOf: (versions: readonly CalendarVersion[]) => CalendarRules;
  /** The versions of the tenant's calendar `id`, null when it has none live (the default always has). */
  readonly versionsOf: (id: number) => Promise<readonly CalendarVersion[] | null>;
}

/** The most items one preview reads (those in the changed days' windows, or a switching project's). */
export const maxPreviewItems = 2_000_000;
/** A preview reads the items of this many projects per read of the interval index. */
const projectBatch = 1000;

const projectFields = ['id', 'tenant', 'title', 'scheduling', 'calendar'] as const;

/** The tenant's live projects on calendar `id`, by the projects' calendar index. */
const projectsOn = async (store: ReadView, tenant: string, id: number): Promise<PreviewProject[]> => {
  const filter = { tenant, deleted: false, calendar: id };
  return (await store.findFields('groups', filter, projectFields)) as unknown as PreviewProject[];
};

/** The candidates of `projects` overlapping any of `windows`: reads of the timeline's interval index. */
const candidatesIn = async (
  store: ReadView,
  projects: readonly PreviewProject[],
  windows: readonly DayWindow[],
): Promise<PreviewCandidate[]> => {
  const levels: OwnerLevels = new Map();
  const found: PreviewCandidate[] = [];
  for (const window of windows)
    for (let i = 0; i < projects.length; i += projectBatch) {
      const batch = projects.slice(i, i + projectBatch);
      found.push(...(await itemsOf(store, batch, toDayNumber(window.from), toDayNumber(window.to), levels)));
      if (found.length > maxPreviewItems)
        throw fieldError(
          'definition',
          'too large a change',
          `the change reaches more than ${maxPreviewItems} items`,
        );
    }
  return found;
};

/** What a preview compares: the rules before and after, the projects it reaches and their candidate items. */
interface Comparison {
  readonly rules: RulesPair;
  readonly days: readonly ChangedDay[];
  readonly projects: readonly PreviewProject[];
  readonly candidates: readonly PreviewCandidate[];
}

const changeComparison = async (
  sources: PreviewSources,
  id: number,
  versions: readonly CalendarVersion[],
  { effectiveFrom, definition }: { effectiveFrom: string; definition: CalendarVersion['definition'] },
): Promise<Comparison> => {
  const rules = {
    before: sources.rulesOf(versions),
    after: sources.rulesOf(withCalendarVersion(versions, { effectiveFrom, definition })),
  };
  const span = changeSpan(versions, effectiveFrom);
  const candidates = candidateDays(definitionOn(versions, span.from), definition, span.from, span.to);
  const days = changedDays(rules.before, rules.after, span.from, span.to, candidates ?? undefined);
  if (days.length === 0) return { rules, days, projects: [], candidates: [] };
  const projects = await projectsOn(sources.store, sources.tenant, id);
  const windows = windowsOf(days.map((day) => day.date));
  return { rules, days, projects, candidates: await candidatesIn(sources.store, projects, windows) };
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
    ['id', 'group', 'title', 'start', 'end'],
    { limit: maxPreviewItems },
  )) as unknown as PreviewCandidate[];
  if (candidates.length === 0) return { rules, days: [], projects: [project], candidates };
  // the days compared: those the project's items span
  const starts = candidates.map((item) => item.start.slice(0, 10)).sort();
  const ends = candidates.map((item) => (item.end ?? item.start).slice(0, 10)).sort();
  const days = changedDays(rules.before, rules.after, starts[0]!, addDays(ends.at(-1)!, 1));
  return { rules, days, projects: [project], candidates };
};

/** The page of `items` after the cursor's item (by project and id). */
const pageOfItems = (items: readonly AffectedItem[], page: PageRequest) => {
  const after = page.after;
  if (after && (after.length !== 2 || typeof after[0] !== 'number'))
    throw fieldError(
      'cursor',
      'a cursor from nextCursor',
      'the query parameter cursor is not one this list gave',
    );
  const [project, id] = after ? [after[0] as number, Number(after[1])] : [-1, -1];
  const from = items.findIndex(
    (item) => item.project > project || (item.project === project && item.id > id),
  );
  const rest = from < 0 ? [] : items.slice(from);
  const shown = rest.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    items: shown,
    nextCursor: rest.length > page.limit && last ? encodeCursor([last.project, String(last.id)]) : null,
  };
};

/**
 * Issue 24's impact preview of calendar `id`: of a change of its definition from a date, or of a
 * project's switch to it. Reads the calendars' versions, the projects on the calendar and, through the
 * timeline's interval index, their items in the windows of the changed days; writes nothing.
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
  const reached = new Set(projects.map((p) => p.id));
  const affected =
    days.length === 0 ? [] : affectedItems(comparison.candidates, (p) => (reached.has(p) ? rules : null));
  const totals = impactPerProject(affected);
  const titles = new Map(projects.map((p) => [p.id, p.title]));
  const milestones = await previewMilestones(sources, affected, projects, rules);
  const shown = pageOfItems(affected, page);
  const onPage = new Set(shown.items.map((item) => item.project));
  return {
    changedDays: days.slice(0, maxListedChangedDays),
    changedDayCount: days.length,
    totals: {
      projects: totals.length,
      items: affected.length,
      delta: totals.reduce((sum, t) => sum + t.delta, 0),
    },
    // the totals of the page's projects: a dialog shows them above their items
    projects: totals
      .filter((t) => onPage.has(t.project))
      .map((t) => ({ ...t, title: titles.get(t.project) ?? '' })),
    ...shown,
    ...milestones,
  };
};
