import type { CommentCreated, CommentView } from '@fahrplan/contracts';
import { byRecordId } from '../projections/projection';
import type { Projection } from '../projections/projection';

export const commentsProjection: Projection<CommentView> = {
  collection: 'comments',
  version: 2,
  handles: ['CommentCreated'],
  documentId: byRecordId,
  // GET /api/comments?refType&refId, oldest first, in pages
  indexes: [{ tenant: 1, refType: 1, refId: 1, createdAt: 1, id: 1, _id: 1 }],
  evolve: (_doc, event) => {
    const { id, refType, refId, description, createdAt, createdBy } = event.data as CommentCreated['data'];
    return { id, tenant: event.metadata.tenant, refType, refId, description, createdAt, createdBy };
  },
};
