import type { GroupView } from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';

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
}

const listTag = { type: 'Group', id: 'LIST' } as const;

export const projectsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getProjects: builder.query<GroupView[], ProjectFilter>({
      query: ({ q, status, phase, health, resource, application }) => {
        const params: Record<string, string> = {};
        if (q?.trim()) params.q = q.trim();
        if (status) params.status = status;
        if (phase) params.phase = phase;
        if (health) params.health = health;
        if (resource) params.resource = resource;
        if (application) params.application = application;
        return { url: '/groups', params };
      },
      providesTags: (result) => [
        listTag,
        ...(result ?? []).map(({ id }) => ({ type: 'Group' as const, id })),
      ],
    }),
  }),
});

export const { useGetProjectsQuery } = projectsApi;
