/**
 * `npm run bench:timeline-cpu` (issue 17): the CPU a timeline page costs the server, load-independently,
 * in one process on a copy of the 1,000,000-item read models (`BENCH_TIMELINE_READ_DB`, a `read.db` of a
 * prepared folder; opened read-only, never written). Two ways per window size, `BENCH_TIMELINE_PAGES`
 * random windows of the items' span each, 40 rows: the query alone on this thread (what a query
 * thread spends), and through `QueryThreads` (the thread, the hand-off and the main thread's share),
 * as process CPU (every thread) per page, with the answer's bytes.
 */
import { cpus } from 'node:os';
import {
  QueryThreads,
  SqliteReadStore,
  readModelCollections,
  threadQueries,
} from '@fahrplan/projection-service';
import { seeded } from '@fahrplan/platform/testing';
import { load, setting, settingList } from './figures';

const config = {
  file: process.env.BENCH_TIMELINE_READ_DB ?? '/tmp/tlcpu/read.db',
  pages: setting('BENCH_TIMELINE_PAGES', 200),
  tenant: process.env.BENCH_TIMELINE_TENANT ?? 'demo',
  /** Window sizes in days (the month and the year list items, the ten years summaries). */
  days: settingList('BENCH_TIMELINE_DAYS', [30, 365, 3652]),
  /** The items' first and last start day (`from…to`): read from the items when not given (a scan of them). */
  span: process.env.BENCH_TIMELINE_SPAN?.split('…'),
};

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const windows = (span: readonly string[], days: number, count: number) => {
  const { next: random } = seeded(17);
  const [first, last] = span.map((day) => Date.parse(`${day}T00:00:00Z`)) as [number, number];
  const spanDays = (last - first) / DAY_MS;
  return Array.from({ length: count }, () => {
    const from = first + Math.floor(random() * (spanDays - days)) * DAY_MS;
    return { from: dayOf(from), to: dayOf(from + days * DAY_MS) };
  });
};

const queryOf = (tenant: string, window: { from: string; to: string }, days: number) => ({
  tenant,
  ...window,
  detail: days <= 366 ? ('items' as const) : ('summary' as const),
  page: { limit: 40, after: null },
  filters: { groups: undefined, status: undefined, resource: undefined, application: undefined },
});

const spanOf = async (store: SqliteReadStore) => {
  const [first, last] = await Promise.all(
    ([1, -1] as const).map(
      async (order) =>
        (await store.findFields('items', [{ tenant: config.tenant, deleted: false }], ['start'], {
          sort: { start: order },
          limit: 1,
        })) as unknown as { start: string }[],
    ),
  );
  return [first![0]!.start.slice(0, 10), last![0]!.start.slice(0, 10)];
};

const cpuMs = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};

/** The position the threads' answers are kept under: a new one per round, so that no kept answer is reused. */
let round = 0;

const main = async () => {
  const store = new SqliteReadStore(config.file, readModelCollections, { readOnly: true });
  const itemSpan = config.span ?? (await spanOf(store));
  const threads = new QueryThreads(
    { file: config.file, collections: readModelCollections },
    Math.max(1, cpus().length),
    () => round,
  );
  // every thread loaded and answering before anything is timed: process.cpuUsage counts all threads
  threads.start();
  const firsts = windows(itemSpan, 7, cpus().length * 2).map((w) => queryOf(config.tenant, w, 7));
  await Promise.all(firsts.map((query) => threads.run('timeline', query)));
  process.stdout.write(`items' span ${itemSpan.join(' … ')}, ${config.pages} pages each, load ${load()}\n`);
  for (const days of config.days) {
    const asked = windows(itemSpan, days, config.pages).map((w) => queryOf(config.tenant, w, days));
    // each way asked twice, the second timed: statements prepared, code compiled, the windows' pages
    // in SQLite's and the system's caches, as in a running server (a first pass reads from the disk)
    const alonePass = async () => {
      let bytes = 0;
      for (const query of asked) bytes += (await threadQueries.timeline(store, query)).json.length;
      return bytes;
    };
    await alonePass();
    let cpu = process.cpuUsage();
    const bytes = await alonePass();
    const alone = cpuMs(cpu) / asked.length;
    const viaThreads = async () => {
      round++;
      for (const query of asked) await threads.run('timeline', query);
    };
    await viaThreads();
    cpu = process.cpuUsage();
    await viaThreads();
    const threaded = cpuMs(cpu) / asked.length;
    process.stdout.write(
      `${days} days: ${alone.toFixed(2)} ms of CPU per page alone, ${threaded.toFixed(2)} ms through the threads, ` +
        `${(bytes / asked.length / 1000).toFixed(1)} kB per answer (load ${load()})\n`,
    );
  }
  await threads.close();
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
