import { randomUUID } from 'node:crypto';
import { itWhenAtomic } from '../../read-store/testing/atomicity';
import type { Atomicity } from '../../read-store/testing/atomicity';
import type { Lease } from '../lease';

export interface LeaseFixture {
  readonly lease: Lease;
  readonly dispose: () => Promise<void>;
}

/** A clock the test moves by hand (STYLE 11). */
export const manualClock = (start = Date.UTC(2026, 2, 2, 9, 30)) => {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
};

const TTL = 10_000;

/** The behaviour every Lease adapter shares (STYLE 18); each test gets its own lease name. */
export function leaseContract(
  name: string,
  create: (clock: () => number) => Promise<LeaseFixture>,
  atomic: Atomicity = true,
): void {
  describe(`${name} (Lease contract)`, () => {
    let fixture: LeaseFixture | undefined;
    let clock: ReturnType<typeof manualClock>;
    let lease: Lease;
    let leaseName: string;

    beforeEach(async () => {
      clock = manualClock();
      fixture = await create(clock.now);
      lease = fixture.lease;
      leaseName = `projections-${randomUUID()}`;
    });
    afterEach(async () => {
      await fixture?.dispose();
      fixture = undefined;
    });

    it('is taken by the first owner and refused to the others until it expires', async () => {
      expect(await lease.acquire(leaseName, 'a', TTL)).toBe(true);
      expect(await lease.acquire(leaseName, 'b', TTL)).toBe(false);
      clock.advance(TTL);
      expect(await lease.acquire(leaseName, 'b', TTL)).toBe(false);
      clock.advance(1);
      expect(await lease.acquire(leaseName, 'b', TTL)).toBe(true);
      expect(await lease.acquire(leaseName, 'a', TTL)).toBe(false);
    });

    it('lets its holder acquire it again, which extends it', async () => {
      expect(await lease.acquire(leaseName, 'a', TTL)).toBe(true);
      clock.advance(TTL - 1);
      expect(await lease.acquire(leaseName, 'a', TTL)).toBe(true);
      clock.advance(TTL - 1);
      expect(await lease.acquire(leaseName, 'b', TTL)).toBe(false);
    });

    it('is renewed only by its holder', async () => {
      await lease.acquire(leaseName, 'a', TTL);
      clock.advance(TTL - 1);
      expect(await lease.renew(leaseName, 'a', TTL)).toBe(true);
      expect(await lease.renew(leaseName, 'b', TTL)).toBe(false);
      clock.advance(TTL - 1);
      expect(await lease.acquire(leaseName, 'b', TTL)).toBe(false);
    });

    it('cannot be renewed once another owner took it over', async () => {
      await lease.acquire(leaseName, 'a', TTL);
      clock.advance(TTL + 1);
      expect(await lease.acquire(leaseName, 'b', TTL)).toBe(true);
      expect(await lease.renew(leaseName, 'a', TTL)).toBe(false);
      expect(await lease.acquire(leaseName, 'a', TTL)).toBe(false);
    });

    it('cannot be renewed when nobody took it', async () =>
      expect(await lease.renew(leaseName, 'a', TTL)).toBe(false));

    it('is free at once after its holder released it; a release by another owner changes nothing', async () => {
      await lease.acquire(leaseName, 'a', TTL);
      await lease.release(leaseName, 'b');
      expect(await lease.acquire(leaseName, 'b', TTL)).toBe(false);
      await lease.release(leaseName, 'a');
      expect(await lease.renew(leaseName, 'a', TTL)).toBe(false);
      expect(await lease.acquire(leaseName, 'b', TTL)).toBe(true);
    });

    it('keeps leases of different names apart', async () => {
      expect(await lease.acquire(leaseName, 'a', TTL)).toBe(true);
      expect(await lease.acquire(`${leaseName}-other`, 'b', TTL)).toBe(true);
    });

    itWhenAtomic(atomic, 'goes to exactly one of several owners asking at the same time', async () => {
      const owners = Array.from({ length: 8 }, (_, i) => `owner-${i}`);
      const taken = await Promise.all(owners.map((owner) => lease.acquire(leaseName, owner, TTL)));
      expect(taken.filter(Boolean)).toHaveLength(1);

      clock.advance(TTL + 1);
      const retaken = await Promise.all(owners.map((owner) => lease.acquire(leaseName, owner, TTL)));
      expect(retaken.filter(Boolean)).toHaveLength(1);
    });
  });
}
