import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileForNode } from '../testing/compile-for-node';
import { SqliteEventStore } from './sqlite-event-store';
import { eventually } from '../testing/eventually';
import { eventStoreContract } from './testing/event-store.contract';
import { collect, newEvent } from './testing/events';

const temporaryDirectories: string[] = [];
const temporaryDirectory = () => {
  const directory = mkdtempSync(join(tmpdir(), 'fahrplan-event-store-'));
  temporaryDirectories.push(directory);
  return directory;
};
const databaseFile = () => join(temporaryDirectory(), 'events.db');

afterAll(() => {
  for (const directory of temporaryDirectories) rmSync(directory, { recursive: true, force: true });
});

eventStoreContract('SqliteEventStore', async () => {
  const store = new SqliteEventStore(databaseFile(), { pollIntervalMs: 50 });
  return { store, dispose: () => store.close() };
});

eventStoreContract('SqliteEventStore in memory', async () => {
  const store = new SqliteEventStore(':memory:');
  return { store, dispose: () => store.close() };
});

describe('SqliteEventStore', () => {
  const opened: SqliteEventStore[] = [];
  const open = (file: string, pollIntervalMs = 50) => {
    const store = new SqliteEventStore(file, { pollIntervalMs });
    opened.push(store);
    return store;
  };

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });

  it('starts empty: head position 0, nothing to read', async () => {
    const store = open(databaseFile());

    expect(await store.headPosition()).toBe(0);
    expect(await store.readAll()).toEqual([]);
  });

  it('keeps the events when the file is closed and opened again', async () => {
    const file = databaseFile();
    const first = open(file);
    const events = [newEvent(), newEvent()];
    const result = await first.append('application-1', events, 'no_stream');
    await first.close();

    const reopened = open(file);

    expect((await reopened.readStream('application-1')).map((event) => event.id)).toEqual(
      events.map((event) => event.id),
    );
    expect(await reopened.headPosition()).toBe(result.position);
    expect((await reopened.append('application-1', [newEvent()], 1)).position).toBeGreaterThan(
      result.position,
    );
  });

  it('wakes a subscription on an append in this process without waiting for the poll', async () => {
    const store = open(databaseFile(), 60_000);
    const subscription = store.subscribe();
    const received = collect(subscription);
    // One turn of the event loop: the subscription finds nothing and starts waiting.
    await new Promise((resolve) => setImmediate(resolve));

    const event = newEvent();
    await store.append('item-1', [event], 'no_stream');

    await eventually(() => expect(received.events.map((e) => e.id)).toEqual([event.id]), { timeoutMs: 1000 });
    await subscription.close();
    await received.ended;
  });

  it('hands a subscription what one commit stored as one batch', async () => {
    const store = open(databaseFile());
    const subscription = store.subscribe();
    const first = subscription.nextBatch(1000);
    // One turn of the event loop: the subscription finds nothing and starts waiting.
    await new Promise((resolve) => setImmediate(resolve));

    const events = Array.from({ length: 20 }, () => newEvent());
    await store.appendMany(
      events.map((event, i) => ({ streamId: `item-${i}`, events: [event], expected: 'no_stream' })),
    );

    expect((await first).map((event) => event.id)).toEqual(events.map((event) => event.id));
    await subscription.close();
  });

  it('scopes event ids to their stream, as EventStoreDB does: another stream may reuse one', async () => {
    const store = open(databaseFile());
    const event = newEvent();
    await store.append('item-1', [event], 'no_stream');

    const other = await store.append('item-2', [event], 'no_stream');

    expect(other.nextRevision).toBe(0);
    expect(await store.readStream('item-2')).toHaveLength(1);
  });

  it("shows another instance's appends to a subscription on the same file, by polling", async () => {
    const file = databaseFile();
    const writer = open(file);
    const reader = open(file, 20);
    const subscription = reader.subscribe({ categories: ['item'] });
    const received = collect(subscription);

    const events = [newEvent(), newEvent(), newEvent()];
    await writer.append('item-1', events.slice(0, 2), 'no_stream');
    await writer.append('item-2', events.slice(2), 'no_stream');

    await eventually(() => expect(received.events.map((event) => event.id)).toEqual(events.map((e) => e.id)));
    await subscription.close();
    await received.ended;
  });

  it('checks expected revisions across instances on the same file', async () => {
    const file = databaseFile();
    const [one, two] = [open(file), open(file)];
    await one.append('group-1', [newEvent()], 'no_stream');

    await expect(two.append('group-1', [newEvent()], 'no_stream')).rejects.toMatchObject({ actual: 0 });
    await expect(two.append('group-1', [newEvent()], 0)).resolves.toMatchObject({ nextRevision: 1 });
  });

  it('opens a file that another process holds locked for a moment, waiting instead of failing', async () => {
    // Two services of a distributed pair start together: one may be switching the new file to
    // WAL while the other opens it.
    const file = databaseFile();
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const { DatabaseSync } = require('node:sqlite');
         const db = new DatabaseSync(process.argv[1]);
         db.exec('CREATE TABLE IF NOT EXISTS held (x); BEGIN EXCLUSIVE; INSERT INTO held VALUES (1)');
         console.log('locked');
         setTimeout(() => { db.exec('COMMIT'); db.close(); }, 400);`,
        file,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => holder.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      holder.on('error', reject);
      createInterface({ input: holder.stdout }).once('line', () => resolve());
    });

    const store = open(file);

    await expect(store.append('item-1', [newEvent()], 'no_stream')).resolves.toMatchObject({
      nextRevision: 0,
    });
    expect(await exited).toBe(0);
  });

  it('rejects event ids that are not UUIDs, and duplicate ids within one append', async () => {
    const store = open(databaseFile());
    const event = newEvent();

    await expect(store.append('item-1', [newEvent({ id: 'e1' })], 'any')).rejects.toThrow(/not a UUID/);
    await expect(store.append('item-1', [event, event], 'any')).rejects.toThrow(/not unique/);
    expect(await store.readStream('item-1')).toEqual([]);
  });

  it('rejects appends and reads once closed', async () => {
    const store = open(databaseFile());
    await store.close();

    await expect(store.append('item-1', [newEvent()], 'any')).rejects.toThrow(/closed/);
    await expect(store.readAll()).rejects.toThrow(/closed/);
  });

  it('ends open subscriptions when the store closes', async () => {
    const store = open(databaseFile());
    const received = collect(store.subscribe());

    await store.close();

    await expect(received.ended).resolves.toBeUndefined();
  });

  it('keeps every acknowledged append when the writing process is killed with SIGKILL', async () => {
    const child = compileForNode(join(__dirname, 'testing/append-until-killed.ts'));
    const file = databaseFile();
    const acknowledged = await appendUntilKilled(child.script, file, 300);
    child.dispose();

    const reopened = open(file);
    const stored = new Map((await reopened.readAll()).map((event) => [event.id, event.position]));

    expect(acknowledged.length).toBeGreaterThanOrEqual(300);
    for (const { id, position } of acknowledged) expect(stored.get(id)).toBe(position);
  }, 15_000);
});

function appendUntilKilled(
  script: string,
  file: string,
  acks: number,
): Promise<{ id: string; position: number }[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    const acknowledged: { id: string; position: number }[] = [];
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const [position, id] = line.split(' ');
      acknowledged.push({ id: id!, position: Number(position) });
      if (acknowledged.length >= acks && !child.killed) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolve(acknowledged);
      else reject(new Error(`the child exited by itself (${String(signal)}): ${errors}`));
    });
  });
}
