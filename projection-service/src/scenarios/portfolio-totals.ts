import type { PortfolioTotals } from '@fahrplan/contracts';
import { durationOf } from '../items/item-view';
import type { ReadView } from '../read-store/read-store';
import type { OverlaidDocument } from './scenario-overlay';

/** The totals of one side without its milestones. */
export type Totals = Omit<PortfolioTotals, 'milestones'>;

type Fields = Readonly<Record<string, unknown>>;

const projectFields = ['status', '_priority', 'account'] as const;
const itemFields = ['start', 'end', 'type'] as const;

/** A task's effort in working days: an item with an end (not a milestone) that is no background. */
const effortOf = (item: Fields | null, tenant: string): number =>
  item && item.tenant === tenant && item.deleted === false && item.type === null && item.end
    ? (durationOf(item.start as string, item.end as string) ?? 0)
    : 0;

const counted = (counts: Record<string, number>, key: string, by: number) => {
  const next = (counts[key] ?? 0) + by;
  if (next === 0) delete counts[key];
  else counts[key] = next;
};

/** Adds (`sign` 1) or takes away (-1) what `projects` add to the totals, their budgets read from `view`. */
const addProjects = async (
  totals: { -readonly [K in keyof Totals]: Totals[K] },
  view: ReadView,
  projects: readonly Fields[],
  sign: 1 | -1,
): Promise<void> => {
  const accounts = projects.filter((p) => typeof p.account === 'number').map((p) => String(p.account));
  const budgets = accounts.length > 0 ? await view.getMany('accountBudgets', accounts) : new Map();
  for (const project of projects) {
    counted(totals.projectsByStatus as Record<string, number>, String(project.status ?? ''), sign);
    counted(totals.priorities as Record<string, number>, String(project._priority ?? 0), sign);
    const account = budgets.get(String(project.account));
    totals.budget += sign * (typeof account?.budget === 'number' ? account.budget : 0);
  }
};

/** The live plan's totals of `tenant`: its projects and their accounts' budgets, its tasks' effort. */
export const liveTotals = async (live: ReadView, tenant: string): Promise<Totals> => {
  const totals = { budget: 0, effortWorkingDays: 0, projectsByStatus: {}, priorities: {} };
  const [projects, items] = await Promise.all([
    live.findFields('groups', { tenant, deleted: false }, projectFields),
    live.findFields('items', { tenant, deleted: false }, itemFields),
  ]);
  await addProjects(totals, live, projects, 1);
  for (const item of items) totals.effortWorkingDays += effortOf({ ...item, tenant, deleted: false }, tenant);
  return totals;
};

/**
 * A side's totals from the live ones: the projects and tasks its overlay changed (a project also when
 * only its account's budget changed) taken away as they are live and added as the side has them, so
 * the cost follows the side's changes.
 */
export const sideTotals = async (
  live: ReadView,
  from: Totals,
  side: ReadView,
  overlay: readonly OverlaidDocument[],
  tenant: string,
): Promise<Totals> => {
  const totals = {
    ...from,
    projectsByStatus: { ...from.projectsByStatus },
    priorities: { ...from.priorities },
  };
  const projectIds = new Set<string>();
  for (const doc of overlay) {
    if (doc.collection === 'groups') projectIds.add(doc.id);
    if (doc.collection === 'accountBudgets')
      for (const account of [doc.live, doc.scenario])
        if (account?.refType === 'group') projectIds.add(String(account.refId));
    if (doc.collection === 'items')
      totals.effortWorkingDays += effortOf(doc.scenario, tenant) - effortOf(doc.live, tenant);
  }
  const ids = [...projectIds];
  const own = (docs: Map<string, Fields>) =>
    [...docs.values()].filter((doc) => doc.tenant === tenant && doc.deleted === false && !doc._deleted);
  const [before, after] = await Promise.all([live.getMany('groups', ids), side.getMany('groups', ids)]);
  await addProjects(totals, live, own(before), -1);
  await addProjects(totals, side, own(after), 1);
  return totals;
};
