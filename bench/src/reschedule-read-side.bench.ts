/**
 * The read side of one reschedule (issue 21), without HTTP and without the event store: the
 * projections apply what a reschedule of N items appends (its `ItemsRescheduled` commit and the N
 * items' `ItemUpdated` steps) in one batch on the embedded SQLite read store, as the live loop does.
 * It prints the CPU time per batch (the read store runs on this thread, so it is load-independent
 * beside the wall time) and the document writes. BENCH_RESCHEDULE_SIZE (items, default 1,001) and
 * BENCH_RESCHEDULE_ROUNDS (batches, default 12, the first two not counted) set the run. With
 * BENCH_RESCHEDULE_CHAIN=1 the items are tasks back to back (item i on day i), as the HTTP bench's
 * chain is after its first drag, so the running totals count their days (the effort per calendar).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredEvent } from '@fahrplan/contracts';
import type { EventStore } from '@fahrplan/platform';
import {
  ProjectionRunner,
  SqliteReadStore,
  allProjections,
  readModelCollections,
} from '@fahrplan/projection-service';
import { format, load, ms, percentile, setting } from './figures';

const size = setting('BENCH_RESCHEDULE_SIZE', 1001);
const rounds = setting('BENCH_RESCHEDULE_ROUNDS', 12);
const chain = setting('BENCH_RESCHEDULE_CHAIN', 0) === 1;
const WARMUP = 2;

let position = 0;
const recorded = (type: string, data: object, streamId: string, revision: number): StoredEvent => {
  position += 1;
  const timestamp = new Date(Date.UTC(2031, 0, 1, 0, 0, position)).toISOString();
  return {
    type,
    data,
    streamId,
    revision,
    position,
    id: `event-${position}`,
    metadata: {
      tenant: 'bench',
      user: 'planner',
      correlationId: 'c',
      causationId: 'c',
      timestamp,
      schemaVersion: 1,
    },
  } as StoredEvent;
};
const day = (d: number) => `${new Date(Date.UTC(2031, 0, d)).toISOString().slice(0, 10)}T00:00`;
/** Item `id`'s first day: all on the 7th, or one after the other in a chain. */
const first = (id: number) => (chain ? 6 + id : 7);
/** A task in the chain (counted by the running totals), else a bar as before. */
const kind = chain ? { type: null } : {};

async function main() {
  const directory = mkdtempSync(join(tmpdir(), 'fahrplan-reschedule-read-'));
  const store = new SqliteReadStore(join(directory, 'read.db'), readModelCollections);
  // the runner reads no event here: it is handed the batches
  const runner = new ProjectionRunner({} as EventStore, store, allProjections);
  let writes = 0;
  const write = store.write.bind(store);
  store.write = (docs, checkpoint) => {
    writes += docs.length;
    return write(docs, checkpoint);
  };
  try {
    const items = Array.from({ length: size }, (_, i) => i + 1);
    await runner.applyBatch(
      items.map((id) =>
        recorded(
          'ItemCreated',
          {
            id,
            title: `T ${id}`,
            group: 1,
            subgroup: 'tasks',
            ...kind,
            start: day(first(id)),
            end: day(first(id) + 1),
          },
          `item-${id}`,
          0,
        ),
      ),
    );
    const cpu: number[] = [];
    const wall: number[] = [];
    let counted = 0;
    for (let round = 0; round < rounds; round++) {
      // each round moves every item a day later, then back
      const shift = (item: number, by: number) => ({
        start: day(first(item) + by),
        end: day(first(item) + by + 1),
      });
      const [to, from] = round % 2 === 0 ? [1, 0] : [0, 1];
      const moves = items.map((item) => ({
        item,
        version: round,
        ...shift(item, to),
        before: shift(item, from),
      }));
      const batch = [
        recorded('ItemsRescheduled', { id: `r${round}`, moves }, `schedule-r${round}`, 0),
        ...items.map((id) =>
          recorded('ItemUpdated', { id, changes: shift(id, to) }, `item-${id}`, round + 1),
        ),
      ];
      writes = 0;
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await runner.applyBatch(batch);
      const t1 = performance.now();
      const c1 = process.cpuUsage(c0);
      if (round < WARMUP) continue;
      cpu.push((c1.user + c1.system) / 1000);
      wall.push(t1 - t0);
      counted = writes;
    }
    const last = await store.get('items', String(size));
    if (last?.version !== rounds) throw new Error(`the last item is at version ${String(last?.version)}`);
    const line = (what: string, values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return `${what} p50 ${ms(percentile(sorted, 50))} ms, p95 ${ms(percentile(sorted, 95))} ms`;
    };
    console.log(
      `read side of one reschedule of ${format(size)} items (${format(cpu.length)} batches): ` +
        `${line('CPU', cpu)}; ${line('wall', wall)}; ${format(counted)} document writes per batch; load ${load()}`,
    );
  } finally {
    store.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
