import type { BaselineCreated } from '@fahrplan/contracts';
import { byRecordId, createdRecord, creation, deletedRecord } from '../projections/projection';
import type { Projection, RecordDoc } from '../projections/projection';

/** A baseline as its list and its comparison read it. */
export interface BaselineDoc extends RecordDoc {
  readonly id: BaselineCreated['data']['id'];
  readonly name: string;
  readonly at: string;
  readonly createdBy: string;
  readonly createdAt: string;
}

/**
 * Baselines (issue 21): a name and an instant each, nothing of the plan; a deletion keeps the document
 * (as the other records do), flagged.
 */
export const baselinesProjection: Projection<BaselineDoc> = {
  collection: 'baselines',
  version: 1,
  handles: ['BaselineCreated', 'BaselineDeleted'],
  documentId: byRecordId,
  // GET /api/baselines: the tenant's live baselines, the latest instant first
  indexes: [{ tenant: 1, deleted: 1, at: -1, _id: -1 }],
  evolve: (doc, event) => {
    switch (event.type) {
      case 'BaselineCreated':
        return createdRecord<BaselineDoc>(event, creation(event));
      case 'BaselineDeleted':
        return deletedRecord(doc, event);
      default:
        return doc;
    }
  },
};
