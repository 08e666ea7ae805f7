import { useEffect, useMemo } from 'react';
import { createSelector } from '@reduxjs/toolkit';
import { useAppDispatch, useAppSelector } from '../../app/hooks';

/** The store's state, as the app's typed selector hook reads it. */
type RootState = Parameters<Parameters<typeof useAppSelector>[0]>[0];

/** An RTK Query endpoint as this hook uses it: a subscription per argument, and its cached result. */
interface QueryEndpoint<Arg, Result> {
  initiate: (arg: Arg) => unknown;
  select: (arg: Arg) => (state: RootState) => Result;
}

/**
 * The results of one endpoint for a changing list of arguments (a request per page of the timeline's
 * rows), each subscribed while the list names it; React's hooks cannot call a query hook per element.
 */
export function useQueryResults<Arg, Result>(endpoint: QueryEndpoint<Arg, Result>, queries: readonly Arg[]) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const subscriptions = queries.map(
      (query) => dispatch(endpoint.initiate(query) as never) as unknown as { unsubscribe: () => void },
    );
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [dispatch, endpoint, queries]);
  const select = useMemo(
    () =>
      createSelector(
        queries.map((query) => endpoint.select(query)),
        (...results: Result[]) => results,
      ),
    [endpoint, queries],
  );
  return useAppSelector(select);
}
