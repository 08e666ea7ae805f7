import { adminApi } from '../support/admin-api';
import { TestClock, anApplication, caughtUp, startPlatform, uniqueName } from '../../src/testing/platform';
import type { Platform } from '../../src/testing/platform';

/**
 * Issue 18, request cost: where a caller chooses how much work a request makes, the server bounds it
 * and names the bound in its refusal. Small limits here; the defaults are documented in deployment.md.
 * The timeline's window (items.int.spec.ts) and every list's page size (paging.unit.spec.ts and the
 * lists' int specs) have their own tests.
 */
const AS_OF_PER_MINUTE = 3;
const HISTORY_MAX_EVENTS = 10;

let platform: Platform;
const clock = new TestClock();
const { run } = adminApi(() => platform);

beforeAll(async () => {
  platform = await startPlatform(clock, {
    asOfPerMinute: AS_OF_PER_MINUTE,
    historyMaxEvents: HISTORY_MAX_EVENTS,
  });
}, 30_000);

afterAll(async () => {
  await platform?.stop();
});

const asOf = (instant: Date, token = platform.admin) =>
  platform.api.get(`/api/applications?asOf=${encodeURIComponent(instant.toISOString())}`, token);

describe('asOf views', () => {
  it(`open at most ${AS_OF_PER_MINUTE} new positions per user per minute; a repeated one is free`, async () => {
    const instants: Date[] = [];
    for (let i = 0; i <= AS_OF_PER_MINUTE; i++) {
      await run('SaveApplication', anApplication());
      instants.push(clock.now());
      clock.advance(60);
    }
    await caughtUp(platform.embedded);

    const opened = [];
    for (const instant of instants.slice(0, AS_OF_PER_MINUTE)) opened.push(await asOf(instant));
    const again = await asOf(instants[0]!);
    const beyond = await asOf(instants[AS_OF_PER_MINUTE]!);
    const otherUser = await asOf(instants[AS_OF_PER_MINUTE]!, platform.otherAdmin);

    const positions = opened.map((reply) => reply.headers.get('x-fahrplan-as-of-position'));
    expect(new Set(positions).size).toBe(AS_OF_PER_MINUTE);
    expect(opened.map((reply) => reply.status)).toEqual(opened.map(() => 200));
    expect(again.status).toBe(200);
    expect({
      status: beyond.status,
      retryAfter: Number(beyond.headers.get('retry-after')) >= 1,
      detail: beyond.body.detail,
    }).toEqual({
      status: 429,
      retryAfter: true,
      detail: expect.stringContaining(`at most ${AS_OF_PER_MINUTE} new asOf positions per user per minute`),
    });
    expect(otherUser.status).toBe(200);
  });
});

describe('a record history and its exports', () => {
  const paths = (id: number) => [
    `/api/history/group/${id}`,
    `/api/history/group/${id}/export.csv`,
    `/api/history/group/${id}/events.json`,
  ];

  it(`read at most ${HISTORY_MAX_EVENTS} events, and refuse a longer record naming the limit`, async () => {
    let saved = await run('SaveGroup', { title: uniqueName('Long project') });
    for (let i = 1; i < HISTORY_MAX_EVENTS; i++)
      saved = await run('SaveGroup', { id: saved.id, version: saved.version, description: `step ${i}` });

    const within = await Promise.all(paths(saved.id).map((path) => platform.api.get(path, platform.admin)));
    await run('SaveGroup', { id: saved.id, version: saved.version, description: 'one too many' });
    const beyond = await Promise.all(paths(saved.id).map((path) => platform.api.get(path, platform.admin)));

    expect(within.map((reply) => reply.status)).toEqual([200, 200, 200]);
    expect((within[2]!.body as { events: unknown[] }).events).toHaveLength(HISTORY_MAX_EVENTS);
    expect(beyond.map((reply) => ({ status: reply.status, detail: reply.body.detail }))).toEqual(
      beyond.map(() => ({
        status: 400,
        detail: expect.stringContaining(`reads at most ${HISTORY_MAX_EVENTS} events`),
      })),
    );
  });
});
