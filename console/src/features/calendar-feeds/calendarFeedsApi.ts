import type {
  CalendarFeedSecret,
  CalendarFeedView,
  CommandInput,
  CommandResult,
  Page,
} from '@fahrplan/contracts';
import { apiSlice } from '../api/apiSlice';
import { commandEndpoint } from '../api/commands';
import type { CommandRequest } from '../api/commands';
import { pagedList } from '../api/pages';

const listTag = { type: 'CalendarFeed', id: 'LIST' } as const;

/** What creating a feed or a new address for it answers: the secret, this once. */
export type FeedSecretResult = CommandResult & CalendarFeedSecret;

/** Calendar feeds (issue 23): the caller's own feeds, their creation, new addresses and revocation. */
export const calendarFeedsApi = apiSlice.injectEndpoints({
  endpoints: (builder) => ({
    getCalendarFeedPages: builder.infiniteQuery<Page<CalendarFeedView>, void, string | null>({
      ...pagedList<void>('/calendar-feeds', () => ({})),
      providesTags: [listTag],
    }),
    createCalendarFeed: builder.mutation<
      FeedSecretResult,
      CommandRequest<CommandInput<'CreateCalendarFeed'>>
    >(commandEndpoint('CreateCalendarFeed', () => [listTag])),
    regenerateCalendarFeed: builder.mutation<
      FeedSecretResult,
      CommandRequest<CommandInput<'RegenerateCalendarFeed'>>
    >(commandEndpoint('RegenerateCalendarFeed', () => [listTag])),
    revokeCalendarFeed: builder.mutation(commandEndpoint('RevokeCalendarFeed', () => [listTag])),
  }),
});

export const {
  useGetCalendarFeedPagesInfiniteQuery,
  useCreateCalendarFeedMutation,
  useRegenerateCalendarFeedMutation,
  useRevokeCalendarFeedMutation,
} = calendarFeedsApi;

/** The address a client subscribes to: the feed's path on the console's own origin. */
export const feedAddress = (path: string, origin = window.location.origin): string =>
  new URL(path, origin).href;
