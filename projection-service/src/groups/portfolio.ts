import type { GroupView, Page } from '@fahrplan/contracts';
import { calendarBook } from '../calendars/calendar-book';
import { pageAnswer, sortedPage } from '../http/paging';
import type { ListSort, PageRequest } from '../http/paging';
import { strip } from '../http/query-helpers';
import type { ReadView } from '../read-store/read-store';
import { budgetsOf, groupView, parentTitles } from './group-view';
import type { GroupDoc } from './groups.projection';

/** A page of the portfolio as GET /api/groups asks it, its parameters checked. */
export interface PortfolioQuery {
  readonly tenant: string;
  /** Whose projects (`visibleFilters`), each with the list's filters. */
  readonly filters: readonly Record<string, unknown>[];
  readonly sort: ListSort;
  readonly request: PageRequest;
}

/** The portfolio (§2): a page of projects, filtered and sorted in the store; parents' titles and budgets joined for the page. */
export const portfolioPage = async (
  store: ReadView,
  { tenant, filters, sort, request }: PortfolioQuery,
): Promise<Page<GroupView>> => {
  const page = await sortedPage(store, 'groups', filters, sort, request);
  const docs = page.docs.map((d) => strip<GroupDoc>(d));
  const [titles, budgets, rules] = await Promise.all([
    parentTitles(store, tenant, docs),
    budgetsOf(store, docs),
    calendarBook(store).rulesOfProjects(docs),
  ]);
  return pageAnswer(
    docs.map((doc) => groupView(doc, tenant, titles, budgets, rules.get(doc.id))),
    page.nextCursor,
  );
};
