import type { StoredEvent } from '@fahrplan/contracts';
import { answered } from '../http/json-text';
import { streamName } from '@fahrplan/contracts';
import { allowingDirectory, groupCreatedData, projectHistory, asked } from '../http/testing/query-fixtures';
import { GroupsController } from '../groups/groups.controller';
import { ItemsController } from '../items/items.controller';
import { TimelineController } from '../items/timeline.controller';
import { planProjections } from '../projections/all-projections';
import { MemoryReadStore } from '../read-store/memory-read-store';
import type { ReadStore } from '../read-store/read-store';
import { ScenarioViews } from './scenario-views';
import { SCENARIO, branchHistory, liveEvent, scenarioEvent, streamsOf } from './testing/scenario-history';

const acme = { userId: 1, tenant: 'acme', username: 'alice' };
const branch = branchHistory();

/** The read models of `history` and the scenario views over them, reading live streams from `history`. */
const viewsOf = async (history: readonly StoredEvent[]) => {
  const store = new MemoryReadStore();
  await projectHistory(store, history);
  return { store, views: new ScenarioViews(store, streamsOf(history), planProjections) };
};

const items = (store: ReadStore) => new ItemsController(store, allowingDirectory);

describe('a scenario’s view of the read models', () => {
  it('shows the scenario’s changes on top of the live plan, the live plan untouched', async () => {
    const { store, views } = await viewsOf(branch);
    const view = (await views.view('acme', SCENARIO)) as unknown as ReadStore;

    expect(await view.get('items', '201')).toMatchObject({ start: '2026-06-01T00:00', version: 1 });
    expect(await view.get('items', '202')).toMatchObject({ deleted: true, version: 1 });
    expect(await view.get('items', '203')).toMatchObject({ start: '2026-03-05T00:00', version: 0 });
    expect(await store.get('items', '201')).toMatchObject({ start: '2026-03-02T00:00', version: 0 });
    expect(await store.get('items', '203')).toBeNull();

    const filter = { tenant: 'acme', deleted: false };
    expect((await view.find('items', filter, { sort: { _id: 1 } })).map((doc) => doc._id)).toEqual([
      '201',
      '203',
    ]);
    expect(await view.count('items', filter)).toBe(2);
    expect(await view.count('items', { ...filter, start: { $gte: '2026-04-01' } })).toBe(1);
    // a limit counts the scenario's documents in their sorted place
    const first = await view.findFields('items', filter, ['title'], { sort: { start: 1 }, limit: 1 });
    expect(first).toEqual([{ _id: '203', title: 'Item 203' }]);
  });

  it('answers the timeline and the item lists for the scenario through the same controllers', async () => {
    const { store, views } = await viewsOf(branch);
    const view = (await views.view('acme', SCENARIO)) as unknown as ReadStore;
    const march = (s: ReadStore) =>
      answered(
        new TimelineController(s, allowingDirectory).timeline(
          asked(acme, { from: '2026-03-01', to: '2026-04-01' }),
        ),
      ).then((answer) => answer.items.map((item) => item.id).sort());

    expect(await march(store)).toEqual([201, 202]);
    expect(await march(view)).toEqual([203]);
    const page = await items(view).items(asked(acme, { group: '10' }));
    expect(page.items.map((item) => [item.id, item.start])).toEqual([
      [201, '2026-06-01T00:00'],
      [203, '2026-03-05T00:00'],
    ]);
    // paged by keyset: the scenario's documents on the page their sort keys put them on
    const first = await items(view).items(asked(acme, { group: '10', limit: '1' }));
    const second = await items(view).items(
      asked(acme, { group: '10', limit: '1', cursor: first.nextCursor! }),
    );
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual([201, 203]);
    expect(second.nextCursor).toBeNull();
  });

  it('keeps in step with the live plan: a live change of another field simply shows', async () => {
    const { views } = await viewsOf([
      ...branch,
      liveEvent('ItemUpdated', { id: 201, changes: { title: 'CRM go-live', effort: 8 } }, 1),
    ]);
    const view = await views.view('acme', SCENARIO);

    const doc = await view.get('items', '201');
    expect(doc).toMatchObject({ title: 'CRM go-live', effort: 8, start: '2026-06-01T00:00', version: 2 });
    expect(doc).not.toHaveProperty('conflicts');
  });

  it('flags a live change since of a field the scenario also changed, the scenario’s value winning', async () => {
    const { views } = await viewsOf([
      ...branch,
      liveEvent('ItemUpdated', { id: 201, changes: { start: '2026-04-01T00:00' } }, 1),
      liveEvent('ItemDeleted', { id: 202 }, 1),
    ]);
    const view = await views.view('acme', SCENARIO);

    expect(await view.get('items', '201')).toMatchObject({
      start: '2026-06-01T00:00',
      conflicts: [{ field: 'start', live: '2026-04-01T00:00', scenario: '2026-06-01T00:00' }],
    });
    // deleted on both sides: they agree
    expect(await view.get('items', '202')).not.toHaveProperty('conflicts');
  });

  it('flags a live deletion of a record the scenario changed, showing the record as the scenario has it', async () => {
    const { views } = await viewsOf([...branch, liveEvent('ItemDeleted', { id: 201 }, 1)]);
    const view = await views.view('acme', SCENARIO);

    expect(await view.get('items', '201')).toMatchObject({
      deleted: false,
      conflicts: [{ field: 'deleted', live: true, scenario: false }],
    });
  });

  it('no longer flags a field the scenario saved again after the live change (a new base)', async () => {
    const { views } = await viewsOf([
      ...branch,
      liveEvent('ItemUpdated', { id: 201, changes: { start: '2026-04-01T00:00' } }, 1),
      scenarioEvent('ItemUpdated', { id: 201, changes: { start: '2026-07-01T00:00' } }, 1, { base: 1 }),
    ]);
    const view = await views.view('acme', SCENARIO);

    const doc = await view.get('items', '201');
    expect(doc).toMatchObject({ start: '2026-07-01T00:00', end: '2026-06-19T00:00', version: 3 });
    expect(doc).not.toHaveProperty('conflicts');
  });

  it('answers projects and dependencies changed in the scenario through their own queries', async () => {
    const { views } = await viewsOf([
      ...branchHistory(),
      liveEvent('GroupCreated', groupCreatedData(11, 'Billing'), 0, 'group'),
      scenarioEvent('GroupUpdated', { id: 10, changes: { title: 'Zebra CRM' } }, 0, {
        base: 0,
        live: streamName('group', 10),
      }),
      scenarioEvent(
        'DependencyAdded',
        { id: 950, predecessor: 203, successor: 201, type: 'finish-to-start', lag: 0 },
        0,
        { base: 0, live: streamName('dependencies', 'acme') },
      ),
    ]);
    const view = (await views.view('acme', SCENARIO)) as unknown as ReadStore;
    const portfolio = await answered(
      new GroupsController(view, allowingDirectory).groups(asked(acme, { sort: 'title' })),
    );
    expect(portfolio.items.map((group) => group.title)).toEqual(['Billing', 'Zebra CRM']);
    expect(await answered(items(view).item(asked(acme, {}, { idOrName: '201' })))).toMatchObject({
      predecessors: [{ id: 950, item: 203, type: 'finish-to-start', lag: 0 }],
    });
  });

  it('shows another scenario nothing of this one’s changes', async () => {
    const { views } = await viewsOf(branch);
    const other = await views.view('acme', SCENARIO + 1);
    expect(await other.get('items', '201')).toMatchObject({ start: '2026-03-02T00:00' });
    expect(await other.get('items', '203')).toBeNull();
    expect(await views.overlay('other-tenant', SCENARIO)).toEqual([]);
  });

  it('reads nothing more while the read models’ checkpoint stays where the fold was made', async () => {
    const { store, views } = await viewsOf(branch);
    const first = await views.overlay('acme', SCENARIO);
    const find = jest.spyOn(store, 'find');
    const getMany = jest.spyOn(store, 'getMany');
    expect(await views.overlay('acme', SCENARIO)).toBe(first);
    expect(find).not.toHaveBeenCalled();
    expect(getMany).not.toHaveBeenCalled();
  });

  it('folds again once a live document moves, and not before', async () => {
    const history = [...branch];
    const { store, views } = await viewsOf(history);
    const first = await views.overlay('acme', SCENARIO);
    expect(await views.overlay('acme', SCENARIO)).toBe(first);

    const renamed = liveEvent('ItemUpdated', { id: 201, changes: { title: 'CRM go-live' } }, 1);
    history.push(renamed);
    await projectHistory(store, history);
    const again = await views.overlay('acme', SCENARIO);
    expect(again).not.toBe(first);
    expect(again.find((doc) => doc.id === '201')?.scenario).toMatchObject({ title: 'CRM go-live' });
  });
});
