import { bernDefinition } from '@fahrplan/contracts';
import { request } from 'node:http';
import { SLOT_MIN_CHARS, answered, threadQueries } from '@fahrplan/projection-service/testing';
import { adminApi } from './support/admin-api';
import { TestClock, startPlatform } from '../src/testing/platform';
import type { Platform } from '../src/testing/platform';

/*
 * Issue 17: with query threads the heaviest queries (timeline, portfolio) and the most frequent (an item
 * by id) are answered beside the main thread, each thread with its own read-only connection to read.db. Through the real embedded app:
 * what a thread answers is what the same query answers on the main thread, live, as of an instant,
 * right after a command (read your writes), and with the main thread's errors.
 */

let platform: Platform;
const clock = new TestClock();
const { run, read } = adminApi(() => platform);

beforeAll(async () => {
  platform = await startPlatform(clock, { queryThreads: 2 });
}, 30_000);

afterAll(async () => {
  await platform?.stop();
});

const firstPage = { limit: 100, after: null };
const noFilters = { groups: undefined, status: undefined, resource: undefined, application: undefined };
/** What the query answers on the main thread, from the live read models, as the HTTP answer carries it. */
const onMainThread = async <T>(answer: Parameters<typeof answered<T>>[0]) =>
  JSON.parse(JSON.stringify(await answered(answer))) as T;

/** A new project titled `title` with one task from `start` to `end`. */
const projectWithTask = async (title: string, start: string, end: string) => {
  const project = await run('SaveGroup', { title });
  const task = await run('SaveItem', {
    title: `${title}: task`,
    group: project.id,
    subgroup: 'tasks',
    start,
    end,
  });
  return { project, task };
};

describe('query threads', () => {
  it('answer the timeline, at every level of detail, as the main thread does', async () => {
    for (const detail of ['items', 'summary'] as const) {
      const reply = await platform.api.get(
        `/api/timeline?from=2024-01-01&to=2030-01-01&detail=${detail}&limit=100`,
        platform.admin,
      );
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toContain('application/json');
      const expected = await onMainThread(
        threadQueries.timeline(platform.embedded.readStore, {
          tenant: 'demo',
          from: '2024-01-01',
          to: '2030-01-01',
          detail,
          page: firstPage,
          filters: noFilters,
        }),
      );
      expect(reply.body).toEqual(expected);
      // the comparison can fail: the demo plans items in the window
      expect(detail === 'items' ? expected.items.length : expected.summaries.length).toBeGreaterThan(0);
    }
  });

  it('answer the portfolio as the main thread does', async () => {
    const reply = await platform.api.get('/api/groups?limit=100', platform.admin);
    expect(reply.status).toBe(200);
    const expected = await onMainThread(
      threadQueries.portfolio(platform.embedded.readStore, {
        tenant: 'demo',
        filters: [
          { tenant: 'demo', deleted: false },
          { acceptedBy: 'demo', deleted: false },
        ],
        sort: { order: [['_title', 1]], empty: null },
        request: firstPage,
      }),
    );
    expect(reply.body).toEqual(expected);
    expect(expected.items.length).toBeGreaterThan(1);
  });

  it('answer an item, by id and by title, as the main thread does, and the same 404 for one that does not exist', async () => {
    const { task } = await projectWithTask('Threaded Item', '2027-05-03T00:00', '2027-05-07T00:00');
    for (const idOrName of [String(task.id), 'threaded item: TASK']) {
      const reply = await read(`/api/items/${encodeURIComponent(idOrName)}`, task.position);
      expect(reply.status).toBe(200);
      const expected = await onMainThread(
        threadQueries.item(platform.embedded.readStore, { tenant: 'demo', idOrName }),
      );
      expect(reply.body).toEqual(expected);
      expect(expected).toMatchObject({ id: task.id, title: 'Threaded Item: task' });
    }
    const missing = await platform.api.get('/api/items/999999999', platform.admin);
    expect(missing.status).toBe(404);
    expect(JSON.stringify(missing.body)).toContain('item');
    await expect(
      threadQueries.item(platform.embedded.readStore, { tenant: 'demo', idOrName: '999999999' }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('keep an answer until the read models move, and answer anew after', async () => {
    const ask = () => platform.api.get('/api/groups?limit=5', platform.admin);
    const [first, again] = [await ask(), await ask()];
    expect(again.body).toEqual(first.body);
    // first by title
    const { id, position } = await run('SaveGroup', { title: '0 kept-answer project' });
    expect((again.body as { items: { id: number }[] }).items.map((group) => group.id)).not.toContain(id);
    const after = await read('/api/groups?limit=5', position);
    expect((after.body as { items: { id: number }[] }).items.map((group) => group.id)).toContain(id);
  });

  it('answer a page right after a command that changed it (read your writes)', async () => {
    const { id, position } = await run('SaveGroup', { title: 'Zz thread-visible project' });
    const reply = await read(`/api/groups?q=${encodeURIComponent('thread-visible')}`, position);
    expect(reply.status).toBe(200);
    expect((reply.body as { items: { id: number }[] }).items.map((group) => group.id)).toEqual([id]);
  });

  it('answer as of an instant: what the portfolio was then', async () => {
    // after everything so far (the demo's first events are stamped by the wall clock)
    clock.advance(3600);
    const before = clock.now().toISOString();
    clock.advance(60);
    const { position } = await run('SaveGroup', { title: 'Zz made after the instant' });
    await read('/api/groups?limit=1', position);
    const then = await platform.api.get(
      `/api/groups?asOf=${encodeURIComponent(before)}&limit=1000`,
      platform.admin,
    );
    const now = await platform.api.get('/api/groups?limit=1000', platform.admin);
    const titles = (reply: typeof now) =>
      (reply.body as { items: { title: string }[] }).items.map((g) => g.title);
    expect(then.status).toBe(200);
    expect(titles(now)).toContain('Zz made after the instant');
    expect(titles(then)).not.toContain('Zz made after the instant');
    expect(titles(then).length).toBe(titles(now).length - 1);
  });

  it('answer the timeline anew after a move, a new item and a renamed project, whatever they kept of its windows', async () => {
    const { project, task } = await projectWithTask(
      '0 tiled project',
      '2033-03-03T00:00',
      '2033-03-10T00:00',
    );
    const page = async (from: string, to: string, position: number) => {
      const reply = await read(`/api/timeline?from=${from}&to=${to}&limit=5`, position);
      expect(reply.status).toBe(200);
      const body = reply.body as {
        groups: { id: number; content: string }[];
        items: { id: number; start: string }[];
      };
      return {
        row: body.groups.find((group) => group.id === project.id)?.content,
        items: body.items.map((item) => `${item.id} ${item.start}`),
      };
    };
    // windows a day apart, several at once, so that both threads keep the tiles of these days
    const windows = [
      ['2033-03-01', '2033-03-31'],
      ['2033-03-02', '2033-04-01'],
      ['2033-02-20', '2033-03-22'],
      ['2033-03-05', '2033-04-04'],
    ] as const;
    const asked = (position: number) => Promise.all(windows.map(([from, to]) => page(from, to, position)));
    expect(await asked(task.position)).toEqual(
      windows.map(() => ({ row: '0 tiled project', items: [`${task.id} 2033-03-03T00:00`] })),
    );
    const moved = await run('SaveItem', {
      id: task.id,
      version: task.version,
      start: '2033-03-20T00:00',
      end: '2033-03-25T00:00',
    });
    const added = await run('SaveItem', {
      title: 'Tiled milestone',
      group: project.id,
      subgroup: 'milestones',
      start: '2033-03-21T00:00',
    });
    const renamed = await run('SaveGroup', {
      id: project.id,
      version: project.version,
      title: '0 tiled, renamed',
    });
    expect(moved.position).toBeLessThan(renamed.position);
    expect(await asked(renamed.position)).toEqual(
      windows.map(() => ({
        row: '0 tiled, renamed',
        items: [`${task.id} 2033-03-20T00:00`, `${added.id} 2033-03-21T00:00`],
      })),
    );
  });

  it('answer the timeline in a scenario: its changes on top, anew after a change in it (read your writes)', async () => {
    const { project, task } = await projectWithTask(
      'Zz thread scenario project',
      '2032-04-01T00:00',
      '2032-04-30T00:00',
    );
    const scenario = await run('CreateScenario', { name: 'Thread scenario' });
    const header = { 'x-fahrplan-scenario': String(scenario.id) };
    const moved = await run(
      'SaveItem',
      { id: task.id, version: task.version, start: '2032-07-01T00:00', end: '2032-07-31T00:00' },
      platform.admin,
      header,
    );
    const ids = async (month: string, position: number, inScenario: boolean) => {
      const path = `/api/timeline?from=${month}-01&to=${month}-28&group=${project.id}`;
      const reply = await read(inScenario ? `${path}&scenario=${scenario.id}` : path, position);
      expect({ path, status: reply.status }).toEqual({ path, status: 200 });
      return (reply.body as { items: { id: number }[] }).items.map((item) => item.id);
    };
    // several at once, so that both threads answer in the scenario (each is sent its overlay once)
    const months = ['2032-04', '2032-07', '2032-04', '2032-07', '2032-04', '2032-07'];
    const inScenario = await Promise.all(months.map((month) => ids(month, moved.position, true)));
    expect(inScenario).toEqual(months.map((month) => (month === '2032-07' ? [task.id] : [])));
    expect(await ids('2032-04', moved.position, false)).toEqual([task.id]);
    expect(await ids('2032-07', moved.position, false)).toEqual([]);

    // a second change in the scenario: the threads answer from the new fold, never from the kept one
    const again = await run(
      'SaveItem',
      { id: task.id, version: moved.version, start: '2032-09-01T00:00', end: '2032-09-20T00:00' },
      platform.admin,
      header,
    );
    const after = await Promise.all(
      ['2032-07', '2032-09', '2032-07', '2032-09'].map((m) => ids(m, again.position, true)),
    );
    expect(after).toEqual([[], [task.id], [], [task.id]]);
  });

  it("answer a calendar's impact preview as the main thread does", async () => {
    const project = await run('SaveGroup', { title: 'Zz thread preview project' });
    const task = await run('SaveItem', {
      title: 'Thread preview task',
      group: project.id,
      subgroup: 'tasks',
      start: '2033-08-01T00:00',
      end: '2033-08-06T00:00',
    });
    // Wednesday 3 August 2033 closed on the default calendar (1 August is the National Day)
    const request = {
      effectiveFrom: '2033-01-01',
      definition: {
        ...bernDefinition,
        companyDays: [{ date: '2033-08-03', kind: 'closed' as const, yearly: false, name: 'Ausflug' }],
      },
    };
    const reply = await platform.api.send('POST', '/api/calendars/0/preview?limit=10', {
      token: platform.admin,
      json: request,
      headers: { 'x-fahrplan-after': String(task.position) },
    });
    expect(reply.status).toBe(200);
    const expected = await onMainThread(
      threadQueries.calendarPreview(platform.embedded.readStore, {
        tenant: 'demo',
        id: 0,
        request,
        page: { limit: 10, after: null },
      }),
    );
    expect(reply.body).toEqual(expected);
    expect(expected.items).toContainEqual(expect.objectContaining({ id: task.id, before: 4, after: 3 }));
  });

  /** A browser's revalidation (fetch adds `no-cache` to a conditional request, which is never fresh). */
  const revalidating = { 'cache-control': 'max-age=0' };

  it('tag a kept answer by the name it is kept as: the same ETag while the read models stay, 304 to it, another after a change', async () => {
    const { task } = await projectWithTask('Etag Tagged', '2027-03-01T00:00', '2027-03-10T00:00');
    const paths = [`/api/timeline?from=2027-02-01&to=2027-04-01&limit=100`, `/api/items/${task.id}`];
    const before = await Promise.all(paths.map((path) => read(path, task.position)));
    const again = await Promise.all(paths.map((path) => platform.api.get(path, platform.admin)));
    for (const [i, reply] of before.entries()) {
      expect(reply.status).toBe(200);
      expect(reply.headers.get('etag')).toMatch(/^W\/"[\w-]{27}"$/);
      expect(again[i]!.headers.get('etag')).toBe(reply.headers.get('etag'));
      expect(again[i]!.body).toEqual(reply.body);
      const unchanged = await platform.api.get(paths[i]!, platform.admin, {
        ...revalidating,
        'if-none-match': reply.headers.get('etag')!,
      });
      expect(unchanged.status).toBe(304);
    }
    const renamed = await run('SaveItem', {
      id: task.id,
      version: task.version,
      title: 'Etag Tagged: renamed',
    });
    const after = await Promise.all(paths.map((path) => read(path, renamed.position)));
    for (const [i, reply] of after.entries()) {
      expect(reply.status).toBe(200);
      expect(reply.headers.get('etag')).not.toBe(before[i]!.headers.get('etag'));
      expect(JSON.stringify(reply.body)).toContain('Etag Tagged: renamed');
      const stale = await platform.api.get(paths[i]!, platform.admin, {
        ...revalidating,
        'if-none-match': before[i]!.headers.get('etag')!,
      });
      expect(stale.status).toBe(200);
    }
  });

  /** Until `check` passes, or it fails after a second: a slot comes back once its response's end is noted. */
  const eventually = async (check: () => void) => {
    for (let tries = 0; ; tries++) {
      try {
        return check();
      } catch (error) {
        if (tries === 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };

  it('send a large answer as the bytes its thread wrote: whole, to every request that waited for it, from the slot it is kept in, and take the slot back once nothing holds it', async () => {
    const threads = platform.embedded.queryThreads!;
    const project = await run('SaveGroup', { title: 'Zz Übergabe – Zürich ✓' });
    let position = project.position;
    for (let i = 0; i < 60; i++) {
      ({ position } = await run('SaveItem', {
        title: `Übergabe ${i} – Zürich ✓ ${'x'.repeat(100)}`,
        group: project.id,
        subgroup: 'tasks',
        start: '2034-01-02T00:00',
        end: '2034-01-20T00:00',
      }));
    }
    await read('/api/groups?limit=1', position);
    const before = threads.slotUse();
    expect(before.views).toBe(0);
    const path = `/api/timeline?from=2034-01-01&to=2034-02-01&group=${project.id}&limit=1000`;
    // asked three times at once: one thread's answer, lent to each
    const replies = await Promise.all([1, 2, 3].map(() => platform.api.get(path, platform.admin)));
    const expected = await onMainThread(
      threadQueries.timeline(platform.embedded.readStore, {
        tenant: 'demo',
        from: '2034-01-01',
        to: '2034-02-01',
        detail: 'items',
        page: { limit: 1000, after: null },
        filters: { ...noFilters, groups: [project.id] },
      }),
    );
    expect(JSON.stringify(expected).length).toBeGreaterThan(SLOT_MIN_CHARS);
    expect(expected.items).toHaveLength(60);
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toContain('application/json');
      expect(reply.body).toEqual(expected);
    }
    // sent three times: the slot held by its keeping alone
    const kept = (more: number) => ({ taken: before.taken + more, kept: before.kept + more, views: 0 });
    await eventually(() => expect(threads.slotUse()).toEqual(kept(1)));

    // kept: the same bytes again, with the same ETag, and 304 to it
    const again = await platform.api.get(path, platform.admin);
    expect(again.body).toEqual(expected);
    expect(again.headers.get('etag')).toBe(replies[0]!.headers.get('etag'));
    const unchanged = await platform.api.get(path, platform.admin, {
      ...revalidating,
      'if-none-match': again.headers.get('etag')!,
    });
    expect(unchanged.status).toBe(304);

    // a request whose client leaves before reading its answer frees the slot all the same
    const other = new URL(path.replace('to=2034-02-01', 'to=2034-02-02'), platform.api.baseUrl);
    await new Promise<void>((resolve, reject) => {
      const asked = request(other, { headers: { authorization: `Bearer ${platform.admin}` } }, (response) => {
        expect(response.statusCode).toBe(200);
        response.destroy();
        resolve();
      });
      asked.on('error', reject);
      asked.end();
    });
    await eventually(() => expect(threads.slotUse()).toEqual(kept(2)));
  });

  it('refuse what the main thread refuses, with the same problem (a cursor no list gave)', async () => {
    const cursor = Buffer.from(JSON.stringify(['x'])).toString('base64url');
    const reply = await platform.api.get(`/api/groups?cursor=${cursor}`, platform.admin);
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain('cursor');
  });
});
