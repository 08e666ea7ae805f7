import type { StoredEvent } from '@fahrplan/contracts';

let position = 0;

/** Test fixture: an event as the store hands it to projections, at the next log position, by alice. */
export const storedEvent = (
  tenant: string,
  type: string,
  data: Record<string, unknown>,
  /** The stream's revision, which projections take as the document's version. */
  revision = 0,
): StoredEvent => ({
  type,
  data,
  revision,
  position: ++position,
  id: `e-${position}`,
  streamId: `x-${String(data.id)}`,
  metadata: {
    tenant,
    user: 'alice',
    correlationId: 'c',
    causationId: 'c',
    timestamp: '2026-03-02T09:30:00.000Z',
    schemaVersion: 1,
  },
});
