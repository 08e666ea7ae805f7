/**
 * Issue 24: what a change of a calendar costs the projection runner, which derives the stored sort key
 * `duration` again for every project on it (docs/design/joined-keys.md). BENCH_REJOIN_PROJECTS projects
 * on the default calendar in the embedded SQLite read store; one CalendarChanged of the default calendar
 * beside the peer, a page of as many GroupUpdated events (the same documents written by ordinary
 * events), measured alternately. Prints wall and CPU time, documents written and the load average.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { bernDefinition, calendarStream, streamName } from '@fahrplan/contracts';
import type { StoredEvent } from '@fahrplan/contracts';
import type { EventStore } from '@fahrplan/platform';
import {
  ProjectionRunner,
  SqliteReadStore,
  allProjections,
  readModelCollections,
} from '@fahrplan/projection-service';
import type { DocumentWrite } from '@fahrplan/projection-service';
import { format, load, median, printTable, setting } from './figures';

const config = {
  projects: setting('BENCH_REJOIN_PROJECTS', 10_000),
  rounds: setting('BENCH_REJOIN_ROUNDS', 3),
};

let position = 0;
const revisions = new Map<string, number>();
const event = (streamId: string, type: string, data: Record<string, unknown>): StoredEvent => {
  const revision = revisions.get(streamId) ?? 0;
  revisions.set(streamId, revision + 1);
  position += 1;
  return {
    type,
    data,
    revision,
    position,
    id: `e-${position}`,
    streamId,
    metadata: {
      tenant: 'bench',
      user: 'bench',
      correlationId: 'c',
      causationId: 'c',
      timestamp: '2026-11-29T08:00:00.000Z',
      schemaVersion: 1,
    },
  };
};

const project = (id: number) =>
  event(streamName('group', id), 'GroupCreated', {
    id,
    title: `Project ${id}`,
    start: '2031-01-06',
    end: `2031-0${1 + (id % 9)}-2${id % 8}`,
    status: 0,
    metrics: [],
  });

/** The default calendar closed on one more day each round: every project on it derived again. */
const calendarChange = (round: number) =>
  event(calendarStream('bench', 0), 'CalendarChanged', {
    id: 0,
    effectiveFrom: '2031-01-01',
    definition: {
      ...bernDefinition,
      companyDays: [
        {
          date: `2031-02-${String(2 + round).padStart(2, '0')}`,
          kind: 'closed',
          yearly: false,
          name: 'Bench',
        },
      ],
    },
  });

const projectUpdates = (round: number) =>
  Array.from({ length: config.projects }, (_, i) =>
    event(streamName('group', i + 1), 'GroupUpdated', {
      id: i + 1,
      changes: { end: `2031-10-${10 + round}` },
    }),
  );

async function main() {
  const folder = mkdtempSync(join(tmpdir(), 'fahrplan-rejoin-'));
  const store = new SqliteReadStore(join(folder, 'read.db'), readModelCollections);
  let written = 0;
  const counting = new Proxy(store, {
    get: (target, key) =>
      key === 'write'
        ? (writes: readonly DocumentWrite[], checkpoint?: unknown) => {
            written += writes.length;
            return target.write(writes, checkpoint as never);
          }
        : (Reflect.get(target, key) as unknown),
  });
  try {
    const runner = new ProjectionRunner({} as EventStore, counting, allProjections);
    await runner.applyBatch(Array.from({ length: config.projects }, (_, i) => project(i + 1)));
    const rows: string[][] = [['case', 'wall ms (median)', 'CPU ms (median)', 'documents written', 'load']];
    const measured = { change: [] as number[][], updates: [] as number[][] };
    for (let round = 0; round < config.rounds; round += 1)
      for (const [name, events] of [
        ['change', [calendarChange(round)]],
        ['updates', projectUpdates(round)],
      ] as const) {
        written = 0;
        const cpu = process.cpuUsage();
        const start = performance.now();
        await runner.applyBatch(events);
        const wall = performance.now() - start;
        const used = process.cpuUsage(cpu);
        measured[name].push([wall, (used.user + used.system) / 1000, written]);
      }
    const row = (label: string, runs: number[][]) => [
      label,
      format(median(runs.map((r) => r[0]!))),
      format(median(runs.map((r) => r[1]!))),
      format(runs[0]![2]!),
      load(),
    ];
    rows.push(row(`one CalendarChanged, ${config.projects} projects on it`, measured.change));
    rows.push(row(`peer: ${config.projects} GroupUpdated in one page`, measured.updates));
    console.log(`calendar change at ${config.projects} projects (${cpus().length} cores)`);
    printTable(console.log, rows, new Set([0]));
  } finally {
    store.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

void main();
