import { calendarPreviewPage, type CalendarPreviewQuery } from '../calendars/preview-query';
import { portfolioPage, type PortfolioQuery } from '../groups/portfolio';
import type { JsonText } from '../http/json-text';
import type { Facts } from '../http/position-facts';
import { itemAnswer, type ItemQuery } from '../items/item-query';
import { timelineJson, type TimelineKeeping, type TimelineQuery } from '../items/timeline';
// named here so that the declaration emitted for threadQueries reads it from its module, not from the
// package's index (which imports this file: a circle in dist/*.d.ts)
import type { ReadView } from '../read-store/read-store';

/**
 * What a live query may keep for the read models' position it is asked at: a query thread's tiles of
 * the timeline (`WindowTiles`), and the facts that many answers read alike (`Facts`; on the main
 * thread, its controller's).
 */
export interface LiveKeeping extends TimelineKeeping {
  readonly facts: Facts;
}

/**
 * The queries a query thread answers, by name: the heaviest ones, whose work follows their answer's
 * size (a timeline window, a page of projects, a calendar change's affected items), and the item by
 * id, the most frequent (the main thread serves every request, so what it reads there holds all the
 * others). Each reads only its view of the read models and plain arguments that its controller
 * checked, so that it runs alike on the main thread and beside it. A query may answer its own JSON
 * (`JsonText`: the timeline writes its items' JSON where it reads them).
 */
export const threadQueries: {
  readonly portfolio: (store: ReadView, query: PortfolioQuery) => ReturnType<typeof portfolioPage>;
  readonly timeline: (
    store: ReadView,
    query: TimelineQuery,
    live?: LiveKeeping,
  ) => ReturnType<typeof timelineJson>;
  readonly calendarPreview: (
    store: ReadView,
    query: CalendarPreviewQuery,
  ) => ReturnType<typeof calendarPreviewPage>;
  readonly item: (store: ReadView, query: ItemQuery, live?: LiveKeeping) => ReturnType<typeof itemAnswer>;
} = {
  portfolio: portfolioPage,
  timeline: (store, query, live) => timelineJson(store, query, live),
  calendarPreview: calendarPreviewPage,
  item: (store, query, live) => itemAnswer(store, query, live?.facts),
};

/** The queries whose answer is small whatever the tenant's size: they never wait behind a page (`QueryThreads`). */
export const lookupQueries: ReadonlySet<keyof typeof threadQueries> = new Set(['item']);

type ThreadQueries = typeof threadQueries;
export type ThreadQueryName = keyof ThreadQueries;
export type ThreadQueryArgs<N extends ThreadQueryName> = Parameters<ThreadQueries[N]>[1];
/** What a query answers, as a value (of a query that writes its own JSON, what that JSON holds). */
export type ThreadQueryAnswer<N extends ThreadQueryName> =
  Awaited<ReturnType<ThreadQueries[N]>> extends JsonText<infer T> ? T : Awaited<ReturnType<ThreadQueries[N]>>;
