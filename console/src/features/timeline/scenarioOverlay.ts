import { comparedItem } from '@fahrplan/contracts';
import type { ComparedItem, PlannedDates, TimelineGroup, TimelineItem } from '@fahrplan/contracts';
import { buildOverlay } from './baselineOverlay';
import type { BaselineOverlay } from './baselineOverlay';

const datesOf = (item: Pick<TimelineItem, 'start' | 'end'>): PlannedDates => ({
  start: item.start,
  end: item.end,
});

/**
 * The live plan under a scenario's bars (issue 22), drawn as the baseline overlay draws a baseline:
 * the live item's ghost where the scenario moved it, "new" beside an item the scenario created, and a
 * dashed ghost where the scenario deleted one. Items the scenario left alone get no mark.
 */
export function scenarioOverlay(
  live: readonly TimelineItem[],
  scenario: readonly TimelineItem[],
  groups: readonly TimelineGroup[],
): BaselineOverlay {
  const inScenario = new Map(scenario.map((item) => [item.id, item]));
  const liveIds = new Set(live.map((item) => item.id));

  const items: ComparedItem[] = [
    ...live.map((item) => {
      const shown = inScenario.get(item.id);
      return comparedItem(shown ?? item, datesOf(item), shown ? datesOf(shown) : null);
    }),
    ...scenario
      .filter((item) => !liveIds.has(item.id))
      .map((item) => comparedItem(item, null, datesOf(item))),
  ].filter((item) => item.change !== 'unchanged');
  return buildOverlay([{ items }], groups, 'live');
}
