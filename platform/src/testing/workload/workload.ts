/** What the workload generators (planning here, portfolio in bench/) share: contexts and group commits. */
import { randomUUID } from 'node:crypto';
import type { DecisionContext, DomainEvent } from '@fahrplan/contracts';
// the testing entry is built apart from the package (bench runs it), so it sees the package by its name
import { eventMetadata } from '@fahrplan/platform';
import type { AppendResult, SqliteEventStore } from '@fahrplan/platform';

/** One decided command: its events for one stream, at the revision it was decided on. */
export interface Append {
  readonly stream: string;
  /** The stream's revision the command was decided on. */
  readonly expected: number | 'no_stream';
  readonly context: DecisionContext;
  readonly command: string;
  readonly events: readonly DomainEvent[];
}

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
