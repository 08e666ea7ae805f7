import type { PortfolioTotals } from '@fahrplan/contracts';
import type { Fields, Projection, Summary, SummaryDelta, Transition } from '../projections/projection';
import { EFFORT_DAYS, dayCounts, effortDaysId, withDayCount } from './effort-days';
import type { DayCount, EffortDaysDoc } from './effort-days';

/** The totals of one side without its milestones. */
export type Totals = Omit<PortfolioTotals, 'milestones'>;

/** What the tenant's document holds: the totals but the effort, which its calendars' histograms hold. */
export type ProjectTotals = Omit<Totals, 'effortWorkingDays'>;

/** A tenant's running portfolio totals: one document per tenant, id the tenant. */
export interface PortfolioTotalsDoc extends ProjectTotals {
  readonly tenant: string;
}

export const PORTFOLIO_TOTALS = 'portfolioTotals';

export const emptyTotals = (): Totals => ({
  budget: 0,
  effortWorkingDays: 0,
  projectsByStatus: {},
  priorities: {},
});

/** A live project's share of the totals (null for none): its status, its priority and its account's budget. */
export const projectShare = (project: Fields | null | undefined, account: Fields | null | undefined) =>
  project && project.deleted === false && !project._deleted
    ? {
        status: String(project.status ?? ''),
        priority: String(project._priority ?? 0),
        budget: typeof account?.budget === 'number' ? account.budget : 0,
      }
    : null;

type Share = ReturnType<typeof projectShare>;

const counted = (counts: Record<string, number>, key: string, by: number) => {
  const next = (counts[key] ?? 0) + by;
  if (next === 0) delete counts[key];
  else counts[key] = next;
};

/** `totals` plus `by` times `share` (a copy). */
export const withShare = <T extends Totals>(totals: T, share: Share, by: 1 | -1): T => {
  if (!share) return totals;
  const projectsByStatus = { ...totals.projectsByStatus };
  const priorities = { ...totals.priorities };
  counted(projectsByStatus, share.status, by);
  counted(priorities, share.priority, by);
  return { ...totals, budget: totals.budget + by * share.budget, projectsByStatus, priorities };
};

/** `a` plus `b`. */
export const addTotals = (a: Totals, b: Totals): Totals => {
  const projectsByStatus = { ...a.projectsByStatus };
  const priorities = { ...a.priorities };
  for (const [key, by] of Object.entries(b.projectsByStatus)) counted(projectsByStatus, key, by);
  for (const [key, by] of Object.entries(b.priorities)) counted(priorities, key, by);
  return {
    budget: a.budget + b.budget,
    effortWorkingDays: a.effortWorkingDays + b.effortWorkingDays,
    projectsByStatus,
    priorities,
  };
};

const accountOf = (project: Fields | null): string | null =>
  typeof project?.account === 'number' ? String(project.account) : null;

const tenantOf = ({ before, after }: Transition) => String((after ?? before)!.tenant);

/** A project counts its linked account's budget; the account refers to the project (a decider's rule). */
const projectOfAccount = ({ before, after }: Transition): string | null => {
  const account = after ?? before;
  return account?.refType === 'group' ? String(account.refId) : null;
};

const isEmpty = (delta: Totals) =>
  delta.budget === 0 &&
  Object.keys(delta.projectsByStatus).length === 0 &&
  Object.keys(delta.priorities).length === 0;

type Delta = Totals | DayCount;
type Doc = PortfolioTotalsDoc | EffortDaysDoc;

const isDayCount = (delta: Delta): delta is DayCount => (delta as DayCount).kind === EFFORT_DAYS;

/** A task's move in its calendar's histogram: out as it was, in as it is (the same day's counts cancel). */
const taskDeltas = ({ before, after }: Transition): SummaryDelta<Delta>[] =>
  [...dayCounts(before, -1), ...dayCounts(after, 1)].map((count) => ({
    id: effortDaysId(count.tenant, count.calendar, count.day),
    delta: count,
  }));

const portfolioSummary: Summary<Doc, Delta> = {
  covers: ['items', 'groups', 'accountBudgets'],
  reads: (transition) => {
    if (transition.collection === 'groups')
      return [accountOf(transition.before), accountOf(transition.after)]
        .filter((id): id is string => id !== null)
        .map((id) => ({ collection: 'accountBudgets', id }));
    const project = transition.collection === 'accountBudgets' ? projectOfAccount(transition) : null;
    return project === null ? [] : [{ collection: 'groups', id: project }];
  },
  deltas: (transition, read): SummaryDelta<Delta>[] => {
    const { collection, before, after } = transition;
    if (collection === 'items') return taskDeltas(transition);
    let delta = emptyTotals();
    if (collection === 'groups') {
      const budget = (project: Fields | null) => {
        const account = accountOf(project);
        return account === null ? null : read('accountBudgets', account);
      };
      delta = withShare(
        withShare(delta, projectShare(after, budget(after)), 1),
        projectShare(before, budget(before)),
        -1,
      );
    } else if (collection === 'accountBudgets') {
      const id = projectOfAccount(transition);
      const project = id === null ? null : read('groups', id);
      const account = (after ?? before)!;
      if (project && String(project.account) === String(account.id) && projectShare(project, null))
        delta = {
          ...delta,
          budget:
            (typeof after?.budget === 'number' ? after.budget : 0) -
            (typeof before?.budget === 'number' ? before.budget : 0),
        };
    }
    return isEmpty(delta) ? [] : [{ id: tenantOf(transition), delta }];
  },
  add: (doc, delta, id) => {
    if (isDayCount(delta)) return withDayCount(doc as EffortDaysDoc | null, delta);
    const { budget, projectsByStatus, priorities } = addTotals(
      { ...emptyTotals(), ...(doc as PortfolioTotalsDoc | null) },
      delta,
    );
    return { budget, projectsByStatus, priorities, tenant: id };
  },
};

/**
 * Each tenant's portfolio totals (issue 22's diff): the budgets of its live projects' accounts, its
 * projects per status and per priority (one document, id the tenant), and its tasks' start and end days
 * per calendar (`effort-days.ts`, a document per calendar and day), kept running in the same write as
 * the items, projects and account budgets they count, so the live totals are a few documents read.
 */
export const portfolioTotalsProjection: Projection<Doc> = {
  collection: PORTFOLIO_TOTALS,
  version: 2,
  handles: [],
  documentId: () => '',
  evolve: (doc) => doc,
  // the tenant's document by id; its calendars' histograms by tenant and kind
  indexes: [{ tenant: 1, kind: 1 }],
  summary: portfolioSummary as Summary,
};
