/**
 * Child process of the kill -9 catch-up tests: starts a projection runner on a SQLite event log and
 * a read store (`sqlite <file>` or `mongodb <url> <database>`), catches up with the log's head and
 * reports each step on stdout (`bulk <first> <last>` before a page's write, `checkpoint <position>`
 * once a write moved the checkpoint, `done <position>` at the end), until the parent kills it.
 */
import { SqliteEventStore } from '@fahrplan/platform';
import type { CheckpointWrite, DocumentWrite, ReadStore } from '../../read-store/read-store';
import { MongoReadStore } from '../../read-store/mongo-read-store';
import { SqliteReadStore } from '../../read-store/sqlite-read-store';
import { allProjections, readModelCollections } from '../all-projections';
import { ProjectionRunner } from '../projection-runner';

const [file, batchSize, kind, ...target] = process.argv.slice(2);
if (!file || !batchSize || !['sqlite', 'mongodb'].includes(kind ?? ''))
  throw new Error(
    'usage: catch-up-until-killed <event log> <batch size> (sqlite <file> | mongodb <URL> <database>)',
  );

const say = (line: string) => process.stdout.write(`${line}\n`);

/** The store, reporting the runner's writes and checkpoints as they happen. */
const reporting = (store: ReadStore): ReadStore =>
  new Proxy(store, {
    get(stored, key) {
      if (key === 'write')
        return async (writes: readonly DocumentWrite[], checkpoint?: CheckpointWrite) => {
          const positions = writes.map((write) => write.position);
          if (positions.length > 0) say(`bulk ${Math.min(...positions)} ${Math.max(...positions)}`);
          await stored.write(writes, checkpoint);
          if (checkpoint) say(`checkpoint ${checkpoint.position}`);
        };
      const value: unknown = Reflect.get(stored, key, stored);
      return typeof value === 'function' ? (value as () => unknown).bind(stored) : value;
    },
  });

const main = async () => {
  const store = new SqliteEventStore(file);
  const readStore =
    kind === 'sqlite'
      ? new SqliteReadStore(target[0]!, readModelCollections)
      : await MongoReadStore.connect(target[0]!, target[1]!);
  const runner = new ProjectionRunner(store, reporting(readStore), allProjections, {
    batchSize: Number(batchSize),
  });
  const head = await store.headPosition();
  await runner.start();
  if (!(await runner.waitFor(head, 600_000))) throw new Error(`did not reach ${head}`);
  await runner.stop();
  say(`done ${runner.checkpoint}`);
  if (readStore instanceof MongoReadStore) await readStore.close();
  else readStore.close();
  await store.close();
};

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
