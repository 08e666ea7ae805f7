import type { ScenarioCreated, ScenarioRenamed } from '@fahrplan/contracts';
import { createdRecord, creation, deletedRecord } from '../projections/projection';
import type { Projection, RecordDoc } from '../projections/projection';

/** A scenario as its list shows it. */
export interface ScenarioDoc extends RecordDoc {
  readonly id: ScenarioCreated['data']['id'];
  readonly name: string;
  readonly description: string | null;
  readonly from: string;
  readonly createdBy: string;
  readonly createdAt: string;
}

/**
 * Scenarios (issue 22): their names and branch instants, nothing of the plan; a discarded scenario keeps
 * its document (as deleted records do), flagged, so its history still names it.
 */
export const scenariosProjection: Projection<ScenarioDoc> = {
  collection: 'scenarios',
  version: 1,
  handles: ['ScenarioCreated', 'ScenarioRenamed', 'ScenarioDiscarded'],
  documentId: (event) => String((event.data as { id: number }).id),
  // GET /api/scenarios: the tenant's open scenarios, the latest created first
  indexes: [{ tenant: 1, deleted: 1, createdAt: -1, _id: -1 }],
  evolve: (doc, event) => {
    switch (event.type) {
      case 'ScenarioCreated':
        return createdRecord<ScenarioDoc>(event, creation(event));
      case 'ScenarioRenamed': {
        const { name, description } = event.data as ScenarioRenamed['data'];
        return doc && { ...doc, name, description, version: event.revision };
      }
      case 'ScenarioDiscarded':
        return deletedRecord(doc, event);
      default:
        return doc;
    }
  },
};
