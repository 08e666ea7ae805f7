/**
 * Sheet export benchmark (issue 23: "streamed so that 100,000 rows export without loading them all in
 * memory"): the embedded platform (createEmbedded, as `npm start` runs it) on 127.0.0.1 over a data
 * folder seeded by `npm run seed` (server/dist/seed.js) with BENCH_EXPORT_ITEMS items, then
 * `GET /api/exports/items.<xlsx|csv>` of a window holding all of them, and of one holding about a
 * tenth, each downloaded over real HTTP and counted, never held. Printed per export: rows, bytes, time,
 * and the process's peak RSS above its level before the export (sampled every 20 ms): the streaming
 * proof is that the peak does not grow with the rows.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { SheetFormat } from '@fahrplan/contracts';
import { createEmbedded } from '@fahrplan/server';
import { format, load, printTable, seconds, setting } from './figures';
import { accessTokenOf, benchDataFolder, listenLocally } from './workload-support';

const config = {
  items: setting('BENCH_EXPORT_ITEMS', 100_000),
  projects: setting('BENCH_EXPORT_PROJECTS', 1000),
  seed: setting('BENCH_EXPORT_SEED', 1),
};
const TENANT = 'bench';
const USERNAME = 'planner';
const FROM = '2026-01-01';
const TO = '2028-01-01';

const mib = (bytes: number) => format(bytes / 1024 / 1024, 1);

async function seedFolder(dataDir: string): Promise<string> {
  const password = await benchDataFolder(dataDir, TENANT, {
    username: USERNAME,
    displayName: 'Export Bench Planner',
  });
  const seedJs = join(dirname(require.resolve('@fahrplan/server')), 'seed.js');
  const env = { ...process.env };
  delete env.EVENTSTORE_URL;
  const began = performance.now();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      seedJs,
      ...['--data-dir', dataDir, '--tenant', TENANT, '--user', USERNAME],
      ...['--projects', String(config.projects), '--items', String(config.items)],
      ...['--seed', String(config.seed), '--from', FROM, '--to', '2027-10-01'],
    ],
    { env, maxBuffer: 16 * 1024 * 1024 },
  );
  console.log(
    `seeded in ${format(seconds(began), 1)} s: ${stdout.split('\n').find((l) => l.startsWith('done:')) ?? ''}`,
  );
  return password;
}

interface Measured {
  readonly rows: number;
  readonly bytes: number;
  readonly seconds: number;
  readonly peakAbove: number;
  readonly before: number;
  readonly peakHeap: number;
  /** Buffers outside the heap (what a stream queues), above their level before. */
  readonly peakExternal: number;
}

/** Downloads `path`, counting bytes (and CSV lines) as they arrive, sampling RSS meanwhile. */
async function measure(baseUrl: string, token: string, path: string, countLines: boolean): Promise<Measured> {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  let peakHeap = 0;
  const externalBefore = process.memoryUsage().external;
  let peakExternal = externalBefore;
  const sampler = setInterval(() => {
    const { rss, heapUsed, external } = process.memoryUsage();
    peak = Math.max(peak, rss);
    peakHeap = Math.max(peakHeap, heapUsed);
    peakExternal = Math.max(peakExternal, external);
  }, 20);
  const began = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    if (countLines) for (const byte of chunk) if (byte === 10) lines++;
  }
  const took = seconds(began);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return {
    rows: countLines ? lines - 1 : NaN,
    bytes,
    seconds: took,
    peakAbove: peak - before,
    before,
    peakHeap,
    peakExternal: peakExternal - externalBefore,
  };
}

async function main() {
  const directory = mkdtempSync(join(tmpdir(), 'fahrplan-export-bench-'));
  try {
    const dataDir = join(directory, 'data');
    const password = await seedFolder(dataDir);
    const embedded = await createEmbedded({ dataDir, logger: false });
    try {
      const baseUrl = await listenLocally(embedded.app);
      const accessToken = await accessTokenOf(baseUrl, { tenant: TENANT, username: USERNAME, password });
      const groups = (await (
        await fetch(`${baseUrl}/api/groups?limit=${Math.ceil(config.projects / 10)}`, {
          headers: { authorization: `Bearer ${accessToken}` },
        })
      ).json()) as { items: { id: number }[] };
      const tenth = groups.items.map((g) => g.id).join(',');
      const all = { what: `all ${config.projects} projects`, query: `from=${FROM}&to=${TO}` };
      // the whole list first and again last: a leak would lift "RSS before" from run to run, and a peak
      // that followed the rows would differ between a tenth and the whole
      const exports: { what: string; query: string }[] = [
        all,
        {
          what: `a tenth of the projects (${groups.items.length})`,
          query: `from=${FROM}&to=${TO}&group=${tenth}`,
        },
        all,
      ];
      const lines = [
        [
          'export',
          'format',
          'rows',
          'MiB',
          's',
          'rows/s',
          'RSS before MiB',
          'peak RSS above MiB',
          'peak heap MiB',
          'peak external above MiB',
        ],
      ];
      for (const format_ of ['csv', 'xlsx'] as SheetFormat[])
        for (const { what, query } of exports) {
          const path = `/api/exports/items.${format_}?${query}&lang=en`;
          const m = await measure(baseUrl, accessToken, path, format_ === 'csv');
          // the .xlsx rows are the CSV's of the same query (same pages, same order)
          const rows =
            format_ === 'csv' ? m.rows : Number(lines.find((l) => l[0] === what)?.[2]?.replace(/,/g, ''));
          lines.push([
            what,
            format_,
            format(rows),
            mib(m.bytes),
            format(m.seconds, 2),
            format(rows / m.seconds),
            mib(m.before),
            mib(m.peakAbove),
            mib(m.peakHeap),
            mib(m.peakExternal),
          ]);
        }
      console.log(
        `\nGET /api/exports/items.<format>, ${format(config.items)} items seeded in ${config.projects} projects; ` +
          `${cpus().length} cores, ${format(totalmem() / 1024 ** 3)} GiB, Node ${process.versions.node}, load ${load()}\n`,
      );
      printTable(console.log, lines, new Set([0, 1]));
    } finally {
      await embedded.close();
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
