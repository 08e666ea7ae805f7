import { allPermissions } from '@fahrplan/contracts';
import { adminApi } from './support/admin-api';
import { aTask, uniqueName } from '../src/testing/platform';
import { platformForSuite } from './support/platform-suite';

const platform = platformForSuite();

const { run, refused, read, userWith } = adminApi(() => platform);

// users hash their passwords at OWASP cost: made once, not per test
let planner: string;
let blind: string;
beforeAll(async () => {
  planner = await userWith({ ...allPermissions, admin: ['VIEW'] });
  blind = await userWith({ 'application-details': ['VIEW'] });
}, 60_000);

const aProject = (overrides: Record<string, unknown> = {}) =>
  run('SaveGroup', { title: uniqueName('Project'), start: '2031-03-03', end: '2031-03-31', ...overrides });

const resources = async (position: number, token = platform.admin) => {
  const { status, body } = await read('/api/resources?limit=1000', position, token);
  expect({ status, nextCursor: body.nextCursor }).toEqual({ status: 200, nextCursor: null });
  return body.items as { id: number; name: string; version: number }[];
};

describe('SaveResource and DeleteResource over HTTP', () => {
  it('creates, renames with the version the user saw, deletes, and lists the live ones by name', async () => {
    const tag = uniqueName('Res');
    const b = await run('SaveResource', { name: `  ${tag} b team ` });
    const a = await run('SaveResource', { name: `${tag} A team` });
    expect(b).toEqual({ id: expect.any(Number), version: 0, position: expect.any(Number) });

    const ours = <R extends { name: string }>(list: R[]) => list.filter((r) => r.name.startsWith(tag));
    expect(ours(await resources(a.position))).toEqual([
      { id: a.id, name: `${tag} A team`, version: 0, calendar: null, share: 100 },
      { id: b.id, name: `${tag} b team`, version: 0, calendar: null, share: 100 },
    ]);

    const renamed = await run('SaveResource', { id: b.id, version: 0, name: `${tag} 0 team` });
    expect(renamed.version).toBe(1);
    const stale = await refused('SaveResource', { id: b.id, version: 0, name: `${tag} stale` }, 409);
    expect(stale.body).toMatchObject({ status: 409, currentVersion: 1 });
    const one = await read(`/api/resources/${b.id}`, renamed.position);
    expect(one.body).toEqual({ id: b.id, name: `${tag} 0 team`, version: 1, calendar: null, share: 100 });

    await refused('DeleteResource', { id: a.id, version: 1 }, 409);
    const deleted = await run('DeleteResource', { id: a.id, version: 0 });
    expect(ours(await resources(deleted.position)).map((r) => r.id)).toEqual([b.id]);
    const gone = await read(`/api/resources/${a.id}`, deleted.position);
    expect({ status: gone.status, detail: gone.body.detail }).toEqual({
      status: 404,
      detail: 'resource not found',
    });
    await refused('DeleteResource', { id: a.id, version: 1 }, 404);
    await refused('SaveResource', { id: a.id, version: 1, name: 'back again' }, 404);
  });

  it('refuses a blank or too long name with a field error', async () => {
    for (const name of ['   ', 'x'.repeat(101)]) {
      const reply = await refused('SaveResource', { name }, 400);
      expect(reply.body.errors).toEqual([expect.objectContaining({ field: 'name' })]);
    }
  });

  it('needs admin EDIT: the viewer and a planner without admin get 403 and store nothing', async () => {
    const created = await run('SaveResource', { name: uniqueName('Res') });
    for (const token of [platform.viewer, planner]) {
      await refused('SaveResource', { name: uniqueName('Res') }, 403, token);
      await refused('SaveResource', { id: created.id, version: 0, name: 'renamed' }, 403, token);
      await refused('DeleteResource', { id: created.id, version: 0 }, 403, token);
    }
    // seeing them is enough to pick one (§2 Details: resource)
    expect((await resources(created.position, platform.viewer)).map((r) => r.id)).toContain(created.id);
    expect((await read('/api/resources', created.position, blind)).status).toBe(403);
  });

  it("keeps tenants apart: another tenant's resource is not found, neither listed nor changed", async () => {
    const ours = await run('SaveResource', { name: uniqueName('Res') });
    const theirs = await run('SaveResource', { name: uniqueName('Theirs') }, platform.otherAdmin);

    expect((await read(`/api/resources/${ours.id}`, theirs.position, platform.otherAdmin)).status).toBe(404);
    expect((await read(`/api/resources/${theirs.id}`, theirs.position)).status).toBe(404);
    expect((await resources(theirs.position)).map((r) => r.id)).not.toContain(theirs.id);
    expect((await resources(theirs.position, platform.otherAdmin)).map((r) => r.id)).toEqual(
      expect.arrayContaining([theirs.id]),
    );
    await refused('SaveResource', { id: ours.id, version: 0, name: 'taken' }, 404, platform.otherAdmin);
    await refused('DeleteResource', { id: ours.id, version: 0 }, 404, platform.otherAdmin);
  });
});

describe('resources of projects and items', () => {
  const expectResourceNotFound = (body: { detail?: string; errors?: unknown }) =>
    expect(body).toMatchObject({
      detail: 'resource not found',
      errors: [expect.objectContaining({ field: 'resource', message: 'not found' })],
    });

  it('SaveItem and SaveGroup take a live resource of the tenant only (400 on resource, nothing stored)', async () => {
    const live = await run('SaveResource', { name: uniqueName('Res') });
    const dropped = await run('SaveResource', { name: uniqueName('Res') });
    await run('DeleteResource', { id: dropped.id, version: 0 });
    const foreign = await run('SaveResource', { name: uniqueName('Theirs') }, platform.otherAdmin);
    const project = await aProject({ resource: live.id });
    const task = await run('SaveItem', aTask(project.id, { resource: live.id }));

    for (const resource of [999_999_999, dropped.id, foreign.id]) {
      expectResourceNotFound((await refused('SaveItem', aTask(project.id, { resource }), 400)).body);
      expectResourceNotFound((await refused('SaveItem', { id: task.id, version: 0, resource }, 400)).body);
      expectResourceNotFound(
        (await refused('SaveGroup', { title: uniqueName('Project'), resource }, 400)).body,
      );
      expectResourceNotFound(
        (await refused('SaveGroup', { id: project.id, version: 0, resource }, 400)).body,
      );
    }
    const { body } = await read(`/api/items/${task.id}`, task.position);
    expect(body).toMatchObject({ resource: live.id, version: 0 });
  });

  it('keeps the id of a resource deleted after it was assigned: other changes still save', async () => {
    const resource = await run('SaveResource', { name: uniqueName('Res') });
    const project = await aProject({ resource: resource.id });
    const task = await run('SaveItem', aTask(project.id, { resource: resource.id }));
    await run('DeleteResource', { id: resource.id, version: 0 });

    const item = await run('SaveItem', { id: task.id, version: 0, title: 'Renamed', resource: resource.id });
    const group = await run('SaveGroup', {
      id: project.id,
      version: 0,
      resource: resource.id,
      shortname: 'R',
    });
    expect((await read(`/api/items/${task.id}`, item.position)).body).toMatchObject({
      title: 'Renamed',
      resource: resource.id,
    });
    expect((await read(`/api/groups/${project.id}`, group.position)).body).toMatchObject({
      shortname: 'R',
      resource: resource.id,
    });
    // clearing it is always allowed
    await run('SaveItem', { id: task.id, version: item.version, resource: null });
  });
});

describe('UpdateGoal and DeleteGoal over HTTP', () => {
  const goals = async (position: number, token = platform.admin) =>
    (await read('/api/goals?limit=1000', position, token)).body.items as {
      id: number;
      version: number;
      name: string;
    }[];

  it('updates the §3 fields with the version the user saw; 409 on a stale one', async () => {
    const name = uniqueName('Goal');
    const goal = await run('CreateGoal', { name, rank: 3 });
    const updated = await run('UpdateGoal', {
      id: goal.id,
      version: 0,
      name: `${name} renamed`,
      type: 'STRATEGY',
      rank: 7,
      description: 'More customers',
      assignable: false,
    });

    expect(updated.version).toBe(1);
    expect((await goals(updated.position)).find((g) => g.id === goal.id)).toEqual({
      id: goal.id,
      tenant: 'demo',
      name: `${name} renamed`,
      parent: null,
      type: 'STRATEGY',
      rank: 7,
      description: 'More customers',
      assignable: false,
      version: 1,
    });
    const stale = await refused('UpdateGoal', { id: goal.id, version: 0, rank: 1 }, 409);
    expect(stale.body).toMatchObject({ currentVersion: 1 });
  });

  it('refuses an unknown parent, the goal itself and a parent below it (a cycle)', async () => {
    const root = await run('CreateGoal', { name: uniqueName('Goal') });
    const child = await run('CreateGoal', { name: uniqueName('Goal'), parent: root.id });
    const grandchild = await run('CreateGoal', { name: uniqueName('Goal'), parent: child.id });
    const theirs = await run('CreateGoal', { name: uniqueName('Goal') }, platform.otherAdmin);

    for (const [parent, message] of [
      [999_999_999, 'not found'],
      [theirs.id, 'not found'],
      [root.id, 'not itself'],
      [grandchild.id, 'cycle'],
      [child.id, 'cycle'],
    ] as const) {
      const reply = await refused('UpdateGoal', { id: root.id, version: 0, parent }, 400);
      expect({ parent, errors: reply.body.errors }).toEqual({
        parent,
        errors: [expect.objectContaining({ field: 'parent', message })],
      });
    }
    // moving a subtree elsewhere is fine
    const other = await run('CreateGoal', { name: uniqueName('Goal') });
    const moved = await run('UpdateGoal', { id: child.id, version: 0, parent: other.id });
    expect((await goals(moved.position)).find((g) => g.id === child.id)).toMatchObject({ parent: other.id });
  });

  it('refuses to delete a goal a live project uses or live goals name as parent (409), then deletes it', async () => {
    const goal = await run('CreateGoal', { name: uniqueName('Goal') });
    const child = await run('CreateGoal', { name: uniqueName('Goal'), parent: goal.id });
    const project = await aProject();
    const set = await run('SetGroupGoals', { id: project.id, goals: [{ goalId: goal.id, value: 4 }] });

    const inUse = await refused('DeleteGoal', { id: goal.id, version: 0 }, 409);
    expect(inUse.body.detail).toBe('goal in use');
    await run('DeleteGroup', { id: project.id, version: set.version });
    const parent = await refused('DeleteGoal', { id: goal.id, version: 0 }, 409);
    expect(parent.body.detail).toBe('goal has child goals');
    await run('DeleteGoal', { id: child.id, version: 0 });
    const deleted = await run('DeleteGoal', { id: goal.id, version: 0 });

    const ids = (await goals(deleted.position)).map((g) => g.id);
    expect(ids).not.toContain(goal.id);
    expect(ids).not.toContain(child.id);
    await refused('DeleteGoal', { id: goal.id, version: 1 }, 404);
    await refused('UpdateGoal', { id: goal.id, version: 1, name: 'back' }, 404);
    // a deleted goal is no parent and no project value any more
    await refused('CreateGoal', { name: 'orphan', parent: goal.id }, 400);
    const next = await aProject();
    await refused('SetGroupGoals', { id: next.id, goals: [{ goalId: goal.id, value: 1 }] }, 400);
  });

  it('counts a value of 0 as a use, a deleted project not', async () => {
    const goal = await run('CreateGoal', { name: uniqueName('Goal') });
    const project = await aProject();
    const set = await run('SetGroupGoals', { id: project.id, goals: [{ goalId: goal.id, value: 0 }] });
    await refused('DeleteGoal', { id: goal.id, version: 0 }, 409);
    await run('DeleteGroup', { id: project.id, version: set.version });
    await run('DeleteGoal', { id: goal.id, version: 0 });
  });

  it('needs admin EDIT; another tenant gets 404', async () => {
    const goal = await run('CreateGoal', { name: uniqueName('Goal') });
    for (const token of [platform.viewer, planner]) {
      await refused('UpdateGoal', { id: goal.id, version: 0, name: 'x' }, 403, token);
      await refused('DeleteGoal', { id: goal.id, version: 0 }, 403, token);
    }
    await refused('UpdateGoal', { id: goal.id, version: 0, name: 'x' }, 404, platform.otherAdmin);
    await refused('DeleteGoal', { id: goal.id, version: 0 }, 404, platform.otherAdmin);
  });
});
