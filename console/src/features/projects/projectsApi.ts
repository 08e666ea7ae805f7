import type { GroupView, Page } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { idsOf, listPage, listParams, pagedList } from '../api/pages';

/** The portfolio filters of GET /api/groups; codes as the selects hold them. */
export interface ProjectFilter {
  q?: string;
  status?: string | null;
  phase?: string | null;
  health?: string | null;
  /** A resource id. */
  resource?: string | null;
  /** An application id: the projects that use it. */
  application?: string | null;
  /** A sort key of the list, `-` before it for descending (e.g. `-priority`); by title without. */
  sort?: string | null;
}

/** A query of the portfolio: the filters, and what pickers and marks ask for besides. */
export interface ProjectQuery extends ProjectFilter {
  /** Only these projects: a comma list of ids. */
  id?: string;
  /** Only the subprojects of these projects: a comma list of ids. */
  parent?: string;
  /** true: only projects shared with the tenant; false: only its own. */
  shared?: boolean;
  limit?: number;
}

const listTag = { type: 'Group', id: 'LIST' } as const;
const tags = (ids: readonly number[]) => [listTag, ...ids.map((id) => ({ type: 'Group' as const, id }))];

export const projectsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    /** One page of the portfolio: a picker's search, the chart's highest priorities, projects by id. */
    getProjects: builder.query<Page<GroupView>, ProjectQuery>({
      query: listPage('/groups'),
      providesTags: (result) => tags(idsOf(result ? [result] : [])),
    }),
    /**
     * Every project below `id` (its subprojects, theirs, …), one level per request: what a parent
     * picker leaves out (no cycles, §4). A project's subtree, never the tenant's portfolio.
     */
    getSubtree: builder.query<GroupView[], number>({
      queryFn: async (id, _api, _extra, baseQuery) => {
        const below: GroupView[] = [];
        const seen = new Set([id]);
        for (let level = [id]; level.length > 0;) {
          const children: GroupView[] = [];
          let cursor: string | null = null;
          do {
            const result = await baseQuery({
              url: '/groups',
              params: listParams({ parent: level.join(','), limit: 1000 }, cursor),
            });
            if (result.error) return { error: result.error };
            const page = result.data as Page<GroupView>;
            children.push(...page.items.filter((child) => !seen.has(child.id)));
            cursor = page.nextCursor;
          } while (cursor);
          for (const child of children) seen.add(child.id);
          below.push(...children);
          level = children.map((child) => child.id);
        }
        return { data: below };
      },
      providesTags: [listTag],
    }),
    /** The portfolio page after page, as the Projects table scrolls. */
    getProjectPages: builder.infiniteQuery<Page<GroupView>, ProjectQuery, string | null>({
      ...pagedList<ProjectQuery>('/groups'),
      providesTags: (result) => tags(idsOf(result?.pages)),
    }),
  }),
});

export const { useGetProjectsQuery, useGetProjectPagesInfiniteQuery, useGetSubtreeQuery } = projectsApi;
