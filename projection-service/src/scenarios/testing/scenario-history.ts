import { scenarioStreamName, streamName } from '@fahrplan/contracts';
import type { StoredEvent } from '@fahrplan/contracts';
import { groupCreatedData, itemCreatedData } from '../../http/testing/query-fixtures';
import { storedEvent } from '../../projections/testing/stored-event';

/** The scenario of the histories below. */
export const SCENARIO = 900;

/** An event of acme's live record `<category>-<id>` at `revision`. */
export const liveEvent = (
  type: string,
  data: Record<string, unknown>,
  revision: number,
  category: 'item' | 'group' = 'item',
): StoredEvent => ({
  ...storedEvent('acme', type, data, revision),
  streamId: streamName(category, data.id as number),
});

/**
 * An event of a scenario's stream (default SCENARIO) of acme's record `live` (default the item
 * `data.id`), decided on its live revision `base` (none for a record the scenario created).
 */
export const scenarioEvent = (
  type: string,
  data: Record<string, unknown>,
  revision: number,
  {
    base,
    scenario = SCENARIO,
    live = streamName('item', data.id as number),
  }: {
    base?: number;
    scenario?: number;
    live?: string;
  } = {},
): StoredEvent => {
  const event = storedEvent('acme', type, data, revision);
  return {
    ...event,
    streamId: scenarioStreamName(scenario, live),
    metadata: { ...event.metadata, ...(base === undefined ? {} : { base }) },
  };
};

/** Project 10 with two tasks in March; the scenario postpones 201 to June, deletes 202 and adds 203. */
export const branchHistory = (): StoredEvent[] => [
  liveEvent('GroupCreated', groupCreatedData(10, 'CRM'), 0, 'group'),
  liveEvent(
    'ItemCreated',
    itemCreatedData(201, 10, '2026-03-02T00:00', '2026-03-20T00:00', { effort: 5 }),
    0,
  ),
  liveEvent('ItemCreated', itemCreatedData(202, 10, '2026-03-04T00:00', '2026-03-06T00:00'), 0),
  scenarioEvent(
    'ItemUpdated',
    { id: 201, changes: { start: '2026-06-01T00:00', end: '2026-06-19T00:00' } },
    0,
    { base: 0 },
  ),
  scenarioEvent('ItemDeleted', { id: 202 }, 0, { base: 0 }),
  scenarioEvent('ItemCreated', itemCreatedData(203, 10, '2026-03-05T00:00', '2026-03-07T00:00'), 0),
];

/** The live streams of `history`, as the event store reads them. */
export const streamsOf = (history: readonly StoredEvent[]) => ({
  readStream: async (stream: string) => history.filter((event) => event.streamId === stream),
});
