import {
  addDays,
  allPermissions,
  itemRanks,
  maxTimelineDays,
  timelineItemsMaxDays,
} from '@fahrplan/contracts';
import type { TimelineView } from '@fahrplan/contracts';
import { adminApi } from './support/admin-api';
import { TestClock, aTask, startPlatform, uniqueName } from '../src/testing/platform';
import type { Platform } from '../src/testing/platform';

let platform: Platform;
const clock = new TestClock();
const today = clock.now().toISOString().slice(0, 10);

beforeAll(async () => {
  platform = await startPlatform(clock);
}, 30_000);

afterAll(async () => {
  await platform?.stop();
});

const { run, refused, read, userWith } = adminApi(() => platform);

const aProject = (overrides: Record<string, unknown> = {}) =>
  run('SaveGroup', { title: uniqueName('Project'), start: '2031-03-03', end: '2031-03-31', ...overrides });

const timeline = (query: string, position: number, token = platform.admin) =>
  read(`/api/timeline?${query}`, position, token);

describe('SaveItem and DeleteItem over HTTP', () => {
  it('creates a task and a milestone; GET /api/items/:id answers them with duration, workload and project', async () => {
    const project = await aProject();
    const task = await run('SaveItem', aTask(project.id, { title: uniqueName('Build'), effort: 10 }));
    const milestone = await run('SaveItem', {
      title: uniqueName('Go-live'),
      group: project.id,
      subgroup: 'milestones',
      start: '2031-03-20T00:00',
      end: null,
      effort: 5,
      rank: null,
    });

    const { status, body } = await read(`/api/items/${task.id}`, milestone.position);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: task.id,
      version: 0,
      tenant: 'demo',
      group: project.id,
      groupTitle: expect.stringMatching(/^Project /),
      start: '2031-03-03T00:00',
      end: '2031-03-08T00:00',
      duration: 5,
      effort: 10,
      workload: '2',
      status: 0,
      rank: itemRanks.middle(),
      deleted: false,
    });
    const point = (await read(`/api/items/${milestone.id}`, milestone.position)).body;
    expect(point).toMatchObject({ end: null, effort: null, duration: null, workload: null });
    // the second item of the project ranks after the first (§9)
    expect(point.rank > body.rank).toBe(true);
  });

  it('finds an item by id first, then by title (case-insensitive)', async () => {
    const project = await aProject();
    const title = uniqueName('Findable');
    const created = await run('SaveItem', aTask(project.id, { title }));

    expect(
      (await read(`/api/items/${encodeURIComponent(title.toUpperCase())}`, created.position)).body.id,
    ).toBe(created.id);
    expect((await read(`/api/items/${created.id}`, created.position)).body.title).toBe(title);
    expect((await read('/api/items/no%20such%20item', created.position)).status).toBe(404);
  });

  it('moves an item: the end keeps the working-day duration; a stale version is refused with the current one', async () => {
    const project = await aProject();
    const created = await run('SaveItem', aTask(project.id));
    // Mon 3 – Sat 8 March 2031: five working days; from Mon 10 March, five again → Sat 15 March
    const moved = await run('SaveItem', { id: created.id, version: 0, start: '2031-03-10T00:00' });
    expect(moved.version).toBe(1);
    expect((await read(`/api/items/${created.id}`, moved.position)).body).toMatchObject({
      start: '2031-03-10T00:00',
      end: '2031-03-15T00:00',
      version: 1,
    });

    const conflict = await refused('SaveItem', { id: created.id, version: 0, title: 'stale' }, 409);
    expect(conflict.body).toMatchObject({ status: 409, currentVersion: 1 });
    const staleDelete = await refused('DeleteItem', { id: created.id, version: 0 }, 409);
    expect(staleDelete.body).toMatchObject({ currentVersion: 1 });
  });

  it('moves an item to another project and lane, and deletes it: gone from the item query and the timeline', async () => {
    const [first, second] = [await aProject(), await aProject()];
    const lane = await run('AddSubgroup', { id: second.id, name: 'Design' });
    const created = await run('SaveItem', aTask(first.id));
    const moved = await run('SaveItem', { id: created.id, version: 0, group: second.id, subgroup: 'lane-1' });

    const groupView = (await read(`/api/groups/${second.id}`, lane.position)).body;
    expect(groupView.subgroups).toEqual([
      { id: 'tasks', name: 'Tasks', type: 'tasks' },
      { id: 'milestones', name: 'Milestones', type: 'milestones' },
      { id: 'lane-1', name: 'Design', type: 'INDIVIDUAL' },
    ]);
    const window = await timeline(
      `from=2031-03-01&to=2031-04-01&group=${first.id},${second.id}`,
      moved.position,
    );
    expect(window.body.items).toEqual([
      expect.objectContaining({ id: created.id, group: second.id, subgroup: 'lane-1', version: 1 }),
    ]);

    const deleted = await run('DeleteItem', { id: created.id, version: 1 });
    expect((await read(`/api/items/${created.id}`, deleted.position)).status).toBe(404);
    const after = await timeline(`from=2031-03-01&to=2031-04-01&group=${second.id}`, deleted.position);
    expect(after.body.items).toEqual([]);
    // the project still runs in the window
    expect(after.body.groups.map((g: { id: number }) => g.id)).toEqual([second.id]);
    await refused('DeleteItem', { id: created.id, version: 2 }, 404);
  });

  it('refuses invalid items with field errors and stores nothing', async () => {
    const project = await aProject();
    const sprint = await aProject({ art: 99 });
    const cases: [Record<string, unknown>, string][] = [
      [aTask(project.id, { end: '2031-03-02T00:00' }), 'end'],
      [aTask(project.id, { start: undefined }), 'start'],
      [aTask(project.id, { start: '2031-02-30T00:00' }), 'start'],
      [aTask(project.id, { subgroup: 'lane-7' }), 'subgroup'],
      [aTask(project.id, { subgroup: null }), 'subgroup'],
      [aTask(sprint.id), 'group'],
      [aTask(999_999_999), 'group'],
      [aTask(project.id, { rank: 'not a rank' }), 'rank'],
    ];
    for (const [data, field] of cases) {
      const reply = await refused('SaveItem', data, 400);
      expect({ field, errors: reply.body.errors }).toEqual({
        field,
        errors: expect.arrayContaining([expect.objectContaining({ field })]),
      });
    }
  });

  it("checks custom attributes against the tenant's task attribute schema (/api/me lists it)", async () => {
    const me = await platform.api.get('/api/me', platform.admin);
    expect(me.body.taskAttributes).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'risk', type: 'select' })]),
    );
    const project = await aProject();
    const attributes = [
      { key: 'costCentre', value: 'CC-42' },
      { key: 'risk', value: 'high' },
      { key: 'billable', value: true },
    ];
    const created = await run('SaveItem', aTask(project.id, { attributes }));
    expect((await read(`/api/items/${created.id}`, created.position)).body.attributes).toEqual(attributes);

    const cases: [unknown[], string][] = [
      [[{ key: 'colour', value: 'red' }], 'attributes.colour'],
      [[{ key: 'risk', value: 'extreme' }], 'attributes.risk'],
      [[{ key: 'billable', value: 'yes' }], 'attributes.billable'],
    ];
    for (const [bad, field] of cases) {
      const onCreate = await refused('SaveItem', aTask(project.id, { attributes: bad }), 400);
      const onUpdate = await refused('SaveItem', { id: created.id, version: 0, attributes: bad }, 400);
      for (const reply of [onCreate, onUpdate])
        expect({ field, errors: reply.body.errors }).toEqual({
          field,
          errors: expect.arrayContaining([expect.objectContaining({ field })]),
        });
    }
    const unchanged = await read(`/api/items/${created.id}`, created.position);
    expect({ version: unchanged.body.version, attributes: unchanged.body.attributes }).toEqual({
      version: 0,
      attributes,
    });
  });

  it('lets only a user with EDIT on item-details-system set the type or class name', async () => {
    const planner = await userWith({ ...allPermissions, 'item-details-system': ['VIEW'] });
    const project = await aProject();

    await refused('SaveItem', aTask(project.id, { type: 'lane-background' }), 403, planner);
    const plain = await run('SaveItem', aTask(project.id, { status: 4 }), planner);
    await refused('SaveItem', { id: plain.id, version: 0, className: 'red' }, 403, planner);
    // the admin may: the type stores the status and forces 0
    const typed = await run('SaveItem', { id: plain.id, version: 0, type: 'lane-background' });
    expect((await read(`/api/items/${plain.id}`, typed.position)).body).toMatchObject({
      type: 'lane-background',
      status: 0,
      storedStatus: 4,
    });
  });

  it('takes comments on an item (refType task)', async () => {
    const project = await aProject();
    const item = await run('SaveItem', aTask(project.id));
    const comment = await run('CreateComment', {
      refType: 'task',
      refId: item.id,
      description: 'Looks good',
    });

    const { body } = await read(`/api/comments?refType=task&refId=${item.id}`, comment.position);
    expect(body).toEqual({
      items: [expect.objectContaining({ refType: 'task', refId: item.id, description: 'Looks good' })],
      nextCursor: null,
    });
    await refused('CreateComment', { refType: 'task', refId: 999_999_998, description: 'x' }, 404);
  });
});

describe('GET /api/timeline', () => {
  it('answers the items overlapping the window and the projects that run in it, filtered by project fields', async () => {
    const busy = await aProject({ status: 5, start: '2032-06-01', end: '2032-06-30' });
    const idle = await aProject({ status: 2, start: '2032-06-20', end: '2032-07-10' });
    const later = await aProject({ status: 5, start: '2032-08-01', end: '2032-08-30' });
    const inside = await run(
      'SaveItem',
      aTask(busy.id, { start: '2032-06-02T00:00', end: '2032-06-04T00:00' }),
    );
    const across = await run(
      'SaveItem',
      aTask(busy.id, { start: '2032-05-25T00:00', end: '2032-06-02T00:00' }),
    );
    const before = await run(
      'SaveItem',
      aTask(busy.id, { start: '2032-05-25T00:00', end: '2032-06-01T00:00' }),
    );
    const point = await run('SaveItem', {
      ...aTask(busy.id, { start: '2032-06-01T00:00', end: null }),
      subgroup: 'milestones',
    });
    const outside = await run(
      'SaveItem',
      aTask(later.id, { start: '2032-08-02T00:00', end: '2032-08-03T00:00' }),
    );
    const position = outside.position;

    const all = (await timeline('from=2032-06-01&to=2032-06-15', position)).body;
    const ours = new Set([busy.id, idle.id, later.id]);
    expect(
      all.items
        .filter((i: { group: number }) => ours.has(i.group))
        .map((i: { id: number }) => i.id)
        .sort(),
    ).toEqual([inside.id, across.id, point.id].sort());
    expect(all.items.map((i: { id: number }) => i.id)).not.toContain(before.id);
    expect(
      all.groups
        .filter((g: { id: number }) => ours.has(g.id))
        .map((g: { id: number }) => g.id)
        .sort(),
    ).toEqual([busy.id].sort());
    expect(all.items.find((i: { id: number }) => i.id === point.id)).toMatchObject({
      end: null,
      shared: false,
    });

    const wider = (
      await timeline(`from=2032-06-01&to=2032-07-01&group=${busy.id},${idle.id},${later.id}`, position)
    ).body;
    expect(wider.groups.map((g: { id: number }) => g.id).sort()).toEqual([busy.id, idle.id].sort());
    const byStatus = (
      await timeline(
        `from=2032-06-01&to=2032-09-01&group=${busy.id},${idle.id},${later.id}&status=5`,
        position,
      )
    ).body;
    expect(byStatus.groups.map((g: { id: number }) => g.id).sort()).toEqual([busy.id, later.id].sort());
    expect(byStatus.items.map((i: { id: number }) => i.id).sort()).toEqual(
      [inside.id, across.id, point.id, outside.id].sort(),
    );
  });

  it('refuses a window without dates, reversed or wider than twenty years with a clear 400', async () => {
    for (const query of [
      '',
      'from=2032-06-01',
      'from=2032-06-10&to=2032-06-01',
      'from=2000-01-01&to=2032-01-01',
      'from=1.6.2032&to=2032-07-01',
    ]) {
      const reply = await platform.api.get(`/api/timeline?${query}`, platform.admin);
      expect({ query, status: reply.status, detail: typeof reply.body.detail }).toEqual({
        query,
        status: 400,
        detail: 'string',
      });
    }
  });

  it('shows a new user a filled timeline around today (demo data)', async () => {
    const head = await platform.embedded.store.headPosition();
    const { status, body } = await timeline(`from=${addDays(today, -30)}&to=${addDays(today, 60)}`, head);

    expect(status).toBe(200);
    expect(body.items.length).toBeGreaterThanOrEqual(10);
    expect(body.items.some((i: { end: string | null }) => i.end === null)).toBe(true);
    expect(body.groups.some((g: { subgroups: unknown[] }) => g.subgroups.length > 2)).toBe(true);
    // the first screen (the first projects in the timeline's order) is not empty rows: most of them
    // have tasks and a milestone in this window
    const planned = (group: number, milestone: boolean) =>
      body.items.some(
        (i: { group: number; end: string | null }) => i.group === group && (i.end === null) === milestone,
      );
    const firstScreen = body.groups.slice(0, 12) as { id: number }[];
    expect(
      firstScreen.filter((g) => planned(g.id, false) && planned(g.id, true)).length,
    ).toBeGreaterThanOrEqual(10);
  });
});

describe('tenant isolation', () => {
  it("never shows another tenant's items: 404 by id and title, absent from its timeline, no planning in its projects", async () => {
    const project = await aProject();
    const title = uniqueName('Secret');
    const item = await run('SaveItem', aTask(project.id, { title }));

    expect((await read(`/api/items/${item.id}`, item.position, platform.otherAdmin)).status).toBe(404);
    expect(
      (await read(`/api/items/${encodeURIComponent(title)}`, item.position, platform.otherAdmin)).status,
    ).toBe(404);
    const theirs = (await timeline('from=2031-03-01&to=2031-04-01', item.position, platform.otherAdmin)).body;
    expect(theirs.items.map((i: { id: number }) => i.id)).not.toContain(item.id);
    expect(theirs.groups.map((g: { id: number }) => g.id)).not.toContain(project.id);
    // the other tenant can neither plan in the project nor change or delete the item
    await refused('SaveItem', aTask(project.id), 400, platform.otherAdmin);
    await refused('SaveItem', { id: item.id, version: 0, title: 'mine' }, 404, platform.otherAdmin);
    await refused('DeleteItem', { id: item.id, version: 0 }, 404, platform.otherAdmin);
    await refused(
      'CreateComment',
      { refType: 'task', refId: item.id, description: 'x' },
      404,
      platform.otherAdmin,
    );
  });

  it('shows the items of a project shared and accepted read-only in the receiving tenant', async () => {
    const project = await aProject();
    const item = await run('SaveItem', aTask(project.id));
    await run('ShareProject', { id: project.id, tenant: 'other' });
    const accepted = await run('AcceptProjectShare', { id: project.id }, platform.otherAdmin);

    const theirs = (
      await timeline(
        `from=2031-03-01&to=2031-04-01&group=${project.id}`,
        accepted.position,
        platform.otherAdmin,
      )
    ).body;
    expect(theirs.groups).toEqual([
      expect.objectContaining({ id: project.id, shared: true, tenant: 'demo' }),
    ]);
    expect(theirs.items).toEqual([expect.objectContaining({ id: item.id, shared: true })]);
    // read-only: the receiver cannot plan in it
    await refused('SaveItem', aTask(project.id), 400, platform.otherAdmin);
  });
});

/** Issue 17: the timeline answers a page of rows, each with its items in the window or its summary. */
describe('GET /api/timeline pages by rows', () => {
  // twelve projects with a task and a milestone in March 2036, where nothing else of the demo is planned
  const stamp = uniqueName('Row').replace(/\W/g, '');
  const from = '2036-03-01';
  const to = '2036-04-01';
  let position = 0;
  const created: number[] = [];

  beforeAll(async () => {
    for (const n of [7, 3, 11, 0, 5, 9, 1, 10, 2, 8, 6, 4]) {
      const project = await run('SaveGroup', {
        title: `${stamp} ${String(n).padStart(2, '0')}`,
        start: '2036-01-01',
        end: '2036-12-31',
      });
      created.push(project.id);
      await run('SaveItem', {
        title: `Task ${n}`,
        group: project.id,
        subgroup: 'tasks',
        start: '2036-03-02T00:00',
        end: '2036-03-20T00:00',
      });
      position = (
        await run('SaveItem', {
          title: `Gate ${n}`,
          group: project.id,
          subgroup: 'milestones',
          start: `2036-03-${String(10 + n).padStart(2, '0')}T00:00`,
          end: null,
        })
      ).position;
    }
  }, 60_000);

  const page = async (query: string): Promise<TimelineView> => {
    const reply = await read(`/api/timeline?from=${from}&to=${to}&${query}`, position);
    expect(reply.status).toBe(200);
    return reply.body as TimelineView;
  };

  it('answers the rows in title order across pages, without duplicates, and nextCursor null after the last', async () => {
    const pages = [await page(`group=${created.join(',')}&limit=5`)];
    while (pages.at(-1)!.nextCursor)
      pages.push(
        await page(
          `group=${created.join(',')}&limit=5&cursor=${encodeURIComponent(pages.at(-1)!.nextCursor!)}`,
        ),
      );

    expect(pages.map((p) => p.groups.length)).toEqual([5, 5, 2]);
    const titles = pages.flatMap((p) => p.groups.map((g) => g.content));
    expect(titles).toEqual(Array.from({ length: 12 }, (_, n) => `${stamp} ${String(n).padStart(2, '0')}`));
    expect(pages.map((p) => p.detail)).toEqual(['items', 'items', 'items']);
    // each page carries its own rows' task and milestone
    for (const p of pages) {
      expect(p.items).toHaveLength(2 * p.groups.length);
      expect(new Set(p.items.map((i) => i.group))).toEqual(new Set(p.groups.map((g) => g.id)));
      expect(p.itemCount).toBe(p.items.length);
    }
  });

  it('pages the whole tenant by title too: our rows come in order, once each', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next: TimelineView = await page(
        `limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...next.groups.map((g) => g.content));
      cursor = next.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((t) => t.startsWith(stamp))).toEqual(
      Array.from({ length: 12 }, (_, n) => `${stamp} ${String(n).padStart(2, '0')}`),
    );
  });

  it('summarises each row beyond the threshold (or when asked): span, counts and milestones, and says so', async () => {
    const wide = `from=2035-06-01&to=${addDays('2035-06-01', timelineItemsMaxDays + 1)}`;
    const narrow = `from=2036-01-01&to=${addDays('2036-01-01', timelineItemsMaxDays)}`;
    const ids = `group=${created.join(',')}`;
    const summarised = (await read(`/api/timeline?${wide}&${ids}`, position)).body as TimelineView;
    const listed = (await read(`/api/timeline?${narrow}&${ids}`, position)).body as TimelineView;
    const asked = await page(`${ids}&detail=summary&limit=3`);

    expect(summarised).toMatchObject({ detail: 'summary', items: [], itemCount: 24, nextCursor: null });
    expect(summarised.summaries).toHaveLength(12);
    const first = summarised.summaries.find((s) => s.group === summarised.groups[0]!.id);
    expect(first).toEqual({
      group: summarised.groups[0]!.id,
      start: '2036-03-02T00:00',
      end: '2036-03-20T00:00',
      taskCount: 1,
      milestoneCount: 1,
      milestones: [{ id: expect.any(Number), title: 'Gate 0', start: '2036-03-10T00:00' }],
    });
    expect(listed).toMatchObject({ detail: 'items', summaries: [], itemCount: 24 });
    expect(asked).toMatchObject({ detail: 'summary', itemCount: 6, nextCursor: expect.any(String) });
    expect(asked.summaries.map((s) => s.group)).toEqual(asked.groups.map((g) => g.id));
  });

  it('refuses a limit outside 1 to 1,000, a cursor it did not give and an unknown detail, naming each', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['limit=-5', 'limit'],
      ['limit=many', 'limit'],
      ['cursor=bm90IGEgY3Vyc29y', 'cursor'],
      ['detail=all', 'detail'],
    ]) {
      const reply = await platform.api.get(`/api/timeline?from=${from}&to=${to}&${query}`, platform.admin);
      expect({ query, status: reply.status, fields: reply.body.errors }).toEqual({
        query,
        status: 400,
        fields: [expect.objectContaining({ field })],
      });
    }
    expect((await page('limit=1000')).groups.length).toBeGreaterThanOrEqual(12);
  });

  it(`answers windows up to ${maxTimelineDays} days and refuses a wider one, naming to`, async () => {
    const widest = await platform.api.get(
      `/api/timeline?from=2020-01-01&to=${addDays('2020-01-01', maxTimelineDays)}`,
      platform.admin,
    );
    expect(widest.status).toBe(200);
    expect(widest.body.detail).toBe('summary');
    const wider = await platform.api.get(
      `/api/timeline?from=2020-01-01&to=${addDays('2020-01-01', maxTimelineDays + 1)}`,
      platform.admin,
    );
    expect({ status: wider.status, fields: wider.body.errors }).toEqual({
      status: 400,
      fields: [expect.objectContaining({ field: 'to' })],
    });
  });
});
