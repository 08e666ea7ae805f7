import type { WebhookDeliveryView, WebhookPaused, WebhookSaved, WebhookStatus } from '@fahrplan/contracts';
import { byRecordId, deletedRecord } from '../projections/projection';
import type { Projection, RecordDoc } from '../projections/projection';
import type { CollectionSpec, ReadDocument } from '../read-store/read-store';

/** A webhook as administrators see it: its address, events and state, never its sealed secret. */
export interface WebhookDoc extends RecordDoc {
  readonly id: number;
  readonly url: string;
  readonly events: readonly string[];
  readonly active: boolean;
  readonly paused: { readonly reason: string; readonly failures: number } | null;
}

export const webhooksProjection: Projection<WebhookDoc> = {
  collection: 'webhooks',
  version: 1,
  handles: ['WebhookSaved', 'WebhookPaused', 'WebhookDeleted'],
  documentId: byRecordId,
  // GET /api/webhooks: the tenant's live webhooks by id
  indexes: [{ tenant: 1, deleted: 1, id: 1 }],
  evolve: (doc, event) => {
    switch (event.type) {
      case 'WebhookSaved': {
        // the settings only: the sealed secret stays out of the read model
        const { id, url, events, active } = event.data as WebhookSaved['data'];
        return {
          id,
          url,
          events,
          active,
          paused: active ? null : (doc?.paused ?? null),
          tenant: event.metadata.tenant,
          version: event.revision,
          deleted: false,
        };
      }
      case 'WebhookPaused': {
        const { reason, failures } = event.data as WebhookPaused['data'];
        return doc && { ...doc, paused: { reason, failures }, version: event.revision };
      }
      case 'WebhookDeleted':
        return deletedRecord(doc, event);
      default:
        return doc;
    }
  },
};

export const webhookStatusOf = (doc: Pick<WebhookDoc, 'active' | 'paused'>): WebhookStatus =>
  !doc.active ? 'inactive' : doc.paused ? 'paused' : 'active';

/**
 * The deliverer's own collection, not a projection: one document per event and webhook (or test
 * ping), its state and last attempt. `order` counts deliveries as they were queued (the log's order,
 * newest first); `position` is the event's, by which each aggregate's deliveries leave in turn.
 */
export const webhookDeliveriesCollection: CollectionSpec = {
  collection: 'webhookDeliveries',
  indexes: [
    // the deliverer: a webhook's pending deliveries in log order
    { tenant: 1, webhook: 1, status: 1, position: 1 },
    // the delivery log: a webhook's deliveries, newest first
    { tenant: 1, webhook: 1, order: -1 },
  ],
};

export const deliveryView = (doc: ReadDocument): WebhookDeliveryView => ({
  eventId: doc.eventId as string,
  eventType: doc.eventType as string,
  aggregate: doc.aggregate as string,
  position: doc.position as number,
  status: doc.status as WebhookDeliveryView['status'],
  attempts: doc.attempts as number,
  statusCode: (doc.statusCode as number | null) ?? null,
  lastError: (doc.lastError as string | null) ?? null,
  latencyMs: (doc.latencyMs as number | null) ?? null,
  lastAttemptAt: (doc.lastAttemptAt as string | null) ?? null,
  nextAttemptAt:
    doc.status === 'pending' && typeof doc.nextAttemptAt === 'number'
      ? new Date(doc.nextAttemptAt).toISOString()
      : null,
});
