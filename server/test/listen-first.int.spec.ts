import { join } from 'node:path';
import { CATCHING_UP_PROBLEM } from '@fahrplan/contracts';
import { SqliteEventStore } from '@fahrplan/platform';
import { appendPlanningWorkload } from '@fahrplan/platform/testing';
import { seedDemo } from '../src/demo/seed-demo';
import {
  DEMO_PASSWORD,
  anApplication,
  removeDataDir,
  start,
  temporaryDataDir,
} from '../src/testing/platform';
import type { Body, Running } from '../src/testing/platform';

/** Enough events after the checkpoint that the catch-up takes a few seconds on this machine. */
const EVENTS = 30_000;

let dataDir: string;
let running: Running | undefined;
/** An access token from before the restart: the signing key lives in the data folder. */
let earlierToken: string;

beforeAll(async () => {
  dataDir = temporaryDataDir();
  // a data folder whose read models reflect the demo, and a large import appended to its log since
  const first = await start(dataDir);
  await seedDemo(first.embedded, DEMO_PASSWORD);
  earlierToken = await first.api.token('demo', 'admin', DEMO_PASSWORD);
  await first.embedded.close();
  const store = new SqliteEventStore(join(dataDir, 'events.db'));
  await appendPlanningWorkload(store, { events: EVENTS });
  await store.close();
}, 120_000);

afterAll(async () => {
  await running?.embedded.close();
  removeDataDir(dataDir);
});

describe('a start on a long log', () => {
  it('listens at once, refuses queries with 503 and Retry-After while catching up, and answers once ready', async () => {
    const started = performance.now();
    running = await start(dataDir, undefined, { listenFirst: true });
    const listening = performance.now() - started;
    await running.embedded.startCatchUp();
    const { api } = running;

    expect((await api.get('/api/health')).status).toBe(200);
    const catchingUp = await api.get('/api/ready');
    expect({ status: catchingUp.status, body: catchingUp.body }).toEqual({
      status: 503,
      body: expect.objectContaining({
        status: 'catching-up',
        position: expect.any(Number),
        head: expect.any(Number),
        eventsPerSecond: expect.any(Number),
        percent: expect.any(Number),
      }),
    });
    const { head } = catchingUp.body as { head: number };
    expect(catchingUp.body.position).toBeLessThan(head);

    const query = await api.get('/api/applications', earlierToken);
    expect({
      status: query.status,
      retryAfter: query.headers.get('retry-after'),
      type: query.body.type,
      detail: query.body.detail,
    }).toEqual({
      status: 503,
      retryAfter: '1',
      type: CATCHING_UP_PROBLEM,
      detail: expect.stringMatching(/^catching up: \d{1,2} %$/),
    });

    // login, the directory and commands do not wait for the read models
    const token = await api.token('demo', 'admin', DEMO_PASSWORD);
    expect((await api.get('/api/me', token)).status).toBe(200);
    const saved = await api.command(
      'SaveApplication',
      anApplication({ name: 'Made while catching up' }),
      token,
    );
    expect(saved.status).toBe(200);

    // the progress moves on until ready; no answer before then is a 200
    const seen: Body[] = [];
    let ready: Body;
    const deadline = Date.now() + 90_000;
    for (;;) {
      const reply = await api.get('/api/ready');
      if (reply.status === 200) {
        ready = reply.body;
        break;
      }
      expect(reply.status).toBe(503);
      seen.push(reply.body);
      if (Date.now() > deadline) throw new Error(`not ready: ${JSON.stringify(reply.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const caughtUpIn = performance.now() - started;
    const percents = seen.map((body) => body.percent as number);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.some((percent) => percent > 0)).toBe(true);
    expect(ready).toMatchObject({ status: 'ready', position: expect.any(Number) });
    expect(ready.position).toBeGreaterThanOrEqual(head);

    const answered = await api.get('/api/applications?q=made+while', token, {
      'x-fahrplan-after': String(saved.body.position),
    });
    expect(answered.status).toBe(200);
    expect(answered.body.items.map((application: Body) => application.name)).toEqual([
      'Made while catching up',
    ]);
    process.stdout.write(
      `${head} events: listening after ${Math.round(listening)} ms, ready after ${Math.round(caughtUpIn)} ms ` +
        `(${seen.length} polls, ${seen.at(-1)?.eventsPerSecond ?? 0} events/s at the last)\n`,
    );
  }, 120_000);
});
