import { useMemo } from 'react';
import type { TimelineGroup, TimelineItem } from '@fahrplan/contracts';
import { timelineRowsPerPage } from '../items/itemsApi';
import { scenariosApi } from '../scenarios/scenariosApi';
import type { LiveWindowQuery } from '../scenarios/scenariosApi';
import { useScenario } from '../scenarios/useScenario';
import { projectBatches } from './baselineOverlay';
import { scenarioOverlay } from './scenarioOverlay';
import type { FetchWindow } from './timelineChanges';
import { useQueryResults } from './useQueryResults';

const liveWindow = scenariosApi.endpoints.getLiveWindow;

/**
 * Inside a scenario, the live plan's ghosts under the scenario's bars (issue 22): the live window of
 * each page of loaded rows (their projects), fetched beside the scenario's, compared item by item; none
 * on the live plan or while the timeline shows summaries.
 */
export function useScenarioOverlay(
  fetched: FetchWindow,
  groups: readonly TimelineGroup[] | undefined,
  items: readonly TimelineItem[] | undefined,
  itemsShown: boolean,
) {
  const scenario = useScenario();
  const { from, to } = fetched;
  const queries = useMemo(
    (): LiveWindowQuery[] =>
      scenario !== null && itemsShown && groups
        ? projectBatches(groups, timelineRowsPerPage).map((batch) => ({ from, to, groups: batch }))
        : [],
    [scenario, itemsShown, groups, from, to],
  );
  const results = useQueryResults(liveWindow, queries);
  return useMemo(() => {
    if (results.length === 0 || !groups || !items || results.some((r) => !r.data)) return null;
    const live = results.flatMap((r) => r.data?.items ?? []);
    return scenarioOverlay(live, items, groups);
  }, [results, groups, items]);
}
