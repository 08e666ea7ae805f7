import { join, resolve } from 'node:path';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { SqliteEventStore } from '@fahrplan/platform';
import {
  SqliteReadStore,
  allProjections,
  archiveFile,
  readModelCollections,
  rebuild,
} from '@fahrplan/projection-service';

/** A read store's files: its own and its version archive's, each with its log and index. */
const sqliteFiles = (file: string) =>
  [file, archiveFile(file)].flatMap((name) => [name, `${name}-wal`, `${name}-shm`]);

/**
 * `npm run replay`: rebuilds every read model of the data folder from its event log into a new
 * `read.db` (and its version archive), which then replaces the old one (stop the server first: it
 * holds the old file open),
 * and reports what it found and how fast. The tracker mirror's documents come back at the next
 * start, which folds the tracker topics again.
 */
const main = async () => {
  const dataDir = resolve(process.env.DATA_DIR ?? 'data');
  const file = join(dataDir, 'events.db');
  if (!existsSync(file)) throw new Error(`no event log at ${file}`);
  const target = join(dataDir, 'read.db');
  const building = `${target}.rebuild`;
  for (const stale of sqliteFiles(building)) rmSync(stale, { force: true });
  const store = new SqliteEventStore(file);
  const readStore = new SqliteReadStore(building, readModelCollections);
  const started = performance.now();
  const { events, position } = await rebuild(store, readStore, allProjections);
  const seconds = (performance.now() - started) / 1000;
  const counts = await Promise.all(
    allProjections.map(
      async ({ collection }) => [collection, await readStore.count(collection, {})] as const,
    ),
  );
  readStore.close();
  await store.close();
  for (const old of sqliteFiles(target)) rmSync(old, { force: true });
  renameSync(building, target);
  renameSync(archiveFile(building), archiveFile(target));
  console.log(
    `replayed ${events} events up to position ${position} into ${target} in ${seconds.toFixed(2)} s ` +
      `(${Math.round(events / Math.max(seconds, 1e-9))} events/s, ${(statSync(target).size / 2 ** 20).toFixed(1)} MB, ` +
      `peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB)`,
  );
  for (const [collection, count] of counts) if (count > 0) console.log(`  ${collection}: ${count} documents`);
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
