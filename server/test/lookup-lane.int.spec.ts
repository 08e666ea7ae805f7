import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { AuthGuard } from '@fahrplan/platform';
import { LookupLane } from '@fahrplan/projection-service';
import type { CatchUpProgress } from '@fahrplan/projection-service';
import { ReadModelInterceptor } from '@fahrplan/projection-service/testing';
import { jest } from '@jest/globals';
import { adminApi } from './support/admin-api';
import { Api, TestClock, startPlatform } from '../src/testing/platform';
import type { Platform } from '../src/testing/platform';

/*
 * Issue 17: the item by id, the most frequent query, is answered in front of Express and Nest
 * (`LookupLane`, docs/design/lookup-lane.md) when it is the plain case, and handed to the app otherwise.
 * A probe server puts a lane alone in front of a stand-in that answers 599, so that what the lane
 * handed on is seen; the app's own server shows that the lane stands in front of it.
 */

let platform: Platform;
const clock = new TestClock();
const { run, userWith } = adminApi(() => platform);
const HANDED_ON = 599;

/** A server on which `lane` answers what it answers, and everything it hands on is 599. */
const probe = async (lane: LookupLane) => {
  const server = createServer((req, res) =>
    lane.handle(req, res, () => {
      res.statusCode = HANDED_ON;
      res.end();
    }),
  );
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  probes.push(server);
  return new Api(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
};
const probes: Server[] = [];

let item: { id: number; position: number };
let lane: Api;

beforeAll(async () => {
  platform = await startPlatform(clock, { queryThreads: 1 });
  const project = await run('SaveGroup', { title: 'Lookup Lane' });
  item = await run('SaveItem', {
    title: 'Lookup Lane: task',
    group: project.id,
    subgroup: 'tasks',
    start: '2027-05-03T00:00',
    end: '2027-05-07T00:00',
  });
  // the item is in the read models before the lane is asked for it, and they are known to have caught
  // up (what the first query behind the lane, or /api/ready, asks)
  await platform.embedded.runner.waitFor(item.position, 5_000);
  expect(await platform.embedded.catchUp.isReady()).toBe(true);
  lane = await probe(platform.embedded.app.get(LookupLane));
}, 30_000);

afterAll(async () => {
  for (const server of probes) server.close();
  await platform?.stop();
});

describe('the lookup lane', () => {
  it("answers a live item by id itself, as the app's pipeline answers it: the same text, ETag and 304", async () => {
    const inFront = await lane.get(`/api/items/${item.id}`, platform.admin);
    // X-Fahrplan-After: 0 waits for nothing, and goes through Express, the guards and the interceptors
    const behind = await platform.api.get(`/api/items/${item.id}`, platform.admin, {
      'x-fahrplan-after': '0',
    });
    expect(inFront.status).toBe(200);
    expect(inFront.body).toMatchObject({
      id: item.id,
      title: 'Lookup Lane: task',
      groupTitle: 'Lookup Lane',
    });
    expect({ status: inFront.status, body: inFront.body }).toEqual({
      status: behind.status,
      body: behind.body,
    });
    for (const header of ['content-type', 'etag', 'content-length'])
      expect([header, inFront.headers.get(header)]).toEqual([header, behind.headers.get(header)]);

    // fetch adds Cache-Control: no-cache to a conditional request, unless it names one (fetch §4.5)
    const conditional = { 'if-none-match': inFront.headers.get('etag')!, 'cache-control': 'max-age=0' };
    const etag = conditional['if-none-match'];
    const again = await lane.get(`/api/items/${item.id}`, platform.admin, conditional);
    const againBehind = await platform.api.get(`/api/items/${item.id}`, platform.admin, {
      ...conditional,
      'x-fahrplan-after': '0',
    });
    expect([again.status, again.body, again.headers.get('etag')]).toEqual([304, '', etag]);
    expect(againBehind.status).toBe(304);
  });

  it('hands on every request that is not the plain case, for the app to answer', async () => {
    const noItemsView = await userWith({ history: ['VIEW'] });
    const handedOn: [string, string, string | undefined, Record<string, string>?][] = [
      ['no token', `/api/items/${item.id}`, undefined],
      ['a token that is not one', `/api/items/${item.id}`, `${platform.admin}x`],
      ['a user who may not view items', `/api/items/${item.id}`, noItemsView],
      ["another tenant's user (its thread finds no such item)", `/api/items/${item.id}`, platform.otherAdmin],
      ['an item that does not exist', '/api/items/999999999', platform.admin],
      ['a title', `/api/items/${encodeURIComponent('Lookup Lane: task')}`, platform.admin],
      [
        'as of an instant',
        `/api/items/${item.id}?asOf=${encodeURIComponent(clock.now().toISOString())}`,
        platform.admin,
      ],
      ['a scenario', `/api/items/${item.id}?scenario=1`, platform.admin],
      [
        'read your writes',
        `/api/items/${item.id}`,
        platform.admin,
        { 'x-fahrplan-after': String(item.position) },
      ],
      ['a slash more', `/api/items/${item.id}/`, platform.admin],
      ['the items list', '/api/items', platform.admin],
    ];
    const statuses = await Promise.all(
      handedOn.map(async ([why, path, token, headers]) => [
        why,
        (await lane.get(path, token, headers)).status,
      ]),
    );
    expect(statuses).toEqual(handedOn.map(([why]) => [why, HANDED_ON]));
    for (const method of ['HEAD', 'POST', 'DELETE'])
      expect([
        method,
        (await lane.send(method, `/api/items/${item.id}`, { token: platform.admin })).status,
      ]).toEqual([method, HANDED_ON]);
  });

  it('hands on everything until the read models are known to have caught up, and where no query threads answer', async () => {
    const { app, directory, queryThreads } = platform.embedded;
    const auth = app.get(AuthGuard);
    const catchingUp = { readyKnown: false } as CatchUpProgress;
    const ready = { readyKnown: true } as CatchUpProgress;
    const path = `/api/items/${item.id}`;
    expect(
      (
        await (
          await probe(new LookupLane(auth, directory, catchingUp, queryThreads!))
        ).get(path, platform.admin)
      ).status,
    ).toBe(HANDED_ON);
    expect(
      (await (await probe(new LookupLane(auth, directory, ready, null))).get(path, platform.admin)).status,
    ).toBe(HANDED_ON);
    // the comparison can fail: the same lane with threads answers
    expect(
      (await (await probe(new LookupLane(auth, directory, ready, queryThreads!))).get(path, platform.admin))
        .status,
    ).toBe(200);
  });

  it("stands in front of the app's own server, which answers what it hands on as before", async () => {
    const intercepted = jest.spyOn(ReadModelInterceptor.prototype, 'intercept');
    try {
      const plain = await platform.api.get(`/api/items/${item.id}`, platform.admin);
      expect([plain.status, intercepted.mock.calls.length]).toEqual([200, 0]);
      const waited = await platform.api.get(`/api/items/${item.id}`, platform.admin, {
        'x-fahrplan-after': String(item.position),
      });
      expect([waited.status, intercepted.mock.calls.length]).toEqual([200, 1]);
      expect(waited.body).toEqual(plain.body);
    } finally {
      intercepted.mockRestore();
    }
    const noItemsView = await userWith({ history: ['VIEW'] });
    const answers = await Promise.all(
      [undefined, noItemsView, platform.otherAdmin].map(async (token) => {
        const { status, headers } = await platform.api.get(`/api/items/${item.id}`, token);
        return [status, headers.get('content-type')];
      }),
    );
    const problem = expect.stringContaining('application/problem+json');
    expect(answers).toEqual([
      [401, problem],
      [403, problem],
      [404, problem],
    ]);
  });
});
