import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { SqliteEventStore } from '@fahrplan/platform';
import { MemoryReadStore, allProjections, rebuild } from '@fahrplan/projection-service';

/** `npm run replay`: rebuilds every read model from the event log and reports what it found. */
const main = async () => {
  const dataDir = resolve(process.env.DATA_DIR ?? 'data');
  const file = join(dataDir, 'events.db');
  if (!existsSync(file)) throw new Error(`no event log at ${file}`);
  const store = new SqliteEventStore(file);
  const readStore = new MemoryReadStore();
  const started = performance.now();
  const { events, position } = await rebuild(store, readStore, allProjections);
  const seconds = (performance.now() - started) / 1000;
  const dump = await readStore.dump();
  console.log(
    `replayed ${events} events up to position ${position} in ${seconds.toFixed(2)} s (${Math.round(events / Math.max(seconds, 1e-9))} events/s)`,
  );
  for (const [collection, docs] of Object.entries(dump))
    console.log(`  ${collection}: ${docs.length} documents`);
  await store.close();
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
