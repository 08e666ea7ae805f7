import { randomUUID } from 'node:crypto';
import { streamName } from '@fahrplan/contracts';
import type { EventMetadata } from '@fahrplan/contracts';
import type { EventStore, NewEvent } from '../../event-store/event-store';

const metadata = (tenant: string): EventMetadata => {
  const correlationId = randomUUID();
  return {
    tenant,
    user: 'planner',
    correlationId,
    causationId: correlationId,
    timestamp: '2026-03-02T09:30:00.000Z',
    schemaVersion: 1,
  };
};

/** An application's first event, valid against the catalogue. */
export const applicationCreated = (id: number, tenant = 'acme'): NewEvent => ({
  id: randomUUID(),
  type: 'ApplicationCreated',
  data: {
    id,
    name: `Application ${id}`,
    release: '1.0',
    shortname: null,
    description: 'Invoices and dunning',
    contact: null,
    start: '2026-01-01',
    end: null,
    assetNr: `A-${id}`,
    provider: null,
    vendor: null,
    cockpitid: null,
    docUrl: null,
    parent: null,
    parentOrder: null,
    rank: null,
    status: 'PLANUNG',
    attributes: [],
    account: null,
  },
  metadata: metadata(tenant),
});

export const applicationUpdated = (id: number, revision: number, tenant = 'acme'): NewEvent => ({
  id: randomUUID(),
  type: 'ApplicationUpdated',
  data: { id, changes: { description: `Revision ${revision}` } },
  metadata: metadata(tenant),
});

export const commentCreated = (id: number, refId: number, tenant = 'acme'): NewEvent => ({
  id: randomUUID(),
  type: 'CommentCreated',
  data: {
    id,
    refType: 'application',
    refId,
    description: `Comment ${id}`,
    createdAt: '2026-03-02T09:30:00.000Z',
    createdBy: 'planner',
  },
  metadata: metadata(tenant),
});

/** Identity events: never to be published (they hold hashes). */
export const userCreated = (id: number, tenant = 'acme'): NewEvent => ({
  id: randomUUID(),
  type: 'UserCreated',
  data: {
    id,
    tenant,
    username: `user${id}`,
    displayName: 'U',
    passwordHash: 'scrypt$secret',
    permissions: {},
  },
  metadata: metadata(tenant),
});
export const sessionStarted = (tenant = 'acme'): NewEvent => ({
  id: randomUUID(),
  type: 'SessionStarted',
  data: {
    family: randomUUID(),
    userId: 1,
    tenant,
    tokenHash: 'sha256$secret',
    expiresAt: '2026-03-03T00:00:00.000Z',
  },
  metadata: metadata(tenant),
});

/**
 * Appends `count` planning events spread over `applications` applications (created, then updated
 * in turn), every tenth one a comment, with a session event (never published) every 50th.
 */
export async function appendPlanningEvents(
  store: EventStore,
  {
    count,
    applications = 50,
    firstId = 1_000_000,
    tenant = 'acme',
  }: {
    count: number;
    applications?: number;
    firstId?: number;
    tenant?: string;
  },
): Promise<void> {
  const revisions = new Map<number, number>();
  let comment = firstId + applications;
  let written = 0;
  while (written < count) {
    const round: Promise<unknown>[] = [];
    for (let a = 0; a < applications && written < count; a += 1, written += 1) {
      const app = firstId + a;
      const revision = revisions.get(app) ?? -1;
      if (written % 10 === 9) {
        comment += 1;
        round.push(
          store.append(streamName('comment', comment), [commentCreated(comment, app, tenant)], 'no_stream'),
        );
        continue;
      }
      revisions.set(app, revision + 1);
      const event =
        revision < 0 ? applicationCreated(app, tenant) : applicationUpdated(app, revision + 1, tenant);
      round.push(
        store.append(streamName('application', app), [event], revision < 0 ? 'no_stream' : revision),
      );
      if (written % 50 === 25)
        round.push(store.append(`session-${randomUUID()}`, [sessionStarted(tenant)], 'no_stream'));
    }
    // Appends of one round go to distinct streams: the store commits them together.
    await Promise.all(round);
  }
}
