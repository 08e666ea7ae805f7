/**
 * Child process of the kill -9 catch-up test: catches up from a SQLite event log into MongoDB and
 * reports each step on stdout (`bulk <first> <last>` before a page's write, `checkpoint <position>`
 * after its checkpoint, `done <position>` at the end), until the parent kills it.
 */
import { SqliteEventStore } from '@fahrplan/platform';
import type { DocumentWrite } from '../../read-store/read-store';
import { MongoReadStore } from '../../read-store/mongo-read-store';
import { allProjections } from '../all-projections';
import { ProjectionRunner } from '../projection-runner';

const [file, url, database, batchSize] = process.argv.slice(2);
if (!file || !url || !database || !batchSize)
  throw new Error('usage: catch-up-until-killed <event log> <MongoDB URL> <database> <batch size>');

const say = (line: string) => process.stdout.write(`${line}\n`);

/** Reports the runner's writes and checkpoints as they happen. */
class ReportingReadStore extends MongoReadStore {
  override async write(writes: readonly DocumentWrite[]): Promise<void> {
    const positions = writes.map((write) => write.position);
    say(`bulk ${Math.min(...positions)} ${Math.max(...positions)}`);
    await super.write(writes);
  }

  override async saveCheckpoint(name: string, position: number): Promise<void> {
    await super.saveCheckpoint(name, position);
    say(`checkpoint ${position}`);
  }
}

const main = async () => {
  const store = new SqliteEventStore(file);
  const connected = await MongoReadStore.connect(url, database);
  const readStore = new ReportingReadStore(connected.database);
  const runner = new ProjectionRunner(store, readStore, allProjections, { batchSize: Number(batchSize) });
  const { position } = await runner.catchUp();
  say(`done ${position}`);
  await connected.close();
  await store.close();
};

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
