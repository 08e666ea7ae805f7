import type { HistoryPage, ItemView, TimelineView } from '@fahrplan/contracts';
import { adminApi } from './support/admin-api';
import { platformForSuite } from './support/platform-suite';
import { aTask, uniqueName } from '../src/testing/platform';

/*
 * Issue 21 "Dependencies", through the one-process platform (its read store is the embedded SQLite one;
 * the same queries on MongoDB: projection-service/src/dependencies/dependency-queries.int.spec.ts):
 * AddDependency and RemoveDependency with every refusal (nothing stored), across projects and from a
 * shared project, and the answers that carry them: the item, the timeline, History and as-of.
 */
const platform = platformForSuite();
const api = adminApi(() => platform);
const { run, refused, read, userWith } = api;

const aProject = (token?: string) =>
  run('SaveGroup', { title: uniqueName('Project'), start: '2031-03-03', end: '2031-03-31' }, token);
const aTitledTask = async (group: number, title: string, token?: string) => ({
  title,
  ...(await run('SaveItem', aTask(group, { title }), token)),
});
const link = (predecessor: number, successor: number, extra: Record<string, unknown> = {}) =>
  run('AddDependency', { predecessor, successor, ...extra });
const itemAt = async (id: number, position: number, token?: string) => {
  const reply = await read(`/api/items/${id}`, position, token);
  expect(reply.status).toBe(200);
  return reply.body as ItemView;
};
const timelineOf = async (group: number, position: number) => {
  const reply = await read(
    `/api/timeline?from=2031-03-01&to=2031-04-01&detail=items&group=${group}`,
    position,
  );
  expect(reply.status).toBe(200);
  return (reply.body as TimelineView).items;
};

/** Three tasks A, B, C of a project of demo, each titled for the messages. */
const threeTasks = async () => {
  const project = await aProject();
  const a = await aTitledTask(project.id, uniqueName('Analyse'));
  const b = await aTitledTask(project.id, uniqueName('Build'));
  const c = await aTitledTask(project.id, uniqueName('Check'));
  return { project, a, b, c };
};

describe('AddDependency', () => {
  it('links two items of different projects: both answer it, from either end, and the timeline too', async () => {
    const { project, a } = await threeTasks();
    const other = await aProject();
    const b = await aTitledTask(other.id, uniqueName('Elsewhere'));

    const added = await link(a.id, b.id, { type: 'start-to-start', lag: -2 });

    expect(added.version).toBe(0);
    const expected = { id: added.id, type: 'start-to-start', lag: -2, version: 0 };
    expect(await itemAt(a.id, added.position)).toMatchObject({
      predecessors: [],
      successors: [{ ...expected, item: b.id }],
    });
    expect(await itemAt(b.id, added.position)).toMatchObject({
      predecessors: [{ ...expected, item: a.id }],
      successors: [],
    });
    // the other end need not be on the page: the timeline of one project names it by id
    const items = await timelineOf(project.id, added.position);
    expect(items.find((item) => item.id === a.id)).toMatchObject({
      predecessors: [],
      successors: [{ ...expected, item: b.id }],
    });
  });

  it('takes finish-to-start without lag by default', async () => {
    const { a, b } = await threeTasks();
    const added = await link(a.id, b.id);
    expect((await itemAt(b.id, added.position)).predecessors).toEqual([
      { id: added.id, item: a.id, type: 'finish-to-start', lag: 0, version: 0 },
    ]);
  });

  it('refuses an item depending on itself, with its code', async () => {
    const { a } = await threeTasks();
    const { body } = await refused('AddDependency', { predecessor: a.id, successor: a.id }, 400);
    expect(body).toMatchObject({ code: 'self-dependency', detail: 'an item cannot depend on itself' });
  });

  it('refuses a cycle, naming its path by item titles', async () => {
    const { a, b, c } = await threeTasks();
    await link(a.id, b.id);
    await link(b.id, c.id);

    const { body } = await refused('AddDependency', { predecessor: c.id, successor: a.id }, 400);
    const path = `${c.title} → ${a.title} → ${b.title} → ${c.title}`;
    expect(body).toMatchObject({
      code: 'dependency-cycle',
      params: { path },
      detail: `dependency would form a cycle: ${path}`,
    });
    const { body: twoItems } = await refused('AddDependency', { predecessor: b.id, successor: a.id }, 400);
    expect(twoItems.detail).toBe(`dependency would form a cycle: ${b.title} → ${a.title} → ${b.title}`);
  });

  it('refuses a duplicate of the same predecessor, successor and type, and takes the other type', async () => {
    const { a, b } = await threeTasks();
    const first = await link(a.id, b.id);

    const { body } = await refused('AddDependency', { predecessor: a.id, successor: b.id, lag: 3 }, 400);
    expect(body).toMatchObject({ code: 'duplicate-dependency', params: { id: first.id } });
    await link(a.id, b.id, { type: 'start-to-start' });
  });

  it('refuses an unknown item, a deleted one and another tenant’s as not found', async () => {
    const { a, b } = await threeTasks();
    const othersProject = await aProject(platform.otherAdmin);
    const othersItem = await run('SaveItem', aTask(othersProject.id), platform.otherAdmin);
    const deleted = await run('DeleteItem', { id: b.id, version: b.version });

    for (const [predecessor, successor] of [
      [a.id, 987_654_321],
      [987_654_321, a.id],
      [a.id, b.id],
      [othersItem.id, a.id],
      [a.id, othersItem.id],
    ]) {
      const { body } = await refused('AddDependency', { predecessor, successor }, 404);
      expect(body).toMatchObject({ code: 'not-found', params: { what: 'item' } });
    }
    expect(deleted.version).toBe(1);
  });

  it('refuses a lag outside ±999 working days, a fraction, an unknown type and unknown fields', async () => {
    const { a, b } = await threeTasks();
    for (const data of [
      { lag: 1000 },
      { lag: -1000 },
      { lag: 0.5 },
      { type: 'finish-to-finish' },
      { tenant: 'other' },
    ]) {
      const { body } = await refused('AddDependency', { predecessor: a.id, successor: b.id, ...data }, 400);
      expect(body.code).toBe('invalid-request');
    }
  });

  it('of two concurrent adds that together close a cycle, stores one and refuses the other', async () => {
    const { a, b } = await threeTasks();
    const replies = await Promise.all([
      platform.api.command('AddDependency', { predecessor: a.id, successor: b.id }, platform.admin),
      platform.api.command('AddDependency', { predecessor: b.id, successor: a.id }, platform.admin),
    ]);

    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
    expect(replies.find((reply) => reply.status === 400)!.body.code).toBe('dependency-cycle');
    const stored = replies.find((reply) => reply.status === 200)!.body as { position: number };
    const [first, second] = [await itemAt(a.id, stored.position), await itemAt(b.id, stored.position)];
    expect(first.successors.length + first.predecessors.length).toBe(1);
    expect(second.successors.length + second.predecessors.length).toBe(1);
  });

  it('stores a retry with the same Idempotency-Key once, answering the same dependency', async () => {
    const { a, b } = await threeTasks();
    const send = () =>
      platform.api.command('AddDependency', { predecessor: a.id, successor: b.id }, platform.admin, {
        'idempotency-key': uniqueName('dep').replace(/\W/g, '-'),
      });
    const key = uniqueName('retry').replace(/\W/g, '-');
    const again = () =>
      platform.api.command('AddDependency', { predecessor: a.id, successor: b.id }, platform.admin, {
        'idempotency-key': key,
      });
    const [first, retry] = [await again(), await again()];

    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(retry.body).toEqual(first.body);
    expect((await itemAt(b.id, retry.body.position)).predecessors).toHaveLength(1);
    // another key is another command: a duplicate
    expect((await send()).status).toBe(400);
  });

  it('needs EDIT on items', async () => {
    const { a, b } = await threeTasks();
    await refused('AddDependency', { predecessor: a.id, successor: b.id }, 403, platform.viewer);
    const editor = await userWith({ items: ['VIEW', 'EDIT'] });
    await run('AddDependency', { predecessor: a.id, successor: b.id }, editor);
  });

  it('links from an item of a project shared with the tenant and accepted, never to one', async () => {
    const { a } = await threeTasks();
    const partner = await aProject(platform.otherAdmin);
    const theirs = await aTitledTask(partner.id, uniqueName('Supplier API'), platform.otherAdmin);
    await run('ShareProject', { id: partner.id, tenant: 'demo' }, platform.otherAdmin);
    // pending: not visible yet
    await refused('AddDependency', { predecessor: theirs.id, successor: a.id }, 404);
    const accepted = await run('AcceptProjectShare', { id: partner.id });

    const { body } = await refused('AddDependency', { predecessor: a.id, successor: theirs.id }, 400);
    expect(body.code).toBe('shared-successor');
    const added = await link(theirs.id, a.id);
    expect((await itemAt(a.id, added.position)).predecessors).toMatchObject([{ item: theirs.id }]);
    // the owner does not see the receiving tenant's dependency on its item
    expect((await itemAt(theirs.id, added.position, platform.otherAdmin)).successors).toEqual([]);
    expect(accepted.position).toBeLessThan(added.position);
  });
});

describe('RemoveDependency', () => {
  it('removes a dependency from both ends; twice is not found, a stale version a conflict', async () => {
    const { a, b } = await threeTasks();
    const added = await link(a.id, b.id);
    const { body: stale } = await refused('RemoveDependency', { id: added.id, version: 4 }, 409);
    expect(stale).toMatchObject({ code: 'version-conflict', currentVersion: 0 });

    const removed = await run('RemoveDependency', { id: added.id, version: 0 });

    expect(removed).toMatchObject({ id: added.id, version: 1 });
    expect(await itemAt(a.id, removed.position)).toMatchObject({ successors: [] });
    expect(await itemAt(b.id, removed.position)).toMatchObject({ predecessors: [] });
    const { body } = await refused('RemoveDependency', { id: added.id }, 404);
    expect(body).toMatchObject({ code: 'not-found', params: { what: 'dependency' } });
  });

  it('refuses another tenant’s dependency as not found', async () => {
    const { a, b } = await threeTasks();
    const added = await link(a.id, b.id);
    await refused('RemoveDependency', { id: added.id }, 404, platform.otherAdmin);
  });
});

describe('answers as the items come and go', () => {
  it('leave out a dependency while an item at its other end is deleted, or its project, and show it again on restore', async () => {
    const { a, b } = await threeTasks();
    const elsewhere = await aProject();
    const c = await aTitledTask(elsewhere.id, uniqueName('Later'));
    await link(a.id, b.id);
    const added = await link(a.id, c.id);
    expect((await itemAt(a.id, added.position)).successors.map((d) => d.item)).toEqual([b.id, c.id]);

    const deleted = await run('DeleteItem', { id: b.id, version: b.version });
    expect((await itemAt(a.id, deleted.position)).successors.map((d) => d.item)).toEqual([c.id]);
    const projectGone = await run('DeleteGroup', { id: elsewhere.id, version: elsewhere.version });
    expect((await itemAt(a.id, projectGone.position)).successors).toEqual([]);

    await run('RestoreGroup', { id: elsewhere.id, version: projectGone.version });
    const restored = await run('RestoreItem', { id: b.id, version: deleted.version });
    expect((await itemAt(a.id, restored.position)).successors.map((d) => d.item)).toEqual([b.id, c.id]);
    // a deleted item cannot be linked
    await run('DeleteItem', { id: b.id, version: restored.version });
    await refused('AddDependency', { predecessor: b.id, successor: a.id }, 404);
  });

  it('History shows an item’s dependencies added and removed; as-of shows them as they were', async () => {
    // after every event so far, users created with the real clock among them: as-of folds a prefix of the log
    platform.clock.advance(3600);
    const { a, b } = await threeTasks();
    const added = await link(a.id, b.id, { lag: 2 });
    const between = new Date(platform.clock.now().getTime());
    platform.clock.advance(60);
    const removed = await run('RemoveDependency', { id: added.id });

    const reply = await read(`/api/history/item/${b.id}?limit=100`, removed.position);
    expect(reply.status).toBe(200);
    const rows = (reply.body as HistoryPage).items;
    expect(rows.slice(0, 2)).toMatchObject([
      {
        event: 'DependencyRemoved',
        command: 'RemoveDependency',
        changes: [{ field: 'predecessors', before: [{ id: added.id, item: a.id, lag: 2 }], after: [] }],
      },
      {
        event: 'DependencyAdded',
        changes: [
          {
            field: 'predecessors',
            before: [],
            after: [{ id: added.id, item: a.id, type: 'finish-to-start' }],
          },
        ],
      },
    ]);
    // the item at the other end is named as it was then
    expect((reply.body as HistoryPage).refs?.[`item:${a.id}`]).toEqual([
      expect.objectContaining({ name: a.title }),
    ]);
    const asOf = await read(
      `/api/items/${b.id}?asOf=${encodeURIComponent(between.toISOString())}`,
      removed.position,
    );
    expect(asOf.status).toBe(200);
    expect((asOf.body as ItemView).predecessors).toMatchObject([{ id: added.id, item: a.id }]);
    expect((await itemAt(b.id, removed.position)).predecessors).toEqual([]);
  });
});
