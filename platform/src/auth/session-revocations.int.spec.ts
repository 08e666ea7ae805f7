import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streamName } from '@fahrplan/contracts';
import { eventMetadata } from '../event-store/metadata';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { eventually } from '../testing/eventually';
import { SessionRevocations } from './session-revocations';
import { ACCESS_TOKEN_SECONDS } from './tokens';

const T0 = Date.parse('2026-03-02T09:30:00.000Z');

const sessionEvent = (type: string, data: unknown, at = T0) => ({
  id: randomUUID(),
  type,
  data,
  metadata: eventMetadata({
    tenant: 'demo',
    user: 'alice',
    timestamp: new Date(at).toISOString(),
    source: 'auth',
  }),
});

const started = (family: string) =>
  sessionEvent('SessionStarted', {
    family,
    userId: 1,
    tenant: 'demo',
    tokenHash: 'hash',
    expiresAt: new Date(T0 + 86_400_000).toISOString(),
  });

describe('SessionRevocations on the SQLite event store', () => {
  let dir: string;
  /** Two stores on one file: the writing service and another process that only reads. */
  let writer: SqliteEventStore;
  let reader: SqliteEventStore;
  let revocations: SessionRevocations | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fahrplan-revocations-'));
    writer = new SqliteEventStore(join(dir, 'events.db'));
    reader = new SqliteEventStore(join(dir, 'events.db'), { pollIntervalMs: 20 });
  });

  afterEach(async () => {
    await revocations?.stop();
    revocations = undefined;
    await reader.close();
    await writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const begin = async (family: string) => {
    await writer.append(streamName('session', family), [started(family)], 'no_stream');
  };
  const end = async (family: string, at = T0) =>
    writer.append(streamName('session', family), [sessionEvent('SessionEnded', { reason: 'logout' }, at)], 0);

  it('knows the sessions that ended before it started, and only those', async () => {
    const [ended, active] = [randomUUID(), randomUUID()];
    await Promise.all([begin(ended), begin(active)]);
    await end(ended);

    revocations = new SessionRevocations(reader, () => T0);
    await revocations.start();

    expect(revocations.isEnded(ended)).toBe(true);
    expect(revocations.isEnded(active)).toBe(false);
  });

  it('learns of an end written by another process through its subscription', async () => {
    const family = randomUUID();
    await begin(family);
    revocations = new SessionRevocations(reader, () => T0);
    await revocations.start();
    expect(revocations.isEnded(family)).toBe(false);

    const { position } = await end(family);

    expect(await revocations.waitFor(position, 5000)).toBe(true);
    expect(revocations.isEnded(family)).toBe(true);
  });

  it('counts an end recorded by its own process at once', async () => {
    revocations = new SessionRevocations(reader, () => T0);
    await revocations.start();
    const family = randomUUID();

    revocations.end(family);

    expect(revocations.isEnded(family)).toBe(true);
  });

  it('forgets ended sessions once every access token they issued has expired', async () => {
    const [old, recent] = [randomUUID(), randomUUID()];
    await Promise.all([begin(old), begin(recent)]);
    await end(old, T0);
    await end(recent, T0 + 80 * 60_000);
    // an hour and a half after the first end: its tokens (10 minutes, plus clock skew) are long gone
    let now = T0 + 90 * 60_000;
    revocations = new SessionRevocations(reader, () => now);
    await revocations.start();
    expect(revocations.isEnded(old)).toBe(false);
    expect(revocations.isEnded(recent)).toBe(true);

    now += ACCESS_TOKEN_SECONDS * 1000;
    const later = randomUUID();
    await begin(later);
    await eventually(() => expect(revocations!.isEnded(recent)).toBe(false));
  });
});
