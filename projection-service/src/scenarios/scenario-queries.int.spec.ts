import { answered } from '../http/json-text';
import { allowingDirectory, describeAnswersOnEveryStore, asked } from '../http/testing/query-fixtures';
import { ItemsController } from '../items/items.controller';
import { TimelineController } from '../items/timeline.controller';
import { planProjections } from '../projections/all-projections';
import type { ReadStore } from '../read-store/read-store';
import { ScenarioDiffs } from './scenario-diff';
import { ScenarioViews } from './scenario-views';
import { SCENARIO, branchHistory, liveEvent, scenarioEvent, streamsOf } from './testing/scenario-history';

const acme = { userId: 1, tenant: 'acme', username: 'alice' };

// the branch, then live: 201 renamed and moved to April (a conflict on start and end), a second scenario
// changes 202's effort only
const history = [
  ...branchHistory(),
  liveEvent('ItemUpdated', { id: 201, changes: { title: 'CRM go-live' } }, 1),
  liveEvent('ItemUpdated', { id: 201, changes: { start: '2026-04-01T00:00', end: '2026-04-17T00:00' } }, 2),
  scenarioEvent('ItemUpdated', { id: 202, changes: { effort: 3 } }, 0, { base: 0, scenario: SCENARIO + 1 }),
];

/** What a scenario's view answers on `store`: the same controllers and queries as the live plan's. */
const answers = async (store: ReadStore) => {
  const views = new ScenarioViews(store, streamsOf(history), planProjections);
  const view = (await views.view('acme', SCENARIO)) as unknown as ReadStore;
  const items = new ItemsController(view, allowingDirectory);
  const timeline = (from: string, to: string) =>
    answered(new TimelineController(view, allowingDirectory).timeline(asked(acme, { from, to }))).then(
      (answer) => answer.items.map((item) => item.id).sort(),
    );
  const diffs = new ScenarioDiffs(store, views);
  const diff = (against: number | null) =>
    diffs.diff({
      tenant: 'acme',
      scenario: SCENARIO,
      against,
      milestones: [],
      kinds: new Set(['item', 'group'] as const),
      page: { limit: 100, after: null },
    });
  return {
    list: (await items.items(asked(acme, { group: '10' }))).items.map((i) => [i.id, i.start, i.version]),
    moved: await answered(items.item(asked(acme, {}, { idOrName: '201' }))),
    march: await timeline('2026-03-01', '2026-04-01'),
    june: await timeline('2026-06-01', '2026-07-01'),
    counted: await view.count('items', { tenant: 'acme', deleted: false }),
    diff: await diff(null),
    against: await diff(SCENARIO + 1),
  };
};

const expectAnswers = (a: Awaited<ReturnType<typeof answers>>) => {
  expect(a.list).toEqual([
    [201, '2026-06-01T00:00', 3],
    [203, '2026-03-05T00:00', 0],
  ]);
  expect(a.moved).toMatchObject({
    title: 'CRM go-live',
    start: '2026-06-01T00:00',
    conflicts: [
      { field: 'start', live: '2026-04-01T00:00', scenario: '2026-06-01T00:00' },
      { field: 'end', live: '2026-04-17T00:00', scenario: '2026-06-19T00:00' },
    ],
  });
  expect(a.march).toEqual([203]);
  expect(a.june).toEqual([201]);
  expect(a.counted).toBe(2);
  expect(
    a.diff.records.map((r) => [r.id, r.change, r.fields.map((f) => f.field), r.conflicts.length]),
  ).toEqual([
    [201, 'changed', ['start', 'end'], 2],
    [202, 'deleted', ['deleted'], 0],
    [203, 'created', expect.arrayContaining(['title', 'start', 'deleted']), 0],
  ]);
  // the live totals, from the running totals document: project 10 (status 3), 201 in April and 202
  expect(a.diff.totals.against).toMatchObject({ projectsByStatus: { '3': 1 }, effortWorkingDays: 10 + 2 });
  // 201: 14 working days in June against 10 in April (Easter); 202 (2 days) gone; 203 adds 2
  expect(a.diff.totals.scenario.effortWorkingDays - a.diff.totals.against.effortWorkingDays).toBe(4 - 2 + 2);
  // against the other scenario, 202's effort differs there as well as its deletion here
  expect(a.against.records.find((r) => r.id === 202)?.fields.map((f) => f.field)).toEqual([
    'effort',
    'deleted',
  ]);
  expect(a.against.records.find((r) => r.id === 201)?.conflicts).toHaveLength(2);
};

describeAnswersOnEveryStore('a scenario’s queries', history, answers, expectAnswers);
