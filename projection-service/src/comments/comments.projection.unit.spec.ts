import type { CommentCreated } from '@fahrplan/contracts';
import { aStoredEvent, freshId, project, timestamp } from '../projections/testing/stored-event';
import { commentsProjection } from './comments.projection';

describe('commentsProjection', () => {
  it('creates the comment view with the tenant of the event', () => {
    const id = freshId();
    const refId = freshId();
    const event = aStoredEvent<CommentCreated>({
      type: 'CommentCreated',
      data: {
        id,
        refType: 'application',
        refId,
        description: 'Moved to Q3',
        createdAt: timestamp,
        createdBy: 'bob',
      },
    });
    expect(commentsProjection.documentId(event)).toBe(String(id));
    expect(project(commentsProjection, [event])).toEqual({
      id,
      tenant: 'acme',
      refType: 'application',
      refId,
      description: 'Moved to Q3',
      createdAt: timestamp,
      createdBy: 'bob',
    });
  });
});
