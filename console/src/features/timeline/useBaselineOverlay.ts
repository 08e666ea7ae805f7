import { useCallback, useMemo } from 'react';
import type { TimelineGroup } from '@fahrplan/contracts';
import { baselinesApi } from '../baselines/baselinesApi';
import { useAddressParams } from '../common/urlParams';
import { timelineRowsPerPage } from '../items/itemsApi';
import { buildOverlay, overlayWindow, projectBatches, readBaseline, withBaseline } from './baselineOverlay';
import type { FetchWindow } from './timelineChanges';
import { useQueryResults } from './useQueryResults';

const comparison = baselinesApi.endpoints.getProjectsComparison;

/**
 * The baseline the URL names (`baseline=<id>`), its setter, and its overlay of the rows loaded for the
 * fetched window; none while the timeline shows summaries (a wide zoom has no item bars to compare).
 */
export function useBaselineOverlay(
  fetched: FetchWindow,
  groups: readonly TimelineGroup[] | undefined,
  itemsShown: boolean,
) {
  const [params, setParams] = useAddressParams();
  const baseline = readBaseline(params);
  const setBaseline = useCallback(
    (id: number | null) => setParams((current) => withBaseline(current, id), { replace: true }),
    [setParams],
  );
  const window = overlayWindow(fetched);
  const { from, to } = window;
  const queries = useMemo(
    () =>
      baseline !== null && itemsShown && groups
        ? projectBatches(groups, timelineRowsPerPage).map((batch) => ({ baseline, from, to, groups: batch }))
        : [],
    [baseline, itemsShown, groups, from, to],
  );
  const results = useQueryResults(comparison, queries);
  const overlay = useMemo(
    () =>
      baseline !== null && groups && results.length > 0
        ? buildOverlay(
            results.map((r) => r.data),
            groups,
          )
        : null,
    [baseline, groups, results],
  );
  const failed = results.find((r) => r.isError)?.error;
  return { baseline, setBaseline, window, overlay, failed };
}
