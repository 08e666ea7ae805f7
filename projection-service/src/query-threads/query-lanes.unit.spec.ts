import { laneOf } from './query-threads';
import { threadQueries } from './thread-queries';
import type { ThreadQueryName } from './thread-queries';

/*
 * A thread answers one query after the other, so a lookup sent to a thread that answers pages waits
 * for them: at 1,000,000 items an item read right after its save waited behind month pages (the
 * read-your-writes confirmation's p95 61–74 ms under bench:scale's load, against 30–40 ms in a lane of
 * its own). The lookups go to their own thread, the pages to the others.
 */
describe('the lanes of the query threads', () => {
  it('send an item by id to the lookups thread, and every page to the pages threads', () => {
    const names = Object.keys(threadQueries) as ThreadQueryName[];
    expect(Object.fromEntries(names.map((name) => [name, laneOf(name)]))).toEqual({
      item: 'lookups',
      timeline: 'pages',
      portfolio: 'pages',
      calendarPreview: 'pages',
    });
  });
});
