import { randomUUID } from 'node:crypto';
import { eventMetadata } from '@fahrplan/platform';
import { appendPlanningWorkload } from '@fahrplan/platform/testing';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { allProjections } from './all-projections';
import { CatchUpProgress } from './catch-up-progress';
import { ProjectionRunner } from './projection-runner';
import { memoryEventStores } from './testing/memory-event-stores';

const eventStore = memoryEventStores();
const acme = { tenant: 'acme', user: 'alice', timestamp: '2026-03-02T09:30:00.000Z' };

/** A log of about 200 events, a runner that is moved by hand, and a clock the test moves (STYLE 11). */
const setUp = async () => {
  const store = eventStore();
  const { position: head } = await appendPlanningWorkload(store, { events: 200 });
  const readStore = new MemoryReadStore();
  const runner = new ProjectionRunner(store, readStore, allProjections);
  let now = Date.parse('2026-03-02T09:30:00Z');
  const clock = { now: () => now, advance: (seconds: number) => (now += seconds * 1000) };
  const progress = new CatchUpProgress(runner, store, { clock: clock.now });
  return { store, head, readStore, runner, clock, progress };
};

describe('CatchUpProgress', () => {
  it('is not ready before the catch-up began, whatever the read models reflect', async () => {
    const { runner, progress, head } = await setUp();
    await runner.catchUp();

    expect(await progress.isReady()).toBe(false);
    expect(await progress.status()).toEqual({
      status: 'catching-up',
      position: head,
      head,
      eventsPerSecond: 0,
      percent: 0,
      secondsLeft: null,
    });
  });

  it('reports the way from where the catch-up began to the head, its pace and the time left', async () => {
    const { runner, progress, head, clock } = await setUp();
    expect(await progress.begin()).toBe(head);
    const { events, position } = await runner.catchUp(0, Math.floor(head / 4));
    clock.advance(2);

    expect(await progress.isReady()).toBe(false);
    const percent = Math.floor((position / head) * 100);
    expect(await progress.status()).toEqual({
      status: 'catching-up',
      position,
      head,
      eventsPerSecond: Math.round(events / 2),
      percent,
      secondsLeft: Math.ceil((2 * (head - position)) / position),
    });
    expect(percent).toBeGreaterThanOrEqual(20);
    expect(percent).toBeLessThan(30);
  });

  it('is ready once the read models reflect that head, and stays ready as the log grows', async () => {
    const { store, runner, progress, head } = await setUp();
    await progress.begin();
    await runner.catchUp();

    expect(await progress.isReady()).toBe(true);
    expect(await progress.status()).toEqual({ status: 'ready', position: head, head });

    const { position: later } = await store.append(
      'application-1',
      [{ id: randomUUID(), type: 'ApplicationDeleted', data: { id: 1 }, metadata: eventMetadata(acme) }],
      'any',
    );
    expect(await progress.isReady()).toBe(true);
    expect(await progress.status()).toEqual({ status: 'ready', position: head, head: later });
  });

  it('is ready at once on a log the read models already reflect', async () => {
    const { runner, progress } = await setUp();
    await runner.catchUp();
    await progress.begin();

    expect(await progress.isReady()).toBe(true);
  });

  it('reads the stored checkpoint on a standby instance, whose runner does not run', async () => {
    const { store, readStore, runner, head } = await setUp();
    const standby = new ProjectionRunner(store, readStore, allProjections);
    const progress = new CatchUpProgress(standby, store);
    await progress.begin();
    expect(await progress.isReady()).toBe(false);

    await runner.catchUp();

    expect(await progress.isReady()).toBe(true);
    expect(await progress.status()).toMatchObject({ status: 'ready', position: head });
  });
});
