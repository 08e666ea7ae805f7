import type { ScenarioCreated, ScenarioRenamed, ScenarioView } from '@fahrplan/contracts';
import { liveRecord } from '../http/query-helpers';
import { createdRecord, creation, deletedRecord } from '../projections/projection';
import type { Projection, RecordDoc } from '../projections/projection';
import type { ReadView } from '../read-store/read-store';

/** A scenario as its list shows it. */
export interface ScenarioDoc extends RecordDoc {
  readonly id: ScenarioCreated['data']['id'];
  readonly name: string;
  readonly description: string | null;
  readonly from: string;
  readonly createdBy: string;
  readonly createdAt: string;
  readonly status: ScenarioView['status'];
  readonly publishedBy?: string;
  readonly publishedAt?: string;
}

/**
 * Scenarios (issue 22): their names and branch instants, nothing of the plan; a discarded scenario keeps
 * its document (as deleted records do), flagged, so its history still names it.
 */
export const scenariosProjection: Projection<ScenarioDoc> = {
  collection: 'scenarios',
  version: 2,
  handles: [
    'ScenarioCreated',
    'ScenarioRenamed',
    'ScenarioDiscarded',
    'ScenarioPublished',
    'ScenarioPublishReverted',
  ],
  documentId: (event) => String((event.data as { id: number }).id),
  // GET /api/scenarios: the tenant's open scenarios, the latest created first
  indexes: [{ tenant: 1, deleted: 1, createdAt: -1, _id: -1 }],
  evolve: (doc, event) => {
    switch (event.type) {
      case 'ScenarioCreated':
        return createdRecord<ScenarioDoc>(event, { ...creation(event), status: 'open' });
      case 'ScenarioRenamed': {
        const { name, description } = event.data as ScenarioRenamed['data'];
        return doc && { ...doc, name, description, version: event.revision };
      }
      case 'ScenarioDiscarded':
        return deletedRecord(doc, event);
      // a published scenario stays listed, closed, with who published it and when
      case 'ScenarioPublished':
        return (
          doc && {
            ...doc,
            status: 'published',
            publishedBy: event.metadata.user,
            publishedAt: event.metadata.timestamp,
            version: event.revision,
          }
        );
      case 'ScenarioPublishReverted': {
        const { publishedBy: _by, publishedAt: _at, ...open } = doc ?? {};
        return doc && { ...(open as ScenarioDoc), status: 'open', version: event.revision };
      }
      default:
        return doc;
    }
  },
};

/**
 * The open scenario `id` of `tenant` (a route's or a query parameter's text), else 404: another
 * tenant's, an unknown and a discarded scenario answer alike.
 */
export const openScenario = async (store: ReadView, tenant: string, id: string): Promise<ScenarioDoc> =>
  (await liveRecord(store, 'scenarios', tenant, id, 'scenario')) as unknown as ScenarioDoc;
