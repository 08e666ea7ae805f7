import { countWorkingDays, priority } from '@fahrplan/contracts';
import { adminApi } from './support/admin-api';
import type { CommandReply } from './support/admin-api';
import { TestClock, anApplication, startPlatform, uniqueName } from '../src/testing/platform';
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

const createGroup = (overrides: Record<string, unknown> = {}) =>
  run('SaveGroup', { title: uniqueName('Project'), ...overrides });

describe('SaveGroup', () => {
  it('creates a project with the §4 defaults; the query adds priority, duration and subprojects', async () => {
    const title = uniqueName('Project');
    const created = await run('SaveGroup', { title: `  ${title} `, projectNr: 'P-1' });

    expect(created).toEqual({ id: expect.any(Number), version: 0, position: expect.any(Number) });
    const { status, body } = await read(`/api/groups/${created.id}`, created.position);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: created.id,
      title,
      projectNr: 'P-1',
      tenant: 'demo',
      version: 0,
      deleted: false,
      shared: false,
      status: 3,
      phase: 0,
      art: 0,
      klasse: 0,
      healthStatus: 0,
      metric1: 0,
      metric2: 0,
      metric3: 0,
      metric4: 0,
      start: today,
      end: today,
      visible: true,
      priority: 0,
      duration: 0,
      parent: null,
      parentTitle: null,
      subprojects: [],
      goals: [],
      sharedWith: [],
      shares: [],
      budget: null,
    });
    expect(body.metrics).toHaveLength(5);
  });

  it('updates with the version the user saw: omitted stay, null clears, a new start moves the end', async () => {
    const created = await createGroup({
      description: 'to be cleared',
      contact: 'Keep Me',
      start: '2030-03-04',
      end: '2030-03-11',
    });

    const updated = await run('SaveGroup', {
      id: created.id,
      version: 0,
      description: null,
      start: '2030-03-11',
    });

    expect(updated).toEqual({ id: created.id, version: 1, position: expect.any(Number) });
    const { body } = await read(`/api/groups/${created.id}`, updated.position);
    expect(body).toMatchObject({ description: null, contact: 'Keep Me', version: 1, start: '2030-03-11' });
    expect(body.duration).toBe(countWorkingDays('2030-03-04', '2030-03-11'));
    expect(countWorkingDays('2030-03-11', body.end)).toBe(body.duration);
  });

  it('overwrites metric4 with the computed priority when the rating metrics change', async () => {
    const metrics = [
      { type: 'WICHTIGKEIT', value: 9 },
      { type: 'BETRIEB', value: 6 },
    ] as const;
    const created = await createGroup({ metrics });

    const { body } = await read(`/api/groups/${created.id}`, created.position);
    const expected = priority(metrics.map((m) => ({ ...m })));
    expect(expected).toBe(6); // 3.75 + 2, rounded
    expect(body).toMatchObject({ metric4: expected, priority: expected });
  });

  it('clears the issue id with the repository', async () => {
    const created = await createGroup({
      jirarepo: { id: 'RO', url: 'https://jira.example.com/RO' },
      jiraid: 'RO-7',
    });
    const updated = await run('SaveGroup', { id: created.id, version: 0, jirarepo: null });
    const { body } = await read(`/api/groups/${created.id}`, updated.position);
    expect(body).toMatchObject({ jirarepo: null, jiraid: null });
  });

  it('answers 409 with the current version on a stale version', async () => {
    const created = await createGroup();
    await run('SaveGroup', { id: created.id, version: 0, contact: 'first' });

    const { body } = await refused('SaveGroup', { id: created.id, version: 0, contact: 'second' }, 409);
    expect(body).toMatchObject({ currentVersion: 1 });
  });

  it.each([
    ['an over-long title', { title: 'x'.repeat(201) }],
    ['an over-long description', { title: 'T', description: 'x'.repeat(1001) }],
    ['an over-long project number', { title: 'T', projectNr: 'x'.repeat(51) }],
    ['an end before the start', { title: 'T', start: '2030-05-04', end: '2030-05-01' }],
    ['metric1 out of range', { title: 'T', metric1: 10 }],
    ['metric4 out of range', { title: 'T', metric4: 13 }],
    ['a metric value out of range', { title: 'T', metrics: [{ type: 'BETRIEB', value: 11 }] }],
    ['an unknown metric type', { title: 'T', metrics: [{ type: 'KOSTEN', value: 1 }] }],
    ['an unknown parent', { title: 'T', parent: 999_999_999 }],
    ['an unknown application', { title: 'T', applications: [999_999_999] }],
    ['an unknown field', { title: 'T', colour: 'red' }],
  ])('answers 400 for %s and stores nothing', async (_what, data) => {
    const { body } = await refused('SaveGroup', data, 400);
    expect(body.detail).toEqual(expect.any(String));
  });

  it('answers 400 for a parent that would make a cycle', async () => {
    const root = await createGroup();
    const child = await createGroup({ parent: root.id });

    const { body } = await refused('SaveGroup', { id: root.id, version: 0, parent: child.id }, 400);
    expect(body.errors).toEqual([expect.objectContaining({ field: 'parent', message: 'cycle' })]);
  });

  it('lists subprojects and the parent title', async () => {
    const parentTitle = uniqueName('Parent');
    const root = await createGroup({ title: parentTitle });
    const child = await createGroup({ title: `${parentTitle} child`, parent: root.id });

    const { body: parent } = await read(`/api/groups/${root.id}`, child.position);
    expect(parent.subprojects).toEqual([{ id: child.id, title: `${parentTitle} child` }]);
    const { body: sub } = await read(`/api/groups/${child.id}`, child.position);
    expect(sub.parentTitle).toBe(parentTitle);
  });

  it('links applications only in a tenant with the ALM feature', async () => {
    const { body } = await refused(
      'SaveGroup',
      { title: 'T', applications: [platform.other.application] },
      400,
      platform.otherAdmin,
    );
    expect(body.errors).toEqual([expect.objectContaining({ field: 'applications', message: 'needs ALM' })]);
  });

  it('needs CREATE on group-details: the viewer gets 403', async () => {
    await refused('SaveGroup', { title: 'not allowed' }, 403, platform.viewer);
  });
});

describe('tenant isolation', () => {
  it("answers 404 for another tenant's project, by id and by title, for reads and writes", async () => {
    const title = uniqueName('Secret');
    const created = await createGroup({ title });

    expect((await read(`/api/groups/${created.id}`, created.position, platform.otherAdmin)).status).toBe(404);
    expect(
      (await read(`/api/groups/${encodeURIComponent(title)}`, created.position, platform.otherAdmin)).status,
    ).toBe(404);
    const { body: list } = await read(
      `/api/groups?q=${encodeURIComponent(title)}`,
      created.position,
      platform.otherAdmin,
    );
    expect(list).toEqual({ items: [], nextCursor: null });
    await refused('SaveGroup', { id: created.id, version: 0, contact: 'x' }, 404, platform.otherAdmin);
    await refused('DeleteGroup', { id: created.id, version: 0 }, 404, platform.otherAdmin);
    await refused('SaveGroup', { title: 'T', parent: created.id }, 400, platform.otherAdmin);
  });
});

describe('DeleteGroup', () => {
  it('soft-deletes: the project is gone from the queries; a second delete is 404', async () => {
    const title = uniqueName('Doomed');
    const created = await createGroup({ title });

    const deleted = await run('DeleteGroup', { id: created.id, version: 0 });

    expect((await read(`/api/groups/${created.id}`, deleted.position)).status).toBe(404);
    const { body } = await read(`/api/groups?q=${encodeURIComponent(title)}`, deleted.position);
    expect(body).toEqual({ items: [], nextCursor: null });
    await refused('DeleteGroup', { id: created.id, version: 1 }, 404);
  });
});

describe('GET /api/groups', () => {
  it('filters by status, phase, health, resource, application and text', async () => {
    const tag = uniqueName('Filter');
    const app = await run('SaveApplication', anApplication());
    const resource = await run('SaveResource', { name: `${tag} team` });
    const a = await createGroup({
      title: `${tag} A`,
      status: 5,
      phase: 2,
      healthStatus: 1,
      resource: resource.id,
    });
    const b = await createGroup({ title: `${tag} B`, applications: [app.id] });
    const q = `q=${encodeURIComponent(tag)}`;
    const titles = async (query: string) =>
      ((await read(`/api/groups?${query}`, b.position)).body.items as { title: string }[]).map(
        (g) => g.title,
      );

    expect(await titles(q)).toEqual([`${tag} A`, `${tag} B`]);
    expect(await titles(`${q}&status=5`)).toEqual([`${tag} A`]);
    expect(await titles(`${q}&status=3`)).toEqual([`${tag} B`]);
    expect(await titles(`${q}&phase=2`)).toEqual([`${tag} A`]);
    expect(await titles(`${q}&health=1`)).toEqual([`${tag} A`]);
    expect(await titles(`${q}&resource=${resource.id}`)).toEqual([`${tag} A`]);
    expect(await titles(`application=${app.id}`)).toEqual([`${tag} B`]);
    expect(a.id).not.toBe(b.id);
  });

  it('answers 400 for a non-numeric filter', async () => {
    const reply = await platform.api.get('/api/groups?status=open', platform.admin);
    expect(reply.status).toBe(400);
  });

  it('finds a project by title, case-insensitively, when the path is not numeric', async () => {
    const title = uniqueName('Named');
    const created = await createGroup({ title });
    const { status, body } = await read(
      `/api/groups/${encodeURIComponent(title.toUpperCase())}`,
      created.position,
    );
    expect({ status, id: body.id }).toEqual({ status: 200, id: created.id });
  });
});

describe('the lists in pages (issue 17)', () => {
  /** Every page of `path` (a query string included), `limit` a page, as the ids in the order they came. */
  const walk = async (path: string, limit: number, between?: (page: number) => Promise<void>) => {
    const ids: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const separator = path.includes('?') ? '&' : '?';
      const next = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const reply = await platform.api.get(`${path}${separator}limit=${limit}${next}`, platform.admin);
      expect({ path, status: reply.status }).toEqual({ path, status: 200 });
      expect(reply.body.items.length).toBeLessThanOrEqual(limit);
      ids.push(...(reply.body.items as { id: number }[]).map((record) => record.id));
      cursor = reply.body.nextCursor;
      if (cursor === null) return ids;
      await between?.(page);
    }
    throw new Error(`${path}: the pages did not end`);
  };
  const fieldsOf = (reply: { body: { errors?: { field: string }[] } }) =>
    (reply.body.errors ?? []).map((error) => error.field);

  it('walks the portfolio in the order of one page, by each sort, each project once', async () => {
    const tag = uniqueName('Paged');
    let last = 0;
    for (const [i, title] of ['delta', 'Alpha', 'charlie', 'Bravo', 'echo', 'alpha'].entries())
      last = (
        await createGroup({
          title: `${tag} ${title}`,
          status: i % 3,
          ...(i % 2 === 0 ? { start: '2030-01-01', end: `2030-0${1 + i}-15` } : { start: null, end: null }),
        })
      ).position;
    await read(`/api/groups?q=${encodeURIComponent(tag)}`, last);
    const q = `q=${encodeURIComponent(tag)}`;
    for (const sort of ['title', '-title', 'status', '-status', 'end', '-end', 'priority', '-priority']) {
      const whole = await walk(`/api/groups?${q}&sort=${sort}`, 1000);
      expect({ sort, count: whole.length }).toEqual({ sort, count: 6 });
      expect({ sort, pages: await walk(`/api/groups?${q}&sort=${sort}`, 2) }).toEqual({ sort, pages: whole });
    }
    const titles = async (sort: string) =>
      (
        (await platform.api.get(`/api/groups?${q}&sort=${sort}`, platform.admin)).body.items as {
          title: string;
        }[]
      ).map((g) => g.title.slice(tag.length + 1));
    // by title without regard to case, ties by id (the first 'alpha' was created first)
    expect(await titles('title')).toEqual(['Alpha', 'alpha', 'Bravo', 'charlie', 'delta', 'echo']);
    // projects without an end come last, either way
    expect((await titles('end')).slice(0, 3)).toEqual(['delta', 'charlie', 'echo']);
    expect((await titles('-end')).slice(0, 3)).toEqual(['echo', 'charlie', 'delta']);
  });

  it('shows a project written behind the cursor on no page and one written ahead on a later page', async () => {
    const tag = uniqueName('Moving');
    let last = 0;
    for (const title of ['b', 'c', 'd', 'e'])
      last = (await createGroup({ title: `${tag} ${title}` })).position;
    await read(`/api/groups?q=${encodeURIComponent(tag)}`, last);
    let ahead = 0;
    const seen = await walk(`/api/groups?q=${encodeURIComponent(tag)}`, 2, async (page) => {
      if (page !== 0) return;
      await createGroup({ title: `${tag} a` });
      const written = await createGroup({ title: `${tag} z` });
      ahead = written.id;
      await read(`/api/groups?q=${encodeURIComponent(tag)}`, written.position);
    });
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect(seen.at(-1)).toBe(ahead);
  });

  it('walks the applications, resources, comments and an application’s projects page by page', async () => {
    const tag = uniqueName('Walked');
    const app = await run('SaveApplication', anApplication({ name: `${tag} app` }));
    let last = app.position;
    for (const name of ['one', 'two', 'three']) {
      await run('SaveApplication', anApplication({ name: `${tag} ${name}` }));
      await run('SaveResource', { name: `${tag} ${name}` });
      await run('CreateComment', { refType: 'application', refId: app.id, description: name });
      last = (await createGroup({ title: `${tag} ${name}`, applications: [app.id] })).position;
    }
    await read(`/api/groups?q=${encodeURIComponent(tag)}`, last);
    const q = `q=${encodeURIComponent(tag)}`;
    for (const path of [
      `/api/applications?${q}`,
      `/api/applications?${q}&sort=-name`,
      `/api/resources?${q}`,
      `/api/comments?refType=application&refId=${app.id}`,
      `/api/applications/${app.id}/projects`,
    ]) {
      const whole = await walk(path, 1000);
      expect({ path, whole: whole.length }).toEqual({
        path,
        whole: path.includes('/api/applications?') ? 4 : 3,
      });
      expect({ path, pages: await walk(path, 1) }).toEqual({ path, pages: whole });
    }
  });

  it('refuses a limit above 1,000, a cursor it did not give and an unknown sort with a 400 naming them', async () => {
    for (const [query, field] of [
      ['limit=1001', 'limit'],
      ['limit=0', 'limit'],
      ['limit=ten', 'limit'],
      ['cursor=not-a-cursor', 'cursor'],
      [`cursor=${Buffer.from('[{"$ne":null},"1"]').toString('base64url')}`, 'cursor'],
      ['sort=budget', 'sort'],
      ['sort=--title', 'sort'],
    ])
      for (const path of ['/api/groups', '/api/applications', '/api/resources', '/api/goals']) {
        if (field === 'sort' && (path === '/api/resources' || path === '/api/goals')) continue;
        const reply = await platform.api.get(`${path}?${query}`, platform.admin);
        expect({ path, query, status: reply.status, fields: fieldsOf(reply) }).toEqual({
          path,
          query,
          status: 400,
          fields: [field],
        });
      }
    expect((await platform.api.get('/api/groups?limit=1000', platform.admin)).status).toBe(200);
    const history = await platform.api.get(
      `/api/history/group/${(await createGroup()).id}?limit=1001`,
      platform.admin,
    );
    expect({ status: history.status, fields: fieldsOf(history) }).toEqual({ status: 400, fields: ['limit'] });
  });
});

describe("an application's projects (§2)", () => {
  it('lists the projects that use the application in their own paged route, not in the application view', async () => {
    const app = await run('SaveApplication', anApplication());
    const title = uniqueName('Uses app');
    const created = await createGroup({
      title,
      applications: [app.id],
      end: '2031-01-01',
      start: '2030-01-01',
    });
    const expected = [
      {
        id: created.id,
        title,
        status: 3,
        phase: 0,
        end: '2031-01-01',
        shared: false,
        tenant: 'demo',
        group: created.id,
      },
    ];

    expect((await read(`/api/applications/${app.id}/projects`, created.position)).body).toEqual({
      items: expected,
      nextCursor: null,
    });
    // an application used by thousands of projects: its view names none of them, they page (issue 17)
    expect((await read(`/api/applications/${app.id}`, created.position)).body).not.toHaveProperty('projects');
    expect(
      (await read(`/api/applications/${app.id}/projects`, created.position, platform.otherAdmin)).status,
    ).toBe(404);
  });
});

describe('goals', () => {
  it("creates goals and sets a project's goal values 0–9", async () => {
    const name = uniqueName('Goal');
    const goal = await run('CreateGoal', { name, type: 'STRATEGY', rank: 1 });
    const sub = await run('CreateGoal', { name: `${name} sub`, parent: goal.id });
    const project = await createGroup();

    const set = await run('SetGroupGoals', {
      id: project.id,
      goals: [
        { goalId: goal.id, value: 7 },
        { goalId: sub.id, value: 2 },
      ],
    });

    const {
      body: { items: goals },
    } = await read('/api/goals', set.position);
    expect(goals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: goal.id,
          name,
          type: 'STRATEGY',
          rank: 1,
          parent: null,
          assignable: true,
        }),
        expect.objectContaining({ id: sub.id, parent: goal.id }),
      ]),
    );
    const { body } = await read(`/api/groups/${project.id}/goals`, set.position);
    expect(body).toEqual([
      expect.objectContaining({
        goalId: goal.id,
        groupId: project.id,
        value: 7,
        goal: expect.objectContaining({ name }),
      }),
      expect.objectContaining({ goalId: sub.id, groupId: project.id, value: 2 }),
    ]);
    expect((await read('/api/goals', set.position, platform.otherAdmin)).body.items).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ id: goal.id })]),
    );
  });

  it('refuses a value over 9, an unknown goal and an unknown parent goal', async () => {
    const goal = await run('CreateGoal', { name: uniqueName('Goal') });
    const project = await createGroup();
    await refused('SetGroupGoals', { id: project.id, goals: [{ goalId: goal.id, value: 10 }] }, 400);
    await refused('SetGroupGoals', { id: project.id, goals: [{ goalId: 999_999_999, value: 1 }] }, 400);
    await refused('CreateGoal', { name: 'orphan', parent: 999_999_999 }, 400);
  });
});

describe('comments and the account of a project', () => {
  it('comments a project (refType PROJECT)', async () => {
    const project = await createGroup();
    const comment = await run('CreateComment', {
      refType: 'PROJECT',
      refId: project.id,
      description: 'kick-off',
    });
    const { body } = await read(`/api/comments?refType=PROJECT&refId=${project.id}`, comment.position);
    expect(body).toEqual({
      items: [expect.objectContaining({ description: 'kick-off', refId: project.id })],
      nextCursor: null,
    });
    await refused('CreateComment', { refType: 'PROJECT', refId: 999_999_999, description: 'x' }, 404);
  });

  it('creates an account from the project number and title, once, and stores it on the project', async () => {
    const title = uniqueName('Funded');
    const without = await createGroup();
    await refused('CreateAccount', { refType: 'group', refId: without.id }, 400);
    const project = await createGroup({ title, projectNr: 'P-77' });

    const account = await run('CreateAccount', { refType: 'group', refId: project.id });
    const stored = await run('SaveGroup', { id: project.id, version: 0, account: account.id });

    expect((await read(`/api/accounts/${account.id}`, stored.position)).body).toMatchObject({
      accountNumber: 'P-77',
      name: title,
      refType: 'group',
      refId: project.id,
    });
    expect((await read(`/api/groups/${project.id}`, stored.position)).body.account).toBe(account.id);
    await refused('CreateAccount', { refType: 'group', refId: project.id }, 409);
    await refused('SaveGroup', { id: without.id, version: 0, account: account.id }, 400);
  });
});

describe('sharing a project', () => {
  it('shares with another tenant once, unshares, and refuses the own or an unknown tenant', async () => {
    const project = await createGroup();

    const shared = await run('ShareProject', { id: project.id, tenant: 'other' });
    expect((await read(`/api/groups/${project.id}`, shared.position)).body).toMatchObject({
      sharedWith: ['other'],
      shares: [{ tenant: 'other', status: 'PENDING' }],
    });
    await refused('ShareProject', { id: project.id, tenant: 'other' }, 409);
    await refused('ShareProject', { id: project.id, tenant: 'demo' }, 400);
    await refused('ShareProject', { id: project.id, tenant: 'nobody-here' }, 400);
    await refused('ShareProject', { id: project.id, tenant: 'other' }, 403, platform.viewer);

    const unshared = await run('UnshareProject', { id: project.id, tenant: 'other' });
    expect((await read(`/api/groups/${project.id}`, unshared.position)).body.sharedWith).toEqual([]);
    const { body } = await refused('UnshareProject', { id: project.id, tenant: 'other' }, 404);
    expect(body.detail).toBe('share not found');
  });
});

describe('the project save flow is safe to retry', () => {
  it('creates once with an Idempotency-Key, and setting the same goal values again records nothing', async () => {
    const title = uniqueName('Retried');
    const headers = { 'idempotency-key': `test-${crypto.randomUUID()}` };
    const send = async () => {
      const reply = await platform.api.command('SaveGroup', { title }, platform.admin, headers);
      expect(reply.status).toBe(200);
      return reply.body as CommandReply;
    };

    const first = await send();
    const second = await send();

    expect(second).toEqual(first);
    const { body } = await read(`/api/groups?q=${encodeURIComponent(title)}`, second.position);
    expect((body.items as { id: number }[]).map((g) => g.id)).toEqual([first.id]);
    const goal = await run('CreateGoal', { name: uniqueName('Goal') });
    const goals = { id: first.id, goals: [{ goalId: goal.id, value: 4 }] };
    const set = await run('SetGroupGoals', goals);
    const again = await run('SetGroupGoals', goals);
    expect(again.version).toBe(set.version);
    expect(await platform.embedded.store.readStream(`group-${first.id}`)).toHaveLength(2);
  });
});

/** A demo project shared with 'other' and accepted there. */
const sharedWithOther = async (overrides: Record<string, unknown> = {}) => {
  const project = await createGroup(overrides);
  await run('ShareProject', { id: project.id, tenant: 'other' });
  const accepted = await run('AcceptProjectShare', { id: project.id }, platform.otherAdmin);
  return { ...project, position: accepted.position };
};

describe('accepting a share (AcceptProjectShare, by the tenant shared with)', () => {
  it('turns PENDING into ACCEPTED; only then the project shows in that tenant, read-only', async () => {
    const title = uniqueName('Shared');
    const project = await createGroup({ title, status: 5 });
    const shared = await run('ShareProject', { id: project.id, tenant: 'other' });
    const q = `q=${encodeURIComponent(title)}`;

    // pending: invisible to 'other'
    expect((await read(`/api/groups?${q}`, shared.position, platform.otherAdmin)).body).toEqual({
      items: [],
      nextCursor: null,
    });
    expect((await read(`/api/groups/${project.id}`, shared.position, platform.otherAdmin)).status).toBe(404);

    const accepted = await run('AcceptProjectShare', { id: project.id }, platform.otherAdmin);

    expect(accepted).toEqual({ id: project.id, version: 2, position: expect.any(Number) });
    const { body: owners } = await read(`/api/groups/${project.id}`, accepted.position);
    expect(owners).toMatchObject({
      shared: false,
      sharedWith: ['other'],
      shares: [{ tenant: 'other', status: 'ACCEPTED' }],
    });
    const {
      body: { items: list },
    } = await read(`/api/groups?${q}`, accepted.position, platform.otherAdmin);
    expect(list).toEqual([
      expect.objectContaining({ id: project.id, title, shared: true, tenant: 'demo', version: 2 }),
    ]);
    expect(list[0]).not.toHaveProperty('acceptedBy');
    // the portfolio filters apply to shared projects too
    const filtered = async (filter: string) =>
      (
        (await read(`/api/groups?${q}&${filter}`, accepted.position, platform.otherAdmin)).body.items as {
          id: number;
        }[]
      ).map((g) => g.id);
    expect(await filtered('status=5')).toEqual([project.id]);
    expect(await filtered('status=3')).toEqual([]);
    for (const path of [`/api/groups/${project.id}`, `/api/groups/${encodeURIComponent(title)}`]) {
      const { status, body } = await read(path, accepted.position, platform.otherAdmin);
      expect({ status, id: body.id, shared: body.shared, tenant: body.tenant }).toEqual({
        status: 200,
        id: project.id,
        shared: true,
        tenant: 'demo',
      });
    }
    // the event is the owner's, recorded with the accepting user qualified by the accepting tenant
    const stream = await platform.embedded.store.readStream(`group-${project.id}`);
    expect(stream.at(-1)).toMatchObject({
      type: 'ProjectShareAccepted',
      data: { id: project.id, tenant: 'other' },
      metadata: { tenant: 'demo', user: 'admin@other', command: 'AcceptProjectShare' },
    });
  });

  it('refuses without a pending share to the caller: unknown, not shared, own, accepted already', async () => {
    const project = await createGroup();
    await refused('AcceptProjectShare', { id: 999_999_999 }, 404, platform.otherAdmin);
    await refused('AcceptProjectShare', { id: project.id }, 404, platform.otherAdmin);
    await run('ShareProject', { id: project.id, tenant: 'other' });
    // the owner cannot accept for the tenant it shared with
    await refused('AcceptProjectShare', { id: project.id }, 404);
    await refused('AcceptProjectShare', { id: project.id }, 403, platform.viewer);
    await run('AcceptProjectShare', { id: project.id }, platform.otherAdmin);
    const { body } = await refused('AcceptProjectShare', { id: project.id }, 409, platform.otherAdmin);
    expect(body.detail).toBe('the share is accepted already');
    await refused('AcceptProjectShare', { id: project.id, tenant: 'other' }, 400, platform.otherAdmin);
  });

  it('answers 404 to every command of the tenant shared with on the shared project', async () => {
    const project = await sharedWithOther({ projectNr: 'P-SH' });
    const id = project.id;

    await refused('SaveGroup', { id, version: 2, contact: 'x' }, 404, platform.otherAdmin);
    await refused('DeleteGroup', { id, version: 2 }, 404, platform.otherAdmin);
    await refused('SetGroupGoals', { id, goals: [{ goalId: 1, value: 1 }] }, 404, platform.otherAdmin);
    await refused('ShareProject', { id, tenant: 'demo' }, 404, platform.otherAdmin);
    await refused('UnshareProject', { id, tenant: 'other' }, 404, platform.otherAdmin);
    await refused(
      'CreateComment',
      { refType: 'PROJECT', refId: id, description: 'x' },
      404,
      platform.otherAdmin,
    );
    await refused('CreateAccount', { refType: 'group', refId: id }, 404, platform.otherAdmin);
  });

  it('disappears from the tenant shared with when the owner unshares an accepted share', async () => {
    const project = await sharedWithOther();
    const unshared = await run('UnshareProject', { id: project.id, tenant: 'other' });

    expect((await read(`/api/groups/${project.id}`, unshared.position, platform.otherAdmin)).status).toBe(
      404,
    );
    expect((await read(`/api/groups/${project.id}`, unshared.position)).body).toMatchObject({
      sharedWith: [],
      shares: [],
    });
  });
});

describe('a shared project as parent (§4)', () => {
  it('takes an ACCEPTED shared project as parent, refuses a PENDING one as not found', async () => {
    const parentTitle = uniqueName('Shared parent');
    const parent = await sharedWithOther({ title: parentTitle });
    const pending = await createGroup();
    await run('ShareProject', { id: pending.id, tenant: 'other' });

    const child = await run(
      'SaveGroup',
      { title: uniqueName('Child'), parent: parent.id },
      platform.otherAdmin,
    );

    const { body } = await read(`/api/groups/${child.id}`, child.position, platform.otherAdmin);
    expect(body).toMatchObject({ parent: parent.id, parentTitle, shared: false, tenant: 'other' });
    const { body: parentView } = await read(`/api/groups/${parent.id}`, child.position, platform.otherAdmin);
    expect(parentView.subprojects).toEqual([{ id: child.id, title: body.title }]);
    const { body: refusal } = await refused(
      'SaveGroup',
      { title: 'T', parent: pending.id },
      400,
      platform.otherAdmin,
    );
    expect(refusal.errors).toEqual([expect.objectContaining({ field: 'parent', message: 'not found' })]);
  });

  it('refuses a cycle that runs through the other tenant', async () => {
    const ours = await sharedWithOther();
    const theirs = await run(
      'SaveGroup',
      { title: uniqueName('Theirs'), parent: ours.id },
      platform.otherAdmin,
    );
    await run('ShareProject', { id: theirs.id, tenant: 'demo' }, platform.otherAdmin);
    await run('AcceptProjectShare', { id: theirs.id });

    const { body } = await refused('SaveGroup', { id: ours.id, version: 2, parent: theirs.id }, 400);
    expect(body.errors).toEqual([expect.objectContaining({ field: 'parent', message: 'cycle' })]);
  });
});

describe('the budget of a project (sum of its account entries)', () => {
  it('is null without an account and sums the entries once there is one, for owner and shared tenant', async () => {
    const title = uniqueName('Budgeted');
    const project = await createGroup({ title, projectNr: uniqueName('P') });
    const account = await run('CreateAccount', { refType: 'group', refId: project.id });
    const linked = await run('SaveGroup', { id: project.id, version: 0, account: account.id });
    expect((await read(`/api/groups/${project.id}`, linked.position)).body.budget).toBe(0);
    const entries = await run('AddAccountEntries', {
      accountId: account.id,
      entries: [
        { sicht: 'PLAN', periode: '2026', amount: 1500 },
        { sicht: 'PLAN', periode: '2027', amount: 250.5 },
        { sicht: 'IST', periode: '2026', amount: null },
      ],
    });
    const replaced = await run('AddAccountEntries', {
      accountId: account.id,
      entries: [{ sicht: 'PLAN', periode: '2027', amount: 100 }],
    });

    const budgetOf = async (token: string, position: number) =>
      (
        (await read(`/api/groups?q=${encodeURIComponent(title)}`, position, token)).body.items as {
          id: number;
          budget: number | null;
        }[]
      ).find((g) => g.id === project.id)?.budget;
    expect(entries.position).toBeLessThan(replaced.position);
    expect(await budgetOf(platform.admin, replaced.position)).toBe(1600);
    expect((await read(`/api/groups/${project.id}`, replaced.position)).body.budget).toBe(1600);
    expect((await read(`/api/groups/${(await createGroup()).id}`, replaced.position)).body.budget).toBeNull();

    const comment = await run('CreateComment', { refType: 'PROJECT', refId: project.id, description: 'go' });
    const comments = `/api/comments?refType=PROJECT&refId=${project.id}`;
    const shared = await run('ShareProject', { id: project.id, tenant: 'other' });
    // pending: neither the account nor the comments of the project are readable for 'other'
    expect((await read(`/api/accounts/${account.id}`, shared.position, platform.otherAdmin)).status).toBe(
      404,
    );
    expect((await read(comments, comment.position, platform.otherAdmin)).body).toEqual({
      items: [],
      nextCursor: null,
    });

    const accepted = await run('AcceptProjectShare', { id: project.id }, platform.otherAdmin);

    expect(await budgetOf(platform.otherAdmin, accepted.position)).toBe(1600);
    // the finance and comments tabs of the shared project read the owner's account and comments
    const { status, body } = await read(
      `/api/accounts/${account.id}`,
      accepted.position,
      platform.otherAdmin,
    );
    expect({ status, refId: body.refId, entries: body.entries?.length }).toEqual({
      status: 200,
      refId: project.id,
      entries: 3,
    });
    expect((await read(comments, accepted.position, platform.otherAdmin)).body.items).toEqual([
      expect.objectContaining({ id: comment.id, description: 'go', tenant: 'demo' }),
    ]);
  });
});

describe('AddAccountEntries needs EDIT on the details resource of what the account belongs to (§6)', () => {
  const entry = { sicht: 'PLAN', periode: '2026', amount: 1 };

  it('a project account needs group-details EDIT, an application account application-details EDIT', async () => {
    const project = await createGroup({ projectNr: uniqueName('P') });
    const projectAccount = await run('CreateAccount', { refType: 'group', refId: project.id });
    const app = await run('SaveApplication', anApplication());
    const appAccount = await run('CreateAccount', { refType: 'application', refId: app.id });
    const projectEditor = await userWith({
      'group-details': ['VIEW', 'EDIT'],
      'application-details': ['VIEW'],
    });
    const appEditor = await userWith({
      'group-details': ['VIEW'],
      'application-details': ['VIEW', 'EDIT'],
    });

    await run('AddAccountEntries', { accountId: projectAccount.id, entries: [entry] }, projectEditor);
    await refused('AddAccountEntries', { accountId: appAccount.id, entries: [entry] }, 403, projectEditor);
    await run('AddAccountEntries', { accountId: appAccount.id, entries: [entry] }, appEditor);
    await refused('AddAccountEntries', { accountId: projectAccount.id, entries: [entry] }, 403, appEditor);
    await refused(
      'AddAccountEntries',
      { accountId: projectAccount.id, entries: [entry] },
      403,
      platform.viewer,
    );
    await refused('AddAccountEntries', { accountId: 999_999_999, entries: [entry] }, 404, projectEditor);
    await refused(
      'AddAccountEntries',
      { accountId: platform.other.account, entries: [entry] },
      404,
      projectEditor,
    );
  });
});
