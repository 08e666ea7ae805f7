import { portfolioPage } from '../groups/portfolio';
import { timelinePage } from '../items/timeline';

/**
 * The queries a query thread answers, by name: the heaviest ones, whose work follows their answer's
 * size (a timeline window, a page of projects). Each reads only its view of the read models and plain
 * arguments that its controller checked, so that it runs alike on the main thread and beside it.
 */
export const threadQueries = {
  portfolio: portfolioPage,
  timeline: timelinePage,
} as const;

type ThreadQueries = typeof threadQueries;
export type ThreadQueryName = keyof ThreadQueries;
export type ThreadQueryArgs<N extends ThreadQueryName> = Parameters<ThreadQueries[N]>[1];
export type ThreadQueryAnswer<N extends ThreadQueryName> = Awaited<ReturnType<ThreadQueries[N]>>;
