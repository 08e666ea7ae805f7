import type {
  CalendarHolidays,
  CalendarPreviewAnswer,
  CalendarPreviewRequest,
  CalendarView,
  Canton,
  ConsoleLanguage,
  Page,
  ProjectCalendarView,
  PublicHoliday,
} from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { commandEndpoint } from '../api/commands';
import { listParams, pagedList } from '../api/pages';

const listTag = { type: 'Calendar', id: 'LIST' } as const;
/** The list's usedBy counts move with the projects' and resources' lists. */
const usersTags = [
  { type: 'Group', id: 'LIST' },
  { type: 'Resource', id: 'LIST' },
] as const;

/** Affected items per page of a preview. */
const previewPageSize = 50;

/** A preview's question: calendar `id` changed as proposed, or a project switching to calendar `id`. */
export interface PreviewRequest {
  id: number;
  proposal: CalendarPreviewRequest;
}

/** The public holidays of some cantons in the years from–to (inclusive), named in `lang` (German without). */
export interface RegionHolidaysQuery {
  regions: readonly Canton[];
  from: number;
  to: number;
  lang?: ConsoleLanguage;
}

/** Each canton's public holidays in the years asked. */
export type RegionHolidays = Partial<Record<Canton, readonly PublicHoliday[]>>;

/** Issue 24: the tenant's calendars, their cantons' holidays, the impact preview of a change, the commands. */
export const calendarsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    /** The calendars page after page (the default first), each with how many projects and resources use it. */
    getCalendarPages: builder.infiniteQuery<Page<CalendarView>, void, string | null>({
      ...pagedList<void>('/calendars', () => ({})),
      providesTags: [listTag, ...usersTags],
    }),
    getCalendar: builder.query<CalendarView, number>({
      query: (id) => `/calendars/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Calendar', id }],
    }),
    /** The calendar a project plans on: for a project shared with the tenant, its owner's (read-only). */
    getProjectCalendar: builder.query<ProjectCalendarView, number>({
      query: (project) => `/groups/${project}/calendar`,
      providesTags: (_result, _error, project) => [{ type: 'Group', id: project }],
    }),
    /** One holidays request per canton (a calendar's versions name one or a few). */
    getRegionHolidays: builder.query<RegionHolidays, RegionHolidaysQuery>({
      queryFn: async ({ regions, from, to, lang }, _api, _extra, baseQuery) => {
        const holidays: RegionHolidays = {};
        for (const region of regions) {
          const result = await baseQuery({
            url: '/calendar/holidays',
            params: listParams({ region, from, to, lang }),
            // a canton's holidays come from the library, the same at every instant and in every scenario
            live: true,
          });
          if (result.error) return { error: result.error };
          holidays[region] = (result.data as CalendarHolidays).holidays;
        }
        return { data: holidays };
      },
    }),
    /**
     * What a proposed change would do, its affected items page after page: a query sent as POST (its
     * body is the proposal, the same for every page), which writes nothing.
     */
    getCalendarPreview: builder.infiniteQuery<CalendarPreviewAnswer, PreviewRequest, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last: CalendarPreviewAnswer) => last.nextCursor,
      },
      query: ({ queryArg: { id, proposal }, pageParam }) => ({
        url: `/calendars/${id}/preview`,
        method: 'POST',
        body: proposal,
        params: listParams({ limit: previewPageSize }, pageParam),
      }),
      keepUnusedDataFor: 0,
    }),
    saveCalendar: builder.mutation(
      commandEndpoint('SaveCalendar', (result) => [listTag, { type: 'Calendar', id: result.id }]),
    ),
    deleteCalendar: builder.mutation(
      commandEndpoint('DeleteCalendar', (result) => [listTag, { type: 'Calendar', id: result.id }]),
    ),
  }),
});

export const {
  useGetCalendarPagesInfiniteQuery,
  useGetCalendarQuery,
  useGetProjectCalendarQuery,
  useGetRegionHolidaysQuery,
  useGetCalendarPreviewInfiniteQuery,
  useSaveCalendarMutation,
  useDeleteCalendarMutation,
} = calendarsApi;
