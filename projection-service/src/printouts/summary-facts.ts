import { addDays, localisedOptionLists, optionLabel } from '@fahrplan/contracts';
import type { OptionLists } from '@fahrplan/contracts';
import type { GroupDoc } from '../groups/groups.projection';
import { durationOf, priorityOf } from '../groups/groups.projection';
import { budgetsOf } from '../groups/group-view';
import { itemSorts } from '../items/items.controller';
import { maxPageLimit, pageRequest, sortRequest, sortedPage } from '../http/paging';
import type { PageRequest } from '../http/paging';
import type { ReadView } from '../read-store/read-store';
import { isTombstone } from '../read-store/read-store';
import { sunburstArcs } from './goal-sunburst';
import type { SunburstGoal } from './goal-sunburst';
import type { PrintTexts } from './print-texts';
import { swissNumber, uiDate } from './print-texts';
import type { ProjectSummary, SummaryMilestone } from './project-summary';
import { summaryMilestones } from './project-summary';
import { exportStamp } from './timeline-printout';

/** A summary reads at most this many of the project's items, a page of 1,000 at a time, for its milestones. */
export const maxSummaryItems = 10_000;
/** …and follows a goal's parents at most this deep. */
const maxGoalDepth = 10;

/** The project's milestones by date: its items read by rank, page by page, at most `maxSummaryItems`. */
const milestonesOf = async (store: ReadView, project: GroupDoc): Promise<SummaryMilestone[]> => {
  const found: SummaryMilestone[] = [];
  let after: PageRequest['after'] = null;
  for (let read = 0; read < maxSummaryItems; read += maxPageLimit) {
    const page = await sortedPage(
      store,
      'items',
      { tenant: project.tenant, deleted: false, group: project.id },
      sortRequest(undefined, itemSorts, 'rank'),
      { limit: maxPageLimit, after },
    );
    for (const doc of page.docs)
      if (doc.end === null && doc.type !== 'background' && doc.type !== 'lane-background')
        found.push({ title: String(doc.title), start: String(doc.start) });
    if (page.nextCursor === null) break;
    after = pageRequest(undefined, page.nextCursor).after;
  }
  return found.sort((a, b) => a.start.localeCompare(b.start));
};

/** The project's rated goals and their parents (the owner's goals), read by id a level at a time. */
const goalsOf = async (store: ReadView, project: GroupDoc): Promise<SunburstGoal[]> => {
  const goals = new Map<number, SunburstGoal>();
  let wanted = project.goals.map((g) => g.goalId);
  for (let depth = 0; depth < maxGoalDepth && wanted.length > 0; depth++) {
    const stored = await store.getMany(
      'goals',
      wanted.map((id) => String(id)),
    );
    const next: number[] = [];
    for (const doc of stored.values()) {
      if (isTombstone(doc) || doc.tenant !== project.tenant || doc.deleted === true) continue;
      const goal = {
        id: doc.id as number,
        name: String(doc.name),
        parent: (doc.parent as number | null) ?? null,
        rank: (doc.rank as number | null) ?? null,
      };
      goals.set(goal.id, goal);
      if (goal.parent !== null && !goals.has(goal.parent)) next.push(goal.parent);
    }
    wanted = [...new Set(next)];
  }
  return [...goals.values()];
};

/** What a project's summary page says, in `texts`' language. */
export const summaryOf = async (
  store: ReadView,
  project: GroupDoc,
  optionLists: OptionLists,
  now: Date,
  { say, language }: PrintTexts,
): Promise<ProjectSummary> => {
  const lists = localisedOptionLists(optionLists, language);
  const [budgets, milestones, goals, resource] = await Promise.all([
    budgetsOf(store, [project]),
    milestonesOf(store, project),
    goalsOf(store, project),
    project.resource === null ? null : store.get('resources', String(project.resource)),
  ]);
  const budget = project.account === null ? null : budgets.get(project.account);
  const duration = durationOf(project.start, project.end);
  const figures: [string, string][] = [
    [say('status'), optionLabel(lists, 'projectStatus', project.status)],
    [say('phase'), optionLabel(lists, 'projectPhase', project.phase)],
    [say('health'), optionLabel(lists, 'projectHealth', project.healthStatus)],
    [say('start'), project.start ? uiDate(project.start) : '—'],
    // a project's end is stored exclusive: the console shows its last day
    [say('end'), project.end ? uiDate(addDays(project.end.slice(0, 10), -1)) : '—'],
    [say('duration'), duration === null ? '—' : say('workingDays', { n: swissNumber(duration) })],
    [
      say('budget'),
      budget === undefined || budget === null ? say('noBudget') : `CHF ${swissNumber(budget, 2)}`,
    ],
    [say('resource'), resource && !isTombstone(resource) ? String(resource.name) : '—'],
  ];
  const values = new Map(project.goals.map((g) => [g.goalId, g.value]));
  return {
    title: project.title,
    exported: exportStamp(now),
    figures,
    priority: priorityOf(project),
    arcs: sunburstArcs(goals, values),
    milestones: milestones.slice(0, summaryMilestones),
    more: Math.max(0, milestones.length - summaryMilestones),
    start: project.start,
    end: project.end,
  };
};
