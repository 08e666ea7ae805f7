import { parseScenarioStream } from '@fahrplan/contracts';
import type { StoredEvent } from '@fahrplan/contracts';
import type { Projection } from '../projections/projection';

/** One scenario's own events of one record, in revision order: what its overlay folds on the live record. */
export interface ScenarioChangeDoc {
  readonly tenant: string;
  readonly scenario: number;
  /** The live record's stream (`item-17`). */
  readonly stream: string;
  readonly events: readonly StoredEvent[];
}

/**
 * Which records each scenario changed, and how (issue 22): one document per scenario stream holding its
 * events, so that a scenario's view reads its changes by one index range, whatever the tenant's size.
 * It folds the events of the plan's projections (`handled`), of scenario streams only.
 */
export const scenarioChangesProjection = (handled: readonly string[]): Projection<ScenarioChangeDoc> => ({
  collection: 'scenarioChanges',
  version: 1,
  handles: [...new Set(handled)],
  scenarioStreams: true,
  documentId: (event) => event.streamId,
  // a scenario's changes
  indexes: [{ tenant: 1, scenario: 1, _id: 1 }],
  evolve: (doc, event) => {
    const named = parseScenarioStream(event.streamId);
    if (!named) return doc;
    return {
      tenant: event.metadata.tenant,
      scenario: named.scenario,
      stream: named.live,
      events: [...(doc?.events ?? []), event],
    };
  },
});
