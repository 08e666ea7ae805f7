import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { StreamNotFoundError, WrongExpectedVersionError } from '@eventstore/db-client';
import type {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  AppendExpectedRevision,
  AppendResult,
  EventData,
  Filter,
  ReadPosition,
  ReadRevision,
} from '@eventstore/db-client';
import type { EsdbClient } from '../esdb-event-store';

interface Row {
  readonly streamId: string;
  readonly id: string;
  readonly revision: number;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
  readonly position: bigint;
}

/**
 * An in-memory stand-in for the parts of EventStoreDB the adapter uses, following the server's
 * code (KurrentDB IndexWriter.CheckCommit, AllReader, Streams.Append): appends checked against
 * the expected revision, idempotent retries (by cache for 'any', by revision otherwise), partial
 * retries answered as wrong expected version, positions as growing byte offsets with prepare ==
 * commit, reads of `$all` forwards from a position inclusive and backwards exclusive, and
 * subscriptions that deliver the event at their start position again. It lets the contract
 * suite check the adapter's own logic where no server runs; it proves nothing about the server.
 */
export class EsdbEmulator {
  private readonly rows: Row[] = [];
  private readonly byStream = new Map<string, Row[]>();
  private readonly byId = new Map<string, Row>();
  private readonly live = new Set<(row: Row) => void>();
  private nextPosition = 1_000n;

  constructor() {
    // The server writes its own events too; the adapter must pass them over.
    this.write('$settings', [{ id: randomUUID(), type: '$settings', data: '{}', metadata: '' }]);
  }

  /** Writes an event as EventStoreDB itself would (a system stream or type), bypassing checks. */
  writeSystemEvent(streamId: string, type: string): void {
    this.write(streamId, [{ id: randomUUID(), type, data: '{}', metadata: '' }]);
  }

  client(): EsdbClient {
    const client = {
      appendToStream: (
        streamId: string,
        events: EventData | EventData[],
        options?: { expectedRevision?: AppendExpectedRevision },
      ) =>
        this.append(streamId, Array.isArray(events) ? events : [events], options?.expectedRevision ?? 'any'),
      readStream: (
        streamId: string,
        options: { fromRevision?: ReadRevision; direction?: string; maxCount?: number | bigint } = {},
      ) => this.readStream(streamId, options),
      readAll: (
        options: { fromPosition?: ReadPosition; direction?: string; maxCount?: number | bigint } = {},
      ) => Readable.from(this.readAll(options)),
      subscribeToAll: (options: { fromPosition?: ReadPosition; filter?: Filter } = {}) =>
        this.subscribe(options),
      dispose: async () => undefined,
    };
    return client as unknown as EsdbClient;
  }

  private async append(
    streamId: string,
    events: readonly EventData[],
    expected: AppendExpectedRevision,
  ): Promise<AppendResult> {
    await new Promise((resolve) => setImmediate(resolve)); // one writer, requests interleave
    const stream = this.byStream.get(streamId) ?? [];
    const current = stream.length - 1;
    const conflict = () =>
      new WrongExpectedVersionError(undefined, {
        streamName: streamId,
        expected,
        current: current === -1 ? 'no_stream' : BigInt(current),
      });
    const idempotent = (last: Row): AppendResult => ({
      success: true,
      nextExpectedRevision: BigInt(last.revision),
      position: { commit: last.position, prepare: last.position },
    });
    const ids = events.map((event) => event.id);
    if (expected === 'any' && current >= 0) {
      const found = ids.map((id) => this.byId.get(`${streamId}/${id}`));
      if (found[0] !== undefined) {
        if (found.some((row) => row === undefined)) throw conflict();
        return idempotent(found[found.length - 1]!);
      }
    } else if (expected !== 'any') {
      const revision = expected === 'no_stream' ? -1 : Number(expected);
      if (revision < current) {
        const found = ids.map((id, i) => {
          const row = stream[revision + 1 + i];
          return row?.id === id ? row : undefined;
        });
        if (found.some((row) => row === undefined) || found.length === 0) throw conflict();
        return idempotent(found[found.length - 1]!);
      }
      if (revision > current) throw conflict();
    }
    const written = this.write(
      streamId,
      events.map((event) => ({
        id: event.id,
        type: event.type,
        data: JSON.stringify(event.data),
        metadata: event.metadata === undefined ? '' : JSON.stringify(event.metadata),
      })),
    );
    return idempotent(written[written.length - 1]!);
  }

  private write(streamId: string, events: readonly Omit<Row, 'streamId' | 'revision' | 'position'>[]): Row[] {
    const stream = this.byStream.get(streamId) ?? [];
    this.byStream.set(streamId, stream);
    const rows = events.map((event) => {
      const row = { ...event, streamId, revision: stream.length, position: this.nextPosition };
      this.nextPosition += BigInt(100 + event.data.length + event.metadata.length);
      stream.push(row);
      this.rows.push(row);
      this.byId.set(`${streamId}/${row.id}`, row);
      return row;
    });
    for (const listener of this.live) rows.forEach(listener);
    return rows;
  }

  private readStream(
    streamId: string,
    {
      fromRevision = 'start',
      direction = 'forwards',
      maxCount = Infinity,
    }: {
      fromRevision?: ReadRevision;
      direction?: string;
      maxCount?: number | bigint;
    },
  ): Readable {
    const stream = this.byStream.get(streamId);
    if (!stream) {
      return new Readable({
        objectMode: true,
        read() {
          this.destroy(new StreamNotFoundError(undefined, streamId));
        },
      });
    }
    const from =
      fromRevision === 'start' ? 0 : fromRevision === 'end' ? stream.length - 1 : Number(fromRevision);
    const rows =
      direction === 'forwards'
        ? stream.filter((row) => row.revision >= from)
        : stream.filter((row) => row.revision <= from).reverse();
    return Readable.from(rows.slice(0, Number(maxCount)).map(resolved));
  }

  private readAll({
    fromPosition = 'start',
    direction = 'forwards',
    maxCount = Infinity,
  }: {
    fromPosition?: ReadPosition;
    direction?: string;
    maxCount?: number | bigint;
  }): AllStreamResolvedEvent[] {
    const rows =
      direction === 'forwards'
        ? this.rows.filter((row) => typeof fromPosition !== 'object' || row.position >= fromPosition.commit)
        : this.rows
            .filter((row) => typeof fromPosition !== 'object' || row.position < fromPosition.commit)
            .reverse();
    return rows.slice(0, Number(maxCount)).map(resolved);
  }

  private subscribe({ fromPosition = 'start', filter }: { fromPosition?: ReadPosition; filter?: Filter }) {
    const source = new PassThrough({ objectMode: true });
    const accepts = (row: Row) => {
      if (!filter) return true;
      const subject = filter.filterOn === 'streamName' ? row.streamId : row.type;
      return 'prefixes' in filter
        ? filter.prefixes.some((prefix) => subject.startsWith(prefix))
        : new RegExp(filter.regex).test(subject);
    };
    const push = (row: Row) => {
      if (accepts(row)) source.write(resolved(row));
    };
    const start =
      typeof fromPosition === 'object'
        ? fromPosition.commit
        : fromPosition === 'end'
          ? this.nextPosition
          : 0n;
    for (const row of this.rows) if (row.position >= start) push(row);
    this.live.add(push);
    const subscription = Object.assign(source, {
      unsubscribe: async () => {
        this.live.delete(push);
        source.end();
      },
    });
    return subscription as unknown as AllStreamSubscription;
  }
}

/** A row as the client hands it over: data and metadata parsed from JSON, positions as bigint. */
function resolved(row: Row): AllStreamResolvedEvent {
  const position = { commit: row.position, prepare: row.position };
  return {
    event: {
      streamId: row.streamId,
      id: row.id,
      revision: BigInt(row.revision),
      type: row.type,
      data: JSON.parse(row.data) as Record<string, unknown>,
      metadata: row.metadata === '' ? undefined : (JSON.parse(row.metadata) as Record<string, unknown>),
      isJson: true,
      created: new Date(0),
      position,
    },
    commitPosition: position.commit,
  };
}
