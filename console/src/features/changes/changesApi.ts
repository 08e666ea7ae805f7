import { apiSlice } from '../api/apiSlice';
import type { SessionState } from '../session/sessionSlice';
import { trackerTags } from '../tracker/trackerApi';
import { feedTags } from './feedTags';

interface FeedState {
  session: SessionState;
  position: { after: number };
  asOf: { at: string | null };
}

const RECONNECT_MS = 3000;

/** Splits a server-sent-events body into the `data` of each message. */
async function* messages(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data) yield data;
    }
  }
}

/**
 * The server's change feed (server-sent events): when another user changes something, the read
 * models it touched are refetched. Changes this console made itself are skipped: their mutations
 * invalidated the same tags already.
 */
export const changesApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    changeFeed: build.query<{ position: number }, void>({
      queryFn: () => ({ data: { position: 0 } }),
      async onCacheEntryAdded(
        _arg,
        { getState, dispatch, updateCachedData, cacheDataLoaded, cacheEntryRemoved },
      ) {
        await cacheDataLoaded;
        const controller = new AbortController();
        const follow = async () => {
          while (!controller.signal.aborted) {
            const { session } = getState() as unknown as FeedState;
            try {
              const response = await fetch('/api/changes', {
                headers: {
                  Authorization: `Bearer ${session.accessToken ?? ''}`,
                  Accept: 'text/event-stream',
                },
                signal: controller.signal,
              });
              if (response.ok && response.body) {
                for await (const data of messages(response.body)) {
                  const change = JSON.parse(data) as { position: number; collections: string[] };
                  updateCachedData((draft) => {
                    draft.position = change.position;
                  });
                  const state = getState() as unknown as FeedState;
                  const tags = feedTags({
                    position: change.position,
                    collections: change.collections,
                    own: state.position.after,
                    asOf: state.asOf.at,
                    trackerTags,
                  });
                  if (tags.length > 0) dispatch(apiSlice.util.invalidateTags(tags));
                }
              }
            } catch {
              // the connection dropped or was aborted: reconnect below unless the entry is gone
            }
            if (!controller.signal.aborted) await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
          }
        };
        void follow();
        await cacheEntryRemoved;
        controller.abort();
      },
    }),
  }),
});

export const { useChangeFeedQuery } = changesApi;
