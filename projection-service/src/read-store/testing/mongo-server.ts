import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { MongoDBContainer } from '@testcontainers/mongodb';
import { MongoClient } from 'mongodb';
import { probeContainerRuntime } from '@fahrplan/platform/testing';
import type { Atomicity } from './atomicity';

/**
 * Where the MongoDB integration suites find a server: MONGODB_URL (e.g. from `.ci/servers.sh`, any
 * MongoDB-wire server), else a testcontainers MongoDB when a container runtime answers, else none,
 * with the reason. Decided synchronously: Jest must know while collecting tests whether to skip.
 */
export type MongoSource =
  | { readonly kind: 'env'; readonly url: string; readonly atomic: Atomicity }
  | { readonly kind: 'container'; readonly atomic: Atomicity }
  | { readonly kind: 'none'; readonly reason: string };

export function mongoSource(): MongoSource {
  const url = process.env.MONGODB_URL?.trim();
  if (url) return { kind: 'env', url, atomic: probeAtomicUpdates(url) };
  const runtime = probeContainerRuntime();
  if (runtime.available) return { kind: 'container', atomic: true };
  return {
    kind: 'none',
    reason: `no MONGODB_URL and no container runtime (testcontainers: ${runtime.reason})`,
  };
}

/**
 * Races twenty `$max` updates on one document, three times; a server that reads and writes an
 * update in separate steps loses some (FerretDB 1.x on SQLite: FerretDB/FerretDB#3040). Asked in a
 * child process, synchronously, for the same reason as the container runtime.
 */
export function probeAtomicUpdates(url: string): Atomicity {
  const script = `
    const { MongoClient } = require(${JSON.stringify(require.resolve('mongodb'))});
    (async () => {
      const client = await new MongoClient(process.env.PROBE_URL, { serverSelectionTimeoutMS: 10000 }).connect();
      const db = client.db('fahrplan_probe_' + process.pid);
      const info = await db.admin().command({ buildInfo: 1 });
      const server = info.ferretdbVersion ? 'FerretDB ' + info.ferretdbVersion : 'MongoDB ' + info.version;
      let lost = 0;
      for (let round = 0; round < 3; round += 1) {
        await db.collection('probe').replaceOne({ _id: 'p' }, { v: 0 }, { upsert: true });
        await Promise.all(Array.from({ length: 20 }, (_, i) =>
          db.collection('probe').updateOne({ _id: 'p' }, { $max: { v: i + 1 } })));
        if ((await db.collection('probe').findOne({ _id: 'p' })).v !== 20) lost += 1;
      }
      await db.dropDatabase();
      await client.close();
      process.stdout.write(lost === 0 ? 'atomic'
        : server + ' lost concurrent updates of one document in ' + lost + ' of 3 rounds');
    })().catch((error) => { process.stderr.write(error.message); process.exit(2); });`;
  try {
    const answer = execFileSync(process.execPath, ['-e', script], {
      env: { ...process.env, PROBE_URL: url },
      timeout: 30_000,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
    return answer === 'atomic' ? true : answer;
  } catch (error) {
    const reason = String((error as { stderr?: string }).stderr || (error as Error).message);
    // the URL may carry credentials
    throw new Error(`MONGODB_URL (${url.replace(/\/\/[^@/]*@/, '//…@')}) does not answer: ${reason}`, {
      cause: error,
    });
  }
}

export interface MongoServer {
  readonly url: string;
  /** A client for the suite's databases; closed by `stop`. */
  readonly client: MongoClient;
  /** A database name no other test uses; every one handed out is dropped by `stop`. */
  freshDatabase(): string;
  stop(): Promise<void>;
}

export async function startMongo(source: Exclude<MongoSource, { kind: 'none' }>): Promise<MongoServer> {
  const container = source.kind === 'container' ? await new MongoDBContainer('mongo:8.0').start() : undefined;
  const url = container
    ? `${container.getConnectionString()}?directConnection=true`
    : (source as { url: string }).url;
  const client = await new MongoClient(url, { ignoreUndefined: true }).connect();
  const prefix = `fahrplan_test_${randomUUID().slice(0, 8)}`;
  const databases: string[] = [];
  return {
    url,
    client,
    freshDatabase: () => {
      const name = `${prefix}_${databases.length + 1}`;
      databases.push(name);
      return name;
    },
    stop: async () => {
      for (const name of databases) await client.db(name).dropDatabase();
      await client.close();
      await container?.stop();
    },
  };
}

/**
 * `describe` when a MongoDB-wire server is available, else `describe.skip` with the reason printed
 * (STYLE 19). The server is started once per file; `atomic` tells the tests of concurrent writers
 * whether they can hold on it.
 */
export function describeWithMongo(
  name: string,
  body: (server: () => MongoServer, atomic: Atomicity) => void,
): void {
  const source = mongoSource();
  if (source.kind === 'none') {
    process.stdout.write(`${name} skipped: ${source.reason}\n`);
    describe.skip(name, () =>
      body(() => {
        throw new Error('no MongoDB server');
      }, true),
    );
    return;
  }
  describe(name, () => {
    let server: MongoServer | undefined;
    beforeAll(async () => {
      server = await startMongo(source);
    }, 240_000);
    afterAll(async () => {
      await server?.stop();
    }, 60_000);
    body(() => {
      if (!server) throw new Error('the MongoDB server is not started yet');
      return server;
    }, source.atomic);
  });
}
