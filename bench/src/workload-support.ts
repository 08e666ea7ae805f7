/** What the workload generators (planning, portfolio) share: seeded choices, decision contexts, group commits. */
import { randomBytes, randomUUID } from 'node:crypto';
import { createTenant, createUser } from '@fahrplan/command-service';
import { allPermissions } from '@fahrplan/contracts';
import type { DecisionContext, DomainEvent } from '@fahrplan/contracts';
import { eventMetadata } from '@fahrplan/platform';
import type { AppendResult, EventStore, IdAllocator, SqliteEventStore } from '@fahrplan/platform';

/** One decided command: its events for one stream, at the revision it was decided on. */
export interface Append {
  readonly stream: string;
  /** The stream's revision the command was decided on. */
  readonly expected: number | 'no_stream';
  readonly context: DecisionContext;
  readonly command: string;
  readonly events: readonly DomainEvent[];
}

export { random, seeded } from './random';

/** A command's context at workload step `step`: one simulated minute per step from 2026-01-05 08:00 UTC. */
export const workloadContext = (tenant: string, user: string, step: number): DecisionContext => ({
  tenant,
  user,
  now: new Date(Date.UTC(2026, 0, 5, 8) + step * 60_000).toISOString(),
});

/** Appends one chunk of commands; the log's head after it, undefined for an empty chunk. */
export async function appendChunk(
  store: SqliteEventStore,
  chunk: readonly Append[],
): Promise<number | undefined> {
  // Requested in one turn, SqliteEventStore commits these in call order in one transaction, so a
  // stream's later revisions in the same chunk find their predecessors.
  const results: AppendResult[] = await Promise.all(
    chunk.map(({ stream, expected, context: { tenant, user, now }, command: type, events }) =>
      store.append(
        stream,
        events.map((event) => ({
          id: randomUUID(),
          type: event.type,
          data: event.data,
          metadata: eventMetadata({ tenant, user, timestamp: now, command: type }),
        })),
        expected,
      ),
    ),
  );
  return results.at(-1)?.position;
}

/**
 * The benches' tenants (every feature a planner uses) and one user with every permission in the first,
 * through the provisioning path of `npm start`. Returns the user's password.
 */
export async function createBenchTenants(
  store: EventStore,
  ids: IdAllocator,
  tenants: readonly [string, ...string[]],
  user: { readonly username: string; readonly displayName: string },
): Promise<string> {
  const features = {
    admin: true,
    jira: true,
    alm: true,
    hermes: false,
    financialPlanning: true,
    agileLifecycle: false,
  };
  for (const name of tenants) await createTenant(store, ids, { name, features, applicationAttributes: [] });
  const password = randomBytes(18).toString('base64');
  await createUser(store, ids, { tenant: tenants[0], ...user, password, permissions: allPermissions });
  return password;
}
