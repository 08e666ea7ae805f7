import { randomUUID } from 'node:crypto';
import { streamName } from '@fahrplan/contracts';
import { SqliteEventStore } from '@fahrplan/platform';
import { anApplication } from '@fahrplan/contracts/testing';
import { eventually } from '@fahrplan/platform/testing';
import type { Lease } from '../lease/lease';
import { MemoryLease } from '../lease/memory-lease';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { allProjections } from './all-projections';
import { LeasedRunner } from './leased-runner';
import { ProjectionRunner } from './projection-runner';

const TTL_MS = 150;

/** An instance's view of the shared lease; `cutOff` makes every call fail, as a network partition would. */
class PartitionableLease implements Lease {
  cutOff = false;
  renewals = 0;
  constructor(private readonly shared: Lease) {}
  private reach(): void {
    if (this.cutOff) throw new Error('the lease store is unreachable');
  }
  async acquire(name: string, owner: string, ttlMs: number) {
    this.reach();
    return this.shared.acquire(name, owner, ttlMs);
  }
  async renew(name: string, owner: string, ttlMs: number) {
    this.reach();
    this.renewals += 1;
    return this.shared.renew(name, owner, ttlMs);
  }
  async release(name: string, owner: string) {
    this.reach();
    return this.shared.release(name, owner);
  }
}

describe('LeasedRunner', () => {
  let store: SqliteEventStore;
  let readStore: MemoryReadStore;
  let shared: MemoryLease;
  const instances: LeasedRunner[] = [];
  let lastId = 0;

  /** One projection-service instance: its own runner and view of the lease, the shared stores. */
  const instance = (owner: string) => {
    const runner = new ProjectionRunner(store, readStore, allProjections, { pollIntervalMs: 5 });
    const lease = new PartitionableLease(shared);
    const leased = new LeasedRunner(lease, runner, { name: 'projections', owner, ttlMs: TTL_MS });
    instances.push(leased);
    return { runner, lease, leased };
  };
  const createApplication = async () => {
    const id = (lastId += 1);
    const { position } = await store.append(
      streamName('application', id),
      [
        {
          id: randomUUID(),
          type: 'ApplicationCreated',
          data: { id, ...anApplication({ name: `App ${id}` }) },
          metadata: {
            tenant: 'acme',
            user: 'alice',
            correlationId: randomUUID(),
            causationId: randomUUID(),
            timestamp: '2026-03-02T09:30:00.000Z',
            schemaVersion: 1,
          },
        },
      ],
      'no_stream',
    );
    return { id, position };
  };

  beforeEach(() => {
    store = new SqliteEventStore(':memory:', { pollIntervalMs: 10 });
    readStore = new MemoryReadStore();
    shared = new MemoryLease();
  });
  afterEach(async () => {
    for (const leased of instances.splice(0)) await leased.stop();
    await store.close();
  });

  it('lets one instance project while another stands by and still waits for positions', async () => {
    const a = instance('a');
    const b = instance('b');
    await a.leased.start();
    await b.leased.start();
    expect([a.leased.leading, b.leased.leading]).toEqual([true, false]);

    const { id, position } = await createApplication();

    expect(await b.runner.waitFor(position, 5000)).toBe(true);
    expect(await readStore.get('applications', String(id))).toMatchObject({ _position: position });
    expect(b.leased.leading).toBe(false);
  });

  it('hands over to a standby when the leader stops', async () => {
    const a = instance('a');
    const b = instance('b');
    await a.leased.start();
    await b.leased.start();

    await a.leased.stop();
    await eventually(() => expect(b.leased.leading).toBe(true));
    const { id, position } = await createApplication();

    expect(await b.runner.waitFor(position, 5000)).toBe(true);
    expect(await readStore.get('applications', String(id))).not.toBeNull();
  });

  it('stops projecting when renewing fails, and a standby takes over once the lease expired', async () => {
    const a = instance('a');
    const b = instance('b');
    await a.leased.start();
    await b.leased.start();

    a.lease.cutOff = true;
    await eventually(() => expect(a.leased.leading).toBe(false));
    const { position } = await createApplication();
    await eventually(() => expect(b.leased.leading).toBe(true));

    expect(await b.runner.waitFor(position, 5000)).toBe(true);
    expect(a.leased.leading).toBe(false);
    a.lease.cutOff = false;
  });

  it('renews the lease while it projects, so no standby takes over', async () => {
    const a = instance('a');
    const b = instance('b');
    await a.leased.start();
    await b.leased.start();

    // renewed every third of the TTL: after four renewals the first lease term has passed
    await eventually(() => expect(a.lease.renewals).toBeGreaterThanOrEqual(4));

    expect([a.leased.leading, b.leased.leading]).toEqual([true, false]);
    expect(await shared.acquire('projections', 'c', TTL_MS)).toBe(false);
  });
});
