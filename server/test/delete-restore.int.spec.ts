import { nameAt, referenceKey, streamName } from '@fahrplan/contracts';
import type { HistoryPage, TimelineView } from '@fahrplan/contracts';
import { adminApi } from './support/admin-api';
import type { CommandReply } from './support/admin-api';
import { TestClock, startPlatform, uniqueName } from '../src/testing/platform';
import type { Platform } from '../src/testing/platform';

/*
 * Issue 19 "Mistakes can be undone", through the one-process platform and real HTTP: soft deletes of
 * items, projects (with their items and lanes), lanes and account entries; the refusals that name
 * why; restores as new events; both in History and in as-of.
 */
let platform: Platform;
const clock = new TestClock();

beforeAll(async () => {
  platform = await startPlatform(clock);
}, 30_000);

afterAll(async () => {
  await platform?.stop();
});

const api = adminApi(() => platform);
const { refused, read } = api;
/** Each command a minute after the one before, so that as-of can name the instant between two. */
const run = async (type: string, data: unknown, token?: string) => {
  clock.advance(60);
  const reply = await api.run(type, data, token);
  return { ...reply, at: clock.now() };
};
/** Half a minute after a command: an instant after it and before the next one. */
const justAfter = (step: { at: Date }) => new Date(step.at.getTime() + 30_000);
const asOf = (path: string, at: Date, position: number) =>
  read(`${path}${path.includes('?') ? '&' : '?'}asOf=${encodeURIComponent(at.toISOString())}`, position);

const aProject = (overrides: Record<string, unknown> = {}) =>
  run('SaveGroup', { title: uniqueName('Project'), start: '2031-03-03', end: '2031-03-31', ...overrides });
const aTask = (group: number, overrides: Record<string, unknown> = {}) =>
  run('SaveItem', {
    title: uniqueName('Task'),
    group,
    subgroup: 'tasks',
    start: '2031-03-03T00:00',
    end: '2031-03-08T00:00',
    ...overrides,
  });

/** The events of a record's history, oldest first. */
const historyEvents = async (category: string, id: number, position: number) => {
  const reply = await read(`/api/history/${category}/${id}?limit=1000`, position);
  expect(reply.status).toBe(200);
  return (reply.body as HistoryPage).items.map((row) => row.event).reverse();
};

const timelineItemIds = async (group: number, position: number) => {
  const reply = await read(
    `/api/timeline?from=2031-03-01&to=2031-04-01&detail=items&group=${group}`,
    position,
  );
  expect(reply.status).toBe(200);
  return (reply.body as TimelineView).items.map((i) => i.id);
};

describe('DeleteItem and RestoreItem', () => {
  it('deletes an item softly and restores it as a new event: History shows both, as-of shows each instant', async () => {
    const project = await aProject();
    const item = await aTask(project.id);
    const deleted = await run('DeleteItem', { id: item.id, version: item.version });
    expect((await read(`/api/items/${item.id}`, deleted.position)).status).toBe(404);
    expect(await timelineItemIds(project.id, deleted.position)).toEqual([]);

    const restored = await run('RestoreItem', { id: item.id, version: deleted.version });
    expect(restored.version).toBe(deleted.version + 1);
    expect((await read(`/api/items/${item.id}`, restored.position)).body).toMatchObject({
      id: item.id,
      version: restored.version,
    });
    expect(await timelineItemIds(project.id, restored.position)).toEqual([item.id]);
    expect(await historyEvents('item', item.id, restored.position)).toEqual([
      'ItemCreated',
      'ItemDeleted',
      'ItemRestored',
    ]);
    expect((await asOf(`/api/items/${item.id}`, justAfter(item), restored.position)).status).toBe(200);
    expect((await asOf(`/api/items/${item.id}`, justAfter(deleted), restored.position)).status).toBe(404);
  });

  it('refuses to restore a live item, and a stale version, storing nothing', async () => {
    const project = await aProject();
    const item = await aTask(project.id);
    const live = await refused('RestoreItem', { id: item.id, version: item.version }, 409);
    expect(live.body).toMatchObject({ detail: 'the item is not deleted' });
    const deleted = await run('DeleteItem', { id: item.id, version: item.version });
    await refused('RestoreItem', { id: item.id, version: deleted.version - 1 }, 409);
  });
});

describe('DeleteApplication and RestoreApplication', () => {
  const listed = async (name: string, position: number) => {
    const reply = await read(`/api/applications?q=${encodeURIComponent(name)}`, position);
    expect(reply.status).toBe(200);
    return (reply.body as { items: { id: number }[] }).items.map((a) => a.id);
  };

  it('deletes an application softly and restores it as a new event: list, History and as-of show each', async () => {
    const name = uniqueName('Ledger');
    const application = await run('SaveApplication', { name, status: 'PLANUNG' });
    const deleted = await run('DeleteApplication', { id: application.id, version: application.version });
    expect((await read(`/api/applications/${application.id}`, deleted.position)).status).toBe(404);
    expect(await listed(name, deleted.position)).toEqual([]);

    const restored = await run('RestoreApplication', { id: application.id, version: deleted.version });
    expect(restored.version).toBe(deleted.version + 1);
    expect((await read(`/api/applications/${application.id}`, restored.position)).body).toMatchObject({
      id: application.id,
      name,
      status: 'PLANUNG',
      version: restored.version,
    });
    expect(await listed(name, restored.position)).toEqual([application.id]);
    expect(await historyEvents('application', application.id, restored.position)).toEqual([
      'ApplicationCreated',
      'ApplicationDeleted',
      'ApplicationRestored',
    ]);
    const at = (step: { at: Date }) =>
      asOf(`/api/applications/${application.id}`, justAfter(step), restored.position);
    expect((await at(application)).status).toBe(200);
    expect((await at(deleted)).status).toBe(404);
    expect((await at(restored)).status).toBe(200);
  });

  it('refuses to restore a live application, a stale version and an unknown one, storing nothing', async () => {
    const application = await run('SaveApplication', { name: uniqueName('Ledger') });
    const live = await refused(
      'RestoreApplication',
      { id: application.id, version: application.version },
      409,
    );
    expect(live.body).toMatchObject({ detail: 'the application is not deleted' });
    const deleted = await run('DeleteApplication', { id: application.id, version: application.version });
    const stale = await refused(
      'RestoreApplication',
      { id: application.id, version: deleted.version - 1 },
      409,
    );
    expect(stale.body).toMatchObject({ detail: expect.stringMatching(/version/) });
    await refused('RestoreApplication', { id: application.id + 100_000, version: 1 }, 404);
    await refused('RestoreApplication', { id: application.id }, 400);
  });
});

describe('DeleteGroup and RestoreGroup', () => {
  it('refuses a project with a subproject or a share, naming why, and stores nothing', async () => {
    const parent = await aProject();
    const childTitle = uniqueName('Pilot');
    const child = await aProject({ title: childTitle, parent: parent.id });
    const withChild = await refused('DeleteGroup', { id: parent.id, version: parent.version }, 409);
    expect(withChild.body).toMatchObject({
      detail: `the project has a subproject ('${childTitle}'): delete it or give it another parent first`,
    });

    const shared = await run('ShareProject', { id: child.id, tenant: 'other' });
    const withShare = await refused('DeleteGroup', { id: child.id, version: shared.version }, 409);
    expect(withShare.body).toMatchObject({
      detail: "the project is shared with 'other' (pending): revoke the share first",
    });

    const unshared = await run('UnshareProject', { id: child.id, tenant: 'other' });
    const childGone = await run('DeleteGroup', { id: child.id, version: unshared.version });
    // a deleted subproject no longer holds its parent
    const parentGone = await run('DeleteGroup', { id: parent.id, version: parent.version });
    expect((await read(`/api/groups/${parent.id}`, parentGone.position)).status).toBe(404);
    // the child comes back only under a live parent
    const orphan = await refused('RestoreGroup', { id: child.id, version: childGone.version }, 409);
    expect(orphan.body).toMatchObject({ detail: 'the parent project is deleted: restore it first' });
  });

  it('takes the items and lanes with the project and brings back exactly those on restore', async () => {
    const project = await aProject();
    const lane = await run('AddSubgroup', { id: project.id, name: 'Design' });
    const kept = await aTask(project.id, { subgroup: 'lane-1' });
    const gone = await aTask(project.id);
    const goneFirst = await run('DeleteItem', { id: gone.id, version: gone.version });
    const deleted = await run('DeleteGroup', { id: project.id, version: lane.version });

    expect((await read(`/api/groups/${project.id}`, deleted.position)).status).toBe(404);
    expect((await read(`/api/items/${kept.id}`, deleted.position)).status).toBe(404);
    expect((await read(`/api/items?group=${project.id}`, deleted.position)).status).toBe(404);
    const search = await read(`/api/items?q=${encodeURIComponent('Task')}&limit=1000`, deleted.position);
    expect((search.body as { items: { id: number }[] }).items.map((i) => i.id)).not.toContain(kept.id);
    expect(await timelineItemIds(project.id, deleted.position)).toEqual([]);

    const restored = await run('RestoreGroup', { id: project.id, version: deleted.version });
    const back = (await read(`/api/groups/${project.id}`, restored.position)).body as {
      subgroups: { id: string; name: string }[];
    };
    expect(back.subgroups.map((s) => s.name)).toEqual(['Tasks', 'Milestones', 'Design']);
    expect(await timelineItemIds(project.id, restored.position)).toEqual([kept.id]);
    expect((await read(`/api/items/${gone.id}`, restored.position)).status).toBe(404);
    expect(await historyEvents('group', project.id, restored.position)).toEqual([
      'GroupCreated',
      'SubgroupAdded',
      'GroupDeleted',
      'GroupRestored',
    ]);
    expect((await asOf(`/api/groups/${project.id}`, justAfter(goneFirst), restored.position)).status).toBe(
      200,
    );
    expect((await asOf(`/api/groups/${project.id}`, justAfter(deleted), restored.position)).status).toBe(404);
  });

  it("shows the project's deletion and restore in its live items' History, named as the project was then; as-of agrees", async () => {
    const title = uniqueName('Doomed');
    const project = await aProject({ title });
    const elsewhere = await aProject();
    const kept = await aTask(project.id);
    const gone = await aTask(project.id);
    const goneFirst = await run('DeleteItem', { id: gone.id, version: gone.version });
    // an item that left the project before it was deleted did not go with it
    const moved = await aTask(project.id);
    const left = await run('SaveItem', { id: moved.id, version: moved.version, group: elsewhere.id });
    const deleted = await run('DeleteGroup', { id: project.id, version: project.version });
    const restored = await run('RestoreGroup', { id: project.id, version: deleted.version });
    // renamed afterwards: the rows name the project as it was when it went and came back
    const renamed = await run('SaveGroup', {
      id: project.id,
      version: restored.version,
      title: `${title} v2`,
    });

    const reply = await read(`/api/history/item/${kept.id}?limit=1000`, renamed.position);
    expect(reply.status).toBe(200);
    const page = reply.body as HistoryPage;
    const rows = page.items;
    expect(rows.map((row) => [row.event, row.command])).toEqual([
      ['GroupRestored', 'RestoreGroup'],
      ['GroupDeleted', 'DeleteGroup'],
      ['ItemCreated', 'SaveItem'],
    ]);
    const via = { category: 'group', id: project.id };
    expect(rows[1]).toMatchObject({
      position: deleted.position,
      stream: streamName('group', project.id),
      user: 'admin',
      changes: [{ field: 'deleted', before: false, after: true }],
      via,
    });
    expect(rows[0]).toMatchObject({
      position: restored.position,
      changes: [{ field: 'deleted', before: true, after: false }],
      via,
    });
    const names = page.refs![referenceKey('group', project.id)];
    expect([nameAt(names, deleted.position), nameAt(names, restored.position)]).toEqual([title, title]);
    expect(page.fields).toContain('deleted');

    // deleted on its own before, or gone to another project: the project's events are not theirs
    expect(await historyEvents('item', gone.id, renamed.position)).toEqual(['ItemCreated', 'ItemDeleted']);
    expect(await historyEvents('item', moved.id, renamed.position)).toEqual(['ItemCreated', 'ItemUpdated']);
    expect(left.position).toBeLessThan(deleted.position);
    expect(goneFirst.position).toBeLessThan(deleted.position);

    // as-of of the item agrees with its History at each instant
    expect((await asOf(`/api/items/${kept.id}`, justAfter(kept), renamed.position)).status).toBe(200);
    expect((await asOf(`/api/items/${kept.id}`, justAfter(deleted), renamed.position)).status).toBe(404);
    expect((await asOf(`/api/items/${kept.id}`, justAfter(restored), renamed.position)).status).toBe(200);
  });

  it('needs EDIT on group-details', async () => {
    const project = await aProject();
    await refused('DeleteGroup', { id: project.id, version: project.version }, 403, platform.viewer);
    const deleted = await run('DeleteGroup', { id: project.id, version: project.version });
    await refused('RestoreGroup', { id: project.id, version: deleted.version }, 403, platform.viewer);
  });
});

describe('RemoveSubgroup and RestoreSubgroup', () => {
  it('refuses a lane that holds items, removes an empty one and restores it with its name', async () => {
    const project = await aProject();
    await run('AddSubgroup', { id: project.id, name: 'Design' });
    const item = await aTask(project.id, { subgroup: 'lane-1' });
    const holding = await refused('RemoveSubgroup', { id: project.id, subgroup: 'lane-1' }, 409);
    expect(holding.body).toMatchObject({ detail: "the lane 'Design' holds 1 item: move or delete it first" });
    await refused('RemoveSubgroup', { id: project.id, subgroup: 'tasks' }, 400);

    await run('SaveItem', { id: item.id, version: item.version, subgroup: 'tasks' });
    const removed = await run('RemoveSubgroup', { id: project.id, subgroup: 'lane-1' });
    const lanes = async (position: number) =>
      (
        (await read(`/api/groups/${project.id}`, position)).body as { subgroups: { id: string }[] }
      ).subgroups.map((s) => s.id);
    expect(await lanes(removed.position)).toEqual(['tasks', 'milestones']);
    const restored = await run('RestoreSubgroup', { id: project.id, subgroup: 'lane-1' });
    expect(await lanes(restored.position)).toEqual(['tasks', 'milestones', 'lane-1']);
    expect(await historyEvents('group', project.id, restored.position)).toEqual([
      'GroupCreated',
      'SubgroupAdded',
      'SubgroupRemoved',
      'SubgroupRestored',
    ]);
  });
});

describe('RemoveAccountEntry', () => {
  it('removes an entry by its key; recording it again restores it; an unknown key answers 404', async () => {
    const project = await aProject({ projectNr: uniqueName('P').replace(/\W/g, '') });
    const account: CommandReply = await run('CreateAccount', { refType: 'group', refId: project.id });
    const entry = { sicht: 'PLAN', periode: '2031', amount: 1200, projekt: null, typ: null, gruppe: null };
    await run('AddAccountEntries', { accountId: account.id, entries: [entry, { ...entry, sicht: 'IST' }] });
    await refused(
      'RemoveAccountEntry',
      { accountId: account.id, sicht: 'PLAN', periode: '2031' },
      403,
      platform.viewer,
    );
    const removed = await run('RemoveAccountEntry', {
      accountId: account.id,
      sicht: 'PLAN',
      periode: '2031',
    });
    const sichten = async (position: number) =>
      (
        (await read(`/api/accounts/${account.id}`, position)).body as { entries: { sicht: string }[] }
      ).entries.map((e) => e.sicht);
    expect(await sichten(removed.position)).toEqual(['IST']);
    await refused('RemoveAccountEntry', { accountId: account.id, sicht: 'PLAN', periode: '2031' }, 404);
    const again = await run('AddAccountEntries', { accountId: account.id, entries: [entry] });
    expect(await sichten(again.position)).toEqual(['IST', 'PLAN']);
    expect(await historyEvents('account', account.id, again.position)).toEqual([
      'AccountCreated',
      'AccountEntriesAdded',
      'AccountEntryRemoved',
      'AccountEntriesAdded',
    ]);
    expect(
      (await asOf(`/api/accounts/${account.id}`, justAfter(removed), again.position)).body,
    ).toMatchObject({
      entries: [{ sicht: 'IST' }],
    });
  });
});
