import { randomUUID } from 'node:crypto';
import type { EventMetadata, StoredEvent } from '@fahrplan/contracts';
import type { NewEvent, Subscription } from '../event-store';

/** Consumes a subscription in the background. */
export function collect(subscription: Subscription): { events: StoredEvent[]; ended: Promise<void> } {
  const events: StoredEvent[] = [];
  const ended = (async () => {
    for await (const event of subscription) events.push(event);
  })();
  return { events, ended };
}

export const metadata = (overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  tenant: 'acme',
  user: 'planner',
  correlationId: randomUUID(),
  causationId: randomUUID(),
  timestamp: '2025-03-01T09:30:00.000Z',
  schemaVersion: 1,
  ...overrides,
});

export const newEvent = (overrides: Partial<NewEvent> = {}): NewEvent => ({
  id: randomUUID(),
  type: 'ApplicationSaved',
  data: { name: 'Billing', version: 1 },
  metadata: metadata(),
  ...overrides,
});
