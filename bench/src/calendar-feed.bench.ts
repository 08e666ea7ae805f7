/**
 * Calendar feed benchmark (issue 23): what one poll of `GET /feeds/<secret>.ics` costs as the plan
 * grows, on the embedded SQLite read store: reading a feed's items (the projects its filters choose,
 * then their items from the interval index for the feed's window) and writing them as RFC 5545 text
 * with ical-generator. No peer library: the figures show where a poll's time goes. Scale with the
 * BENCH_FEED_* variables below.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredEvent } from '@fahrplan/contracts';
import {
  SqliteReadStore,
  allProjections,
  feedCalendar,
  feedEvents,
  feedWindow,
} from '@fahrplan/projection-service';
import type { DocumentWrite, Projection } from '@fahrplan/projection-service';
import { format, load, median, ms, printTable, setting } from './figures';

const config = {
  projects: setting('BENCH_FEED_PROJECTS', 2000),
  /** Items per project, spread over three years around today: a third milestones, the rest tasks. */
  itemsPerProject: setting('BENCH_FEED_ITEMS', 30),
  rounds: setting('BENCH_FEED_ROUNDS', 15),
};
const TENANT = 'bench';
const today = new Date().toISOString().slice(0, 10);
const dayFrom = (offset: number) =>
  `${new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10)}T00:00`;

let position = 0;
const event = (type: string, data: Record<string, unknown>): StoredEvent => ({
  type,
  data,
  metadata: {
    tenant: TENANT,
    user: 'planner',
    timestamp: new Date().toISOString(),
  } as StoredEvent['metadata'],
  id: `e${++position}`,
  streamId: `x-${position}`,
  revision: 0,
  position,
});

const projection = (collection: string) =>
  allProjections.find((p) => p.collection === collection) as Projection<object>;

/** Each record's document as its projection makes it from its creation. */
const documents = (collection: string, events: readonly StoredEvent[]): DocumentWrite[] => {
  const folding = projection(collection);
  return events.map((created) => ({
    collection,
    id: folding.documentId(created),
    position: created.position,
    document: folding.evolve(null, created) as Record<string, unknown>,
  }));
};

const seed = async (store: SqliteReadStore) => {
  let id = 1;
  for (let p = 0; p < config.projects; p++) {
    const group = id++;
    const project = event('GroupCreated', {
      id: group,
      title: `Project ${String(p).padStart(5, '0')}`,
      resource: (p % 20) + 1,
      applications: [(p % 50) + 1],
      art: null,
      start: null,
      end: null,
    });
    const items = Array.from({ length: config.itemsPerProject }, (_, i) => {
      const start = ((p * 7 + i * 37) % 1095) - 365;
      const milestone = i % 3 === 0;
      return event('ItemCreated', {
        id: id++,
        title: `Item ${p}-${i}`,
        group,
        subgroup: milestone ? 'milestones' : 'tasks',
        start: dayFrom(start),
        end: milestone ? null : dayFrom(start + 5 + (i % 20)),
        type: null,
        rank: null,
        status: 0,
        className: null,
      });
    });
    await store.write([...documents('groups', [project]), ...documents('items', items)]);
  }
};

const timed = async <T>(work: () => Promise<T>) => {
  const times: number[] = [];
  let result!: T;
  for (let round = 0; round < config.rounds + 2; round++) {
    const start = performance.now();
    result = await work();
    if (round >= 2) times.push(performance.now() - start);
  }
  return { result, median: median(times) };
};

const main = async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fahrplan-bench-feed-'));
  try {
    const store = new SqliteReadStore(join(dir, 'read.db'), allProjections);
    const seeding = performance.now();
    await seed(store);
    const items = config.projects * config.itemsPerProject;
    console.log(
      `seeded ${format(config.projects)} projects, ${format(items)} items in ${ms(performance.now() - seeding)} ms; load ${load()}`,
    );
    const window = feedWindow(today);
    const feeds = {
      'milestones, every project': {
        includeTasks: false,
        projects: null,
        resources: null,
        applications: null,
      },
      'milestones and tasks, every project': {
        includeTasks: true,
        projects: null,
        resources: null,
        applications: null,
      },
      'milestones and tasks, 5 projects': {
        includeTasks: true,
        projects: [1, 32, 63, 94, 125],
        resources: null,
        applications: null,
      },
      'milestones, one resource': { includeTasks: false, projects: null, resources: [3], applications: null },
    };
    const rows: string[][] = [];
    for (const [name, filters] of Object.entries(feeds)) {
      const read = await timed(() => feedEvents(store, TENANT, filters, window));
      const write = await timed(() =>
        Promise.resolve(
          feedCalendar(read.result, { name, origin: 'https://fahrplan.example', now: new Date() }),
        ),
      );
      rows.push([
        name,
        format(read.result.length),
        ms(read.median),
        ms(write.median),
        format(Buffer.byteLength(write.result) / 1024),
      ]);
    }
    printTable(
      console.log,
      [['feed', 'events', 'read ms (median)', 'ical-generator ms (median)', 'KiB'], ...rows],
      new Set([0]),
    );
    console.log(`load average after: ${load()}`);
    store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

void main();
