/**
 * Child process of the kill -9 durability test: appends from several concurrent writers (so that
 * group commits are exercised) and prints `position id` for every acknowledged event, until the
 * parent kills it.
 */
import { randomUUID } from 'node:crypto';
import { SqliteEventStore } from '../sqlite-event-store';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: append-until-killed <database file>');
const store = new SqliteEventStore(file);

const writer = async (stream: string): Promise<never> => {
  for (;;) {
    const id = randomUUID();
    const { position } = await store.append(
      stream,
      [
        {
          id,
          type: 'DurabilityProbed',
          data: { at: Date.now() },
          metadata: {
            tenant: 'acme',
            user: 'durability',
            correlationId: id,
            causationId: id,
            timestamp: new Date().toISOString(),
            schemaVersion: 1,
          },
        },
      ],
      'any',
    );
    process.stdout.write(`${position} ${id}\n`);
  }
};

void Promise.all(Array.from({ length: 4 }, (_, i) => writer(`durability-${i}`)));
