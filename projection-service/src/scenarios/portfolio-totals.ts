import type { ReadView } from '../read-store/read-store';
import type { Fields } from '../projections/projection';
import {
  PORTFOLIO_TOTALS,
  effortOf,
  emptyTotals,
  projectShare,
  withShare,
} from './portfolio-totals.projection';
import type { Totals } from './portfolio-totals.projection';
import type { OverlaidDocument } from './scenario-overlay';

export type { Totals } from './portfolio-totals.projection';

/** The live plan's totals of `tenant`: its running totals document (`portfolioTotalsProjection`). */
export const liveTotals = async (live: ReadView, tenant: string): Promise<Totals> => {
  const doc = await live.get(PORTFOLIO_TOTALS, tenant);
  if (!doc) return emptyTotals();
  const { budget, effortWorkingDays, projectsByStatus, priorities } = doc as unknown as Totals;
  return { budget, effortWorkingDays, projectsByStatus, priorities };
};

/** `projects` (of `tenant`) with their budgets read from `view`, each added `by` times to `totals`. */
const withProjects = async (
  totals: Totals,
  view: ReadView,
  projects: readonly Fields[],
  by: 1 | -1,
): Promise<Totals> => {
  const accounts = projects.filter((p) => typeof p.account === 'number').map((p) => String(p.account));
  const budgets = accounts.length > 0 ? await view.getMany('accountBudgets', accounts) : new Map();
  return projects.reduce<Totals>(
    (sum, project) => withShare(sum, projectShare(project, budgets.get(String(project.account))), by),
    totals,
  );
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
  let totals = from;
  const projectIds = new Set<string>();
  const own = (doc: Fields | null) => (doc?.tenant === tenant ? doc : null);
  for (const doc of overlay) {
    if (doc.collection === 'groups') projectIds.add(doc.id);
    if (doc.collection === 'accountBudgets')
      for (const account of [doc.live, doc.scenario])
        if (account?.refType === 'group') projectIds.add(String(account.refId));
    if (doc.collection === 'items')
      totals = {
        ...totals,
        effortWorkingDays: totals.effortWorkingDays + effortOf(own(doc.scenario)) - effortOf(own(doc.live)),
      };
  }
  const ids = [...projectIds];
  const owned = (docs: Map<string, Fields>) => [...docs.values()].filter((doc) => doc.tenant === tenant);
  const [before, after] = await Promise.all([live.getMany('groups', ids), side.getMany('groups', ids)]);
  totals = await withProjects(totals, live, owned(before), -1);
  return withProjects(totals, side, owned(after), 1);
};
