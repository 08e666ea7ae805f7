import { calendarPreviewPage, type CalendarPreviewQuery } from '../calendars/preview-query';
import { portfolioPage, type PortfolioQuery } from '../groups/portfolio';
import type { JsonText } from '../http/json-text';
import { timelineJson, type TimelineQuery } from '../items/timeline';
import type { WindowTiles } from '../items/window-tiles';
// named here so that the declaration emitted for threadQueries reads it from its module, not from the
// package's index (which imports this file: a circle in dist/*.d.ts)
import type { ReadView } from '../read-store/read-store';

/**
 * The queries a query thread answers, by name: the heaviest ones, whose work follows their answer's
 * size (a timeline window, a page of projects, a calendar change's affected items). Each reads only its view of the read models and plain
 * arguments that its controller checked, so that it runs alike on the main thread and beside it. A
 * query may answer its own JSON (`JsonText`: the timeline writes its items' JSON where it reads them).
 * A thread passes the timeline its tiles for a live query (`WindowTiles`).
 */
export const threadQueries: {
  readonly portfolio: (store: ReadView, query: PortfolioQuery) => ReturnType<typeof portfolioPage>;
  readonly timeline: (
    store: ReadView,
    query: TimelineQuery,
    tiles?: WindowTiles,
  ) => ReturnType<typeof timelineJson>;
  readonly calendarPreview: (
    store: ReadView,
    query: CalendarPreviewQuery,
  ) => ReturnType<typeof calendarPreviewPage>;
} = {
  portfolio: portfolioPage,
  timeline: timelineJson,
  calendarPreview: calendarPreviewPage,
};

type ThreadQueries = typeof threadQueries;
export type ThreadQueryName = keyof ThreadQueries;
export type ThreadQueryArgs<N extends ThreadQueryName> = Parameters<ThreadQueries[N]>[1];
/** What a query answers, as a value (of a query that writes its own JSON, what that JSON holds). */
export type ThreadQueryAnswer<N extends ThreadQueryName> =
  Awaited<ReturnType<ThreadQueries[N]>> extends JsonText<infer T> ? T : Awaited<ReturnType<ThreadQueries[N]>>;
