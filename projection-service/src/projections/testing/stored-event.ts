import type { DomainEvent, EventMetadata, StoredEvent } from '@fahrplan/contracts';
import type { Projection } from '../projection';

let position = 0;
let lastId = 5000;

/** A fresh record id for a test. */
export const freshId = () => (lastId += 1);

export const timestamp = '2026-03-02T09:30:00.000Z';

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
    timestamp,
    schemaVersion: 1,
  },
});

type StoredEventOverrides = Partial<Omit<StoredEvent, 'type' | 'data' | 'metadata'>> & {
  readonly metadata?: Partial<EventMetadata>;
};

/** A recorded fact: each call takes the next global position unless the test says otherwise. */
export const aStoredEvent = <E extends DomainEvent>(
  event: E,
  { metadata, ...overrides }: StoredEventOverrides = {},
): StoredEvent<E> => {
  const at = overrides.position ?? (position += 1);
  return {
    type: event.type,
    data: event.data,
    metadata: {
      tenant: 'acme',
      user: 'alice',
      correlationId: `correlation-${at}`,
      causationId: `causation-${at}`,
      timestamp,
      schemaVersion: 1,
      ...metadata,
    },
    id: `00000000-0000-4000-8000-${String(at).padStart(12, '0')}`,
    streamId: `stream-${at}`,
    revision: 0,
    position: at,
    ...overrides,
  };
};

/** Folds events through a projection's evolve as the runner would, without the store. */
export const project = <Doc extends object>(projection: Projection<Doc>, events: StoredEvent[]) =>
  events.reduce<Doc | null>((doc, event) => projection.evolve(doc, event), null);
