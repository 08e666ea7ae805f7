import Papa from 'papaparse';
import type { BaselineComparison, BaselineView, ComparedItem, Page } from '@fahrplan/contracts';
import { AsOfStores, allProjections, comparisonPage } from '@fahrplan/projection-service';
import { adminApi, clockedRun, justAfter } from './support/admin-api';
import { platformForSuite } from './support/platform-suite';
import { TestClock, uniqueName } from '../src/testing/platform';

/*
 * Issue 21 "Baselines", through the one-process platform and real HTTP: a baseline is a name and an
 * instant; its comparison reads the plan as of that instant beside the plan now (SQLite's kept
 * versions here; MongoDB and memory fold the log instead, the path the as-of specs cover).
 */
const clock = new TestClock();
const platform = platformForSuite(clock);

const api = adminApi(() => platform);
const { refused, read, userWith } = api;
const run = clockedRun(api.run, clock);

const aProject = () =>
  run('SaveGroup', { title: uniqueName('Project'), start: '2031-04-01', end: '2031-04-30' });
const anItem = (group: number, start: string, end: string | null) =>
  run('SaveItem', {
    title: uniqueName(end === null ? 'Milestone' : 'Task'),
    group,
    subgroup: end === null ? 'milestones' : 'tasks',
    start,
    end,
  });

const listed = async (position: number, query = '') => {
  const reply = await read(`/api/baselines${query}`, position);
  expect(reply.status).toBe(200);
  return reply.body as Page<BaselineView>;
};

describe('CreateBaseline, DeleteBaseline and GET /api/baselines', () => {
  it('creates baselines now and at a past instant, lists them latest first and pages them; a delete unlists one', async () => {
    const project = await aProject();
    const named = uniqueName('Q2 commitment');
    const past = await run('CreateBaseline', { name: ` ${named} `, at: justAfter(project) });
    const now = await run('CreateBaseline', { name: uniqueName('Today') });
    expect(past.version).toBe(0);

    const page = await listed(now.position);
    const mine = page.items.filter((b) => b.id === past.id || b.id === now.id);
    expect(mine).toEqual([
      expect.objectContaining({ id: now.id, at: now.at.toISOString(), version: 0, createdBy: 'admin' }),
      {
        id: past.id,
        name: named,
        at: justAfter(project),
        version: 0,
        createdBy: 'admin',
        createdAt: past.at.toISOString(),
      },
    ]);
    expect((await read(`/api/baselines/${past.id}`, now.position)).body).toMatchObject({
      id: past.id,
      name: named,
    });

    const first = await listed(now.position, '?limit=1');
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listed(now.position, `?limit=1&cursor=${first.nextCursor}`);
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);

    const deleted = await run('DeleteBaseline', { id: past.id, version: 0 });
    expect(deleted.version).toBe(1);
    expect((await listed(deleted.position)).items.map((b) => b.id)).not.toContain(past.id);
    expect((await read(`/api/baselines/${past.id}`, deleted.position)).status).toBe(404);
    // a delete without a version is unconditional
    const again = await run('DeleteBaseline', { id: now.id });
    expect(again.version).toBe(1);
  });

  it('refuses an empty name, an instant in the future or before the tenant, storing nothing', async () => {
    const empty = await refused('CreateBaseline', { name: '  ' }, 400);
    expect(empty.body.errors).toEqual([expect.objectContaining({ field: 'name', code: 'required' })]);
    const future = await refused(
      'CreateBaseline',
      { name: 'Tomorrow', at: new Date(clock.now().getTime() + 86_400_000).toISOString() },
      400,
    );
    expect(future.body.errors).toEqual([expect.objectContaining({ field: 'at', code: 'in-the-future' })]);
    const early = await refused('CreateBaseline', { name: 'Before', at: '2000-01-01T00:00:00Z' }, 400);
    expect(early.body.errors).toEqual([expect.objectContaining({ field: 'at', code: 'before-the-tenant' })]);
    await refused('CreateBaseline', { name: 'No zone', at: '2031-01-01T00:00:00' }, 400);
    await refused('CreateBaseline', { name: 'Copy', copy: true }, 400);
  });

  it('refuses an unknown baseline with 404, a stale version with 409, storing nothing', async () => {
    const baseline = await run('CreateBaseline', { name: uniqueName('Stale') });
    const stale = await refused('DeleteBaseline', { id: baseline.id, version: 3 }, 409);
    expect(stale.body).toMatchObject({ code: 'version-conflict', currentVersion: 0 });
    const unknown = await refused('DeleteBaseline', { id: baseline.id + 100_000 }, 404);
    expect(unknown.body).toMatchObject({ code: 'not-found', params: { what: 'baseline' } });
    await run('DeleteBaseline', { id: baseline.id, version: 0 });
    await refused('DeleteBaseline', { id: baseline.id }, 404);
    // another tenant's baseline is not found, for commands and queries
    const mine = await run('CreateBaseline', { name: uniqueName('Mine') });
    await refused('DeleteBaseline', { id: mine.id }, 404, platform.otherAdmin);
    expect((await read(`/api/baselines/${mine.id}`, mine.position, platform.otherAdmin)).status).toBe(404);
    expect(
      (
        await read(
          `/api/baselines/${mine.id}/comparison?from=2031-04-01&to=2031-05-01`,
          mine.position,
          platform.otherAdmin,
        )
      ).status,
    ).toBe(404);
  });

  // two new users, whose passwords are hashed slowly on purpose: a longer timeout
  it('needs history VIEW to list and compare, CREATE to create, EDIT to delete', async () => {
    expect((await read('/api/baselines', 0, platform.viewer)).status).toBe(403);
    const auditor = await userWith({ history: ['VIEW'], items: ['VIEW'] });
    expect((await read('/api/baselines', 0, auditor)).status).toBe(200);
    await refused('CreateBaseline', { name: 'Not mine to make' }, 403, auditor);
    const baseline = await run('CreateBaseline', { name: uniqueName('Kept') });
    const creator = await userWith({ history: ['VIEW', 'CREATE'] });
    await refused('DeleteBaseline', { id: baseline.id }, 403, creator);
  }, 30_000);
});

describe('GET /api/baselines/<id>/comparison', () => {
  const window = 'from=2031-04-01&to=2031-05-01';
  let project: { id: number };
  let baseline: { id: number; position: number };
  let items: Record<'moved' | 'same' | 'deleted' | 'out' | 'added' | 'gone', { id: number }>;
  let position: number;

  beforeAll(async () => {
    project = await aProject();
    const gone = await aProject();
    const moved = await anItem(project.id, '2031-04-07T00:00', '2031-04-10T00:00');
    const same = await anItem(project.id, '2031-04-22T00:00', null);
    const deleted = await anItem(project.id, '2031-04-14T00:00', '2031-04-18T00:00');
    const out = await anItem(project.id, '2031-04-28T00:00', '2031-04-30T00:00');
    const goneItem = await anItem(gone.id, '2031-04-02T00:00', '2031-04-04T00:00');
    // the baseline names the instant after these: created afterwards, as a planner would
    const instant = justAfter(goneItem);
    clock.advance(60);
    // Thursday before Easter to Wednesday after: Good Friday and Easter Monday are Bern holidays
    await run('SaveItem', { id: moved.id, version: 0, start: '2031-04-10T00:00', end: '2031-04-16T00:00' });
    await run('DeleteItem', { id: deleted.id, version: 0 });
    await run('SaveItem', { id: out.id, version: 0, start: '2031-06-02T00:00', end: '2031-06-05T00:00' });
    const added = await anItem(project.id, '2031-04-23T00:00', '2031-04-25T00:00');
    const goneVersion = (await read(`/api/groups/${gone.id}`, added.position)).body.version as number;
    await run('DeleteGroup', { id: gone.id, version: goneVersion });
    baseline = await run('CreateBaseline', { name: uniqueName('Before Easter'), at: instant });
    position = baseline.position;
    items = { moved, same, deleted, out, added, gone: goneItem };
  });

  const compare = async (query: string) => {
    const reply = await read(`/api/baselines/${baseline.id}/comparison?${query}`, position);
    expect(reply.status).toBe(200);
    return reply.body as BaselineComparison;
  };
  const byId = (answer: BaselineComparison) => new Map(answer.items.map((item) => [item.id, item]));

  it('answers where each item stood then and now, with slips in working days across weekends and Bern holidays', async () => {
    const answer = await compare(`${window}&group=${project.id}`);
    expect(answer.baseline.id).toBe(baseline.id);
    expect(answer.position).toBeGreaterThan(0);
    const found = byId(answer);
    expect(found.get(items.moved.id)).toMatchObject<Partial<ComparedItem>>({
      change: 'slipped',
      then: { start: '2031-04-07T00:00', end: '2031-04-10T00:00' },
      now: { start: '2031-04-10T00:00', end: '2031-04-16T00:00' },
      // Mon–Wed; Thursday and Tuesday (Friday, the weekend and Monday are not working days)
      startSlip: 3,
      endSlip: 2,
    });
    expect(found.get(items.same.id)).toMatchObject({ change: 'unchanged', startSlip: 0, endSlip: 0 });
    expect(found.get(items.deleted.id)).toMatchObject({
      change: 'removed',
      then: { start: '2031-04-14T00:00', end: '2031-04-18T00:00' },
      now: null,
    });
    // moved out of the window: still compared, by 24 working days (Ascension skipped)
    expect(found.get(items.out.id)).toMatchObject({
      change: 'slipped',
      now: { start: '2031-06-02T00:00', end: '2031-06-05T00:00' },
      startSlip: 24,
    });
    expect(found.get(items.added.id)).toMatchObject({ change: 'added', then: null, startSlip: null });
    expect(answer.groups).toEqual([
      expect.objectContaining({
        id: project.id,
        slipped: 2,
        added: 1,
        removed: 1,
        unchanged: 1,
        slip: 2 + 24,
      }),
    ]);
  });

  it('lists the items of a project deleted since as removed, after the live projects', async () => {
    const answer = await compare(window);
    expect(byId(answer).get(items.gone.id)).toMatchObject({ change: 'removed', now: null });
    const rows = answer.groups.map((g) => g.id);
    expect(rows).toContain(project.id);
    expect(rows.indexOf(project.id)).toBeLessThan(rows.indexOf(byId(answer).get(items.gone.id)!.group));
  });

  it('answers the same from a fold of the log (the path of MongoDB and memory) as from the kept versions', async () => {
    const answer = await compare(window);
    // without a live store that keeps versions, the as-of stores fold the log into memory
    const then = await new AsOfStores(platform.embedded.store, allProjections).storeAt(answer.position);
    const folded = await comparisonPage(
      { now: platform.embedded.readStore, then },
      {
        tenant: 'demo',
        baseline: answer.baseline,
        position: answer.position,
        from: '2031-04-01',
        to: '2031-05-01',
        groups: undefined,
        page: { limit: 100, after: null },
      },
    );
    expect(JSON.parse(JSON.stringify(folded))).toEqual(answer);
  });

  it('answers the projects a query names, live or deleted since, each with its items', async () => {
    const gone = byId(await compare(window)).get(items.gone.id)!.group;
    const live = await compare(`${window}&group=${project.id}`);
    expect(live.groups.map((g) => g.id)).toEqual([project.id]);
    expect(live.nextCursor).toBeNull();
    const deleted = await compare(`${window}&group=${gone}`);
    expect(deleted.groups.map((g) => g.id)).toEqual([gone]);
    expect(byId(deleted).get(items.gone.id)).toMatchObject({ change: 'removed', now: null });
    const both = await compare(`${window}&group=${gone},${project.id}`);
    expect(both.groups.map((g) => g.id)).toEqual([project.id, gone]);
    expect(both.items).toEqual([...live.items, ...deleted.items]);
  });

  it('pages the projects with a cursor, each once', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: BaselineComparison = await compare(`${window}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.groups.length).toBeLessThanOrEqual(1);
      seen.push(...page.groups.map((g) => g.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual((await compare(window)).groups.map((g) => g.id));
  });

  it('refuses a window wider than a year, a bad cursor and an unknown baseline', async () => {
    const wide = await read(
      `/api/baselines/${baseline.id}/comparison?from=2031-01-01&to=2032-06-01`,
      position,
    );
    expect(wide.status).toBe(400);
    expect(wide.body.errors).toEqual([expect.objectContaining({ field: 'to' })]);
    expect(
      (await read(`/api/baselines/${baseline.id}/comparison?${window}&cursor=xyz`, position)).status,
    ).toBe(400);
    expect((await read(`/api/baselines/${baseline.id}/comparison?from=2031-04-01`, position)).status).toBe(
      400,
    );
    expect((await read(`/api/baselines/999999999/comparison?${window}`, position)).status).toBe(404);
  });

  it('exports the table as CSV: slipped, added and removed items and a total per project', async () => {
    const reply = await read(
      `/api/baselines/${baseline.id}/comparison.csv?${window}&group=${project.id}`,
      position,
    );
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/csv/);
    // the byte order mark (which fetch's text() drops) tells spreadsheets that it is UTF-8
    const raw = await fetch(`${platform.api.baseUrl}/api/baselines/${baseline.id}/comparison.csv?${window}`, {
      headers: { authorization: `Bearer ${platform.admin}` },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = Papa.parse<Record<string, string>>((reply.body as string).trim(), { header: true }).data;
    const changes = lines.map((line) => [line.itemId, line.change]);
    expect(changes).toEqual(
      expect.arrayContaining([
        [String(items.moved.id), 'slipped'],
        [String(items.out.id), 'slipped'],
        [String(items.deleted.id), 'removed'],
        [String(items.added.id), 'added'],
      ]),
    );
    expect(changes.map(([id]) => id)).not.toContain(String(items.same.id));
    expect(lines.at(-1)).toMatchObject({
      projectId: String(project.id),
      change: 'total',
      endSlip: '26',
      slipped: '2',
      added: '1',
      removed: '1',
    });
    expect(lines.find((line) => line.itemId === String(items.moved.id))).toMatchObject({
      startThen: '2031-04-07T00:00',
      startNow: '2031-04-10T00:00',
      startSlip: '3',
      endSlip: '2',
    });
  });
});
