import { randomUUID } from 'node:crypto';
import {
  trackerIssueChange,
  trackerIssueChangedDataSchema,
  trackerIssueChangedType,
  trackerIssueStream,
  trackerMirrorSource,
  trackerSyncUser,
  withSchemaVersion,
} from '@fahrplan/contracts';
import type { TrackerIssueChanged, TrackerIssueChangedData } from '@fahrplan/contracts';
import { WrongExpectedRevisionError, eventMetadata } from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';

/** What a run saw of one linked issue: its fields, or that the tracker no longer has it. */
export type IssueObservation =
  | { readonly key: string; readonly data: TrackerIssueChangedData }
  | { readonly key: string; readonly data: 'vanished' };

interface Recorded {
  /** The stream's last revision, -1 when it has none. */
  readonly revision: number;
  readonly data: TrackerIssueChangedData | null;
}

/**
 * Records observed changes of linked issues in the event log (`TrackerIssueChanged` on
 * `trackerIssueStream`), so that project and item histories show tracker mirroring. Remembers each
 * stream's last event, primed from the log on first use, so a restart records nothing unchanged;
 * appends with the expected revision of what it read, so two instances never record one change twice.
 */
export class IssueHistory {
  private readonly recorded = new Map<string, Recorded>();

  constructor(
    private readonly store: EventStore,
    private readonly now: () => Date,
  ) {}

  /** Forgets what it remembers of a connection's issues (they are read from the log again). */
  forget(connectionId: number): void {
    const prefix = trackerIssueStream(connectionId, '');
    for (const stream of this.recorded.keys()) if (stream.startsWith(prefix)) this.recorded.delete(stream);
  }

  /** Records what changed; returns how many events it appended. */
  async record(
    connection: { readonly id: number; readonly tenant: string; readonly name: string },
    observations: readonly IssueObservation[],
  ): Promise<number> {
    const correlationId = randomUUID();
    let appended = 0;
    for (const observation of observations)
      if (await this.recordOne(connection, observation, correlationId)) appended += 1;
    return appended;
  }

  private async recordOne(
    connection: { readonly id: number; readonly tenant: string; readonly name: string },
    observation: IssueObservation,
    correlationId: string,
  ): Promise<boolean> {
    const stream = trackerIssueStream(connection.id, observation.key);
    let known = this.recorded.get(stream);
    for (let attempt = 0; ; attempt += 1) {
      known ??= await this.readLast(stream);
      const next = trackerIssueChange(known.data, observation.data);
      if (next === null) {
        this.recorded.set(stream, known);
        return false;
      }
      const event: TrackerIssueChanged = { type: trackerIssueChangedType, data: next };
      try {
        const result = await this.store.append(
          stream,
          [
            {
              id: randomUUID(),
              ...event,
              metadata: withSchemaVersion(
                eventMetadata({
                  tenant: connection.tenant,
                  user: trackerSyncUser,
                  timestamp: this.now().toISOString(),
                  correlationId,
                  source: trackerMirrorSource(connection.name),
                }),
                trackerIssueChangedType,
              ),
            },
          ],
          known.revision < 0 ? 'no_stream' : known.revision,
        );
        this.recorded.set(stream, { revision: result.nextRevision, data: next });
        return true;
      } catch (error) {
        // another instance (or this one before a restart) recorded meanwhile: decide again on what it wrote
        this.recorded.delete(stream);
        if (!(error instanceof WrongExpectedRevisionError) || attempt > 0) throw error;
        known = undefined;
      }
    }
  }

  private async readLast(stream: string): Promise<Recorded> {
    const events = await this.store.readStream(stream);
    const last = events.at(-1);
    if (!last) return { revision: -1, data: null };
    // only this type is recorded; anything unreadable counts as no state, so the next observation is recorded
    const parsed =
      last.type === trackerIssueChangedType ? trackerIssueChangedDataSchema.safeParse(last.data) : null;
    return { revision: last.revision, data: parsed?.success ? parsed.data : null };
  }
}
