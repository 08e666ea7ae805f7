import { randomUUID } from 'node:crypto';
import { eventMetadata } from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';

/** A spec's fixture: one event of `type` on `stream`, by `admin` of `tenant` now, at any revision of the stream. */
export const appendEvent = (store: EventStore, tenant: string, stream: string, type: string, data: object) =>
  store.append(
    stream,
    [
      {
        id: randomUUID(),
        type,
        data,
        metadata: eventMetadata({ tenant, user: 'admin', timestamp: new Date().toISOString() }),
      },
    ],
    'any',
  );
