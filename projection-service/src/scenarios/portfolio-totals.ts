import { defaultCalendarId } from '@fahrplan/contracts';
import type { CalendarRules } from '@fahrplan/contracts';
import { calendarBook } from '../calendars/calendar-book';
import type { ReadView } from '../read-store/read-store';
import type { Fields } from '../projections/projection';
import { EFFORT_DAYS, effortOn, netByCalendar, weighed } from './effort-days';
import type { EffortDaysDoc } from './effort-days';
import { PORTFOLIO_TOTALS, emptyTotals, projectShare, withShare } from './portfolio-totals.projection';
import type { Totals } from './portfolio-totals.projection';
import type { OverlaidDocument } from './scenario-overlay';

export type { Totals } from './portfolio-totals.projection';

/** The rules of a tenant's calendars, each read once (a calendar no longer live: the default's). */
const calendarRulesOf = (view: ReadView, tenant: string) => {
  const book = calendarBook(view);
  const known = new Map<number, Promise<CalendarRules>>();
  const of = (calendar: number): Promise<CalendarRules> => {
    let rules = known.get(calendar);
    if (!rules) {
      rules = book.rulesOfProject({ tenant, calendar });
      known.set(calendar, rules);
    }
    return rules;
  };
  return of;
};

/** The calendar a project document plans on (the default without one). */
const calendarOfProject = (project: Fields | null | undefined): number =>
  typeof project?.calendar === 'number' ? project.calendar : defaultCalendarId;

/**
 * The live plan's totals of `tenant`: its running totals document and its tasks' histograms per
 * calendar (`portfolioTotalsProjection`), each weighed with its calendar's rules as they are now.
 */
export const liveTotals = async (live: ReadView, tenant: string): Promise<Totals> => {
  const [doc, histograms] = await Promise.all([
    live.get(PORTFOLIO_TOTALS, tenant),
    live.find(PORTFOLIO_TOTALS, { tenant, kind: EFFORT_DAYS }),
  ]);
  const rulesOf = calendarRulesOf(live, tenant);
  let effortWorkingDays = 0;
  for (const [calendar, net] of netByCalendar(histograms as unknown as EffortDaysDoc[]))
    effortWorkingDays += weighed(net, await rulesOf(calendar));
  if (!doc) return { ...emptyTotals(), effortWorkingDays };
  const { budget, projectsByStatus, priorities } = doc as unknown as Totals;
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
 * the cost follows the side's changes. A task counts on its project's calendar as each side has it; a
 * project whose calendar the side changed counts its other live tasks again on the side's calendar.
 */
export const sideTotals = async (
  live: ReadView,
  from: Totals,
  side: ReadView,
  overlay: readonly OverlaidDocument[],
  tenant: string,
): Promise<Totals> => {
  const projectsChanged = new Set<string>();
  const own = (doc: Fields | null) => (doc?.tenant === tenant ? doc : null);
  const items = overlay.filter((doc) => doc.collection === 'items');
  for (const doc of overlay) {
    if (doc.collection === 'groups') projectsChanged.add(doc.id);
    if (doc.collection === 'accountBudgets')
      for (const account of [doc.live, doc.scenario])
        if (account?.refType === 'group') projectsChanged.add(String(account.refId));
  }
  const ids = [
    ...new Set([
      ...projectsChanged,
      ...items.flatMap(({ live: was, scenario: is }) =>
        [was, is].flatMap((i) => (i ? [String(i.group)] : [])),
      ),
    ]),
  ];
  const [before, after] = await Promise.all([live.getMany('groups', ids), side.getMany('groups', ids)]);
  const rulesOf = calendarRulesOf(live, tenant);
  const rulesIn = (projects: Map<string, Fields>, item: Fields | null) =>
    rulesOf(calendarOfProject(item && projects.get(String(item.group))));
  let effort = from.effortWorkingDays;
  for (const doc of items) {
    const [was, is] = [own(doc.live), own(doc.scenario)];
    effort += effortOn(is, await rulesIn(after, is)) - effortOn(was, await rulesIn(before, was));
  }
  const overlaid = new Set(items.map((doc) => doc.id));
  for (const id of projectsChanged) {
    const [was, is] = [calendarOfProject(before.get(id)), calendarOfProject(after.get(id))];
    if (was === is || before.get(id)?.tenant !== tenant) continue;
    effort += await recounted(live, tenant, Number(id), overlaid, await rulesOf(was), await rulesOf(is));
  }
  const owned = (docs: Map<string, Fields>) =>
    [...docs.values()].filter((doc) => doc.tenant === tenant && projectsChanged.has(String(doc.id)));
  const totals = await withProjects({ ...from, effortWorkingDays: effort }, live, owned(before), -1);
  return withProjects(totals, side, owned(after), 1);
};

/**
 * What a project's live tasks that the side left as they are (not `overlaid`) add when counted on `is`
 * instead of `was`: a read of the project's live items, bounded by the project.
 */
const recounted = async (
  live: ReadView,
  tenant: string,
  project: number,
  overlaid: ReadonlySet<string>,
  was: CalendarRules,
  is: CalendarRules,
): Promise<number> => {
  const tasks = await live.find('items', { tenant, deleted: false, group: project });
  return tasks
    .filter((item) => !overlaid.has(String(item.id)))
    .reduce((sum, item) => sum + effortOn(item, is) - effortOn(item, was), 0);
};
