import { defaultCalendarId, movedMilestones } from '@fahrplan/contracts';
import type {
  AffectedItem,
  CalendarRules,
  MovedMilestone,
  PreviewScheduledItem,
  RulesPair,
} from '@fahrplan/contracts';
import { dependencyEdges, dependencyWalk, graphOfEdges } from '../dependencies/dependency-links';
import { isTombstone } from '../read-store/read-store';
import type { ReadDocument } from '../read-store/read-store';
import type { PreviewSources } from './calendar-preview';

/** A project as the preview reads it. */
export interface PreviewProject {
  readonly id: number;
  readonly tenant: string;
  readonly title: string;
  readonly scheduling?: string | null;
  readonly calendar?: number | null;
}

/** The milestones automatic scheduling would move, and whether the walk saw every successor. */
export interface PreviewMilestones {
  readonly milestones: MovedMilestone[];
  readonly milestonesComplete: boolean;
}

/** Whether a project schedules automatically (issue 21). */
export const automatic = (project: Pick<PreviewProject, 'scheduling'> | undefined) =>
  project?.scheduling === 'automatic';

/** The rules of each of `projects`: `reached` ones before and after the change, others their own calendar's. */
const rulesOfProjects = async (
  sources: PreviewSources,
  projects: Iterable<ReadDocument>,
  reached: ReadonlySet<number>,
  rules: RulesPair,
): Promise<Map<number, RulesPair>> => {
  const byCalendar = new Map<number, CalendarRules>();
  const pairs = new Map<number, RulesPair>();
  for (const project of projects) {
    const id = project.id as number;
    if (reached.has(id)) {
      pairs.set(id, rules);
      continue;
    }
    const calendar = (project.calendar as number | null | undefined) ?? defaultCalendarId;
    if (!byCalendar.has(calendar)) {
      const versions = (await sources.versionsOf(calendar)) ?? (await sources.versionsOf(defaultCalendarId))!;
      byCalendar.set(calendar, sources.rulesOf(versions));
    }
    const own = byCalendar.get(calendar)!;
    pairs.set(id, { before: own, after: own });
  }
  return pairs;
};

/**
 * The milestones issue 21's automatic scheduling moves under the new rules: from the affected tasks of
 * automatic projects, along their successors (read by the dependencies' index, at most
 * `maxScheduledItems` items) with those items' other predecessors, which constrain.
 */
export const previewMilestones = async (
  sources: PreviewSources,
  affected: readonly AffectedItem[],
  projects: readonly PreviewProject[],
  rules: RulesPair,
): Promise<PreviewMilestones> => {
  if (affected.length === 0) return { milestones: [], milestonesComplete: true };
  const reached = new Map(projects.map((p) => [p.id, p]));
  const seeds = affected.filter((item) => automatic(reached.get(item.project)));
  if (seeds.length === 0) return { milestones: [], milestonesComplete: true };
  const { store, tenant } = sources;
  const forward = await dependencyWalk(
    store,
    tenant,
    seeds.map((item) => item.id),
    'forward',
  );
  if (!forward) return { milestones: [], milestonesComplete: false };
  // the successors' other predecessors constrain where they may start
  const successors = [...new Set(forward.map((d) => d.successor))];
  const constraints =
    successors.length === 0 ? [] : await dependencyEdges(store, tenant, successors, 'successor');
  const edges = [...forward, ...constraints];
  const ids = new Set([
    ...seeds.map((item) => item.id),
    ...edges.flatMap((d) => [d.predecessor, d.successor]),
  ]);
  const docs = [...(await store.getMany('items', [...ids].map(String))).values()].filter(
    (doc) => !isTombstone(doc) && doc.deleted === false && doc.tenant === tenant,
  );
  const projectDocs = await store.getMany('groups', [...new Set(docs.map((doc) => String(doc.group)))]);
  const pairs = await rulesOfProjects(sources, projectDocs.values(), new Set(reached.keys()), rules);
  const items = new Map<number, PreviewScheduledItem>(
    docs.flatMap((doc) => {
      const project = projectDocs.get(String(doc.group));
      if (!project || isTombstone(project) || project.tenant !== tenant) return [];
      const { id, group, title, start, end } = doc as unknown as PreviewScheduledItem;
      return [
        [id, { id, group, title, start, end, automatic: automatic(project as unknown as PreviewProject) }],
      ];
    }),
  );
  const graph = graphOfEdges(edges);
  return {
    milestones: movedMilestones({ graph, items, affected: seeds, rulesOf: (p) => pairs.get(p)! }),
    milestonesComplete: true,
  };
};
