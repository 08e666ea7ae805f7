import { randomUUID } from 'node:crypto';
import { isScenarioStream, scenarioRecordsStream, scenarioStreamName } from '@fahrplan/contracts';
import type { HistoryPage, ScenarioView } from '@fahrplan/contracts';
import { adminApi } from './support/admin-api';
import { scenarioApi } from './support/scenario-api';
import { platformForSuite } from './support/platform-suite';
import { storedSince, uniqueName } from '../src/testing/platform';

/*
 * Issue 22, the write side of scenarios through the one-process platform and real HTTP: every kind of
 * planning command decided in a scenario (X-Fahrplan-Scenario) on the scenario's view of other records,
 * stored in the scenario's own streams only; PublishScenario landing them all live as ordinary events,
 * all or nothing, idempotent on retry, the live History naming the scenario; a published scenario closed.
 */
const platform = platformForSuite();
const { run, refused, read, userWith } = adminApi(() => platform);
const { inIt, refusedIn, livePlan } = scenarioApi(() => platform);

const streamsWrittenSince = async (position: number) =>
  new Set(
    (await platform.embedded.store.readAll({ after: position }))
      .map((event) => event.streamId)
      .filter((stream) => !/^(idblock|idempotency)-/.test(stream)),
  );

describe('every planning command in a scenario', () => {
  it('is decided on the scenario’s view of other records and leaves the live plan untouched; a publish lands it all live', async () => {
    const { project, task, scenario } = await livePlan();
    const goal = await run('CreateGoal', { name: uniqueName('Cloud first') });
    const since = await platform.embedded.store.headPosition();

    // projects, lanes, key figures and goal values
    const projectNr = `P-${scenario.id}`;
    const moved = await inIt(
      'SaveGroup',
      { id: project.id, version: project.version, metric1: 7, projectNr },
      scenario.id,
    );
    const lane = await inIt('AddSubgroup', { id: project.id, name: 'Pilot' }, scenario.id);
    await inIt('RenameSubgroup', { id: project.id, subgroup: 'lane-1', name: 'Pilot sites' }, scenario.id);
    const newGoal = await inIt('CreateGoal', { name: uniqueName('Scenario goal') }, scenario.id);
    await inIt('UpdateGoal', { id: goal.id, version: goal.version, rank: 3 }, scenario.id);
    // a goal created in the scenario is known to the scenario's SetGroupGoals
    await inIt(
      'SetGroupGoals',
      {
        id: project.id,
        goals: [
          { goalId: newGoal.id, value: 8 },
          { goalId: goal.id, value: 2 },
        ],
      },
      scenario.id,
    );
    const newProject = await inIt('SaveGroup', { title: uniqueName('Scenario project') }, scenario.id);
    // items in the scenario's lane and in the scenario's project
    const inLane = await inIt(
      'SaveItem',
      { title: uniqueName('Pilot'), group: project.id, subgroup: 'lane-1', start: '2031-05-04T00:00' },
      scenario.id,
    );
    const inNew = await inIt(
      'SaveItem',
      { title: uniqueName('New'), group: newProject.id, subgroup: 'tasks', start: '2031-06-01T00:00' },
      scenario.id,
    );
    // accounts and entries of a project
    // (a project account needs the project number the scenario gave the project)
    const account = await inIt('CreateAccount', { refType: 'group', refId: project.id }, scenario.id);
    await inIt(
      'AddAccountEntries',
      { accountId: account.id, entries: [{ sicht: 'Budget', periode: '2031', amount: 250_000 }] },
      scenario.id,
    );
    // dependencies between a live item and one of the scenario, and a reschedule
    const dependency = await inIt(
      'AddDependency',
      { predecessor: task.id, successor: inLane.id },
      scenario.id,
    );
    const rescheduled = await inIt(
      'Reschedule',
      {
        id: randomUUID(),
        moves: [{ item: task.id, version: task.version, start: '2031-07-01T00:00', end: '2031-07-31T00:00' }],
        cascade: false,
      },
      scenario.id,
    );
    expect(rescheduled.version).toBe(task.version + 1);
    expect(moved.version).toBe(project.version + 1);
    expect(lane.version).toBe(project.version + 2);

    // only the scenario's own streams were written, and the note of the records it changed
    const written = [...(await streamsWrittenSince(since))];
    expect(written.filter((stream) => !isScenarioStream(stream))).toEqual([
      scenarioRecordsStream(scenario.id),
    ]);
    expect(written).toEqual(
      expect.arrayContaining([
        scenarioStreamName(scenario.id, `group-${project.id}`),
        scenarioStreamName(scenario.id, `group-${newProject.id}`),
        scenarioStreamName(scenario.id, `goal-${goal.id}`),
        scenarioStreamName(scenario.id, `account-${account.id}`),
        scenarioStreamName(scenario.id, 'dependencies-demo'),
        scenarioStreamName(scenario.id, `item-${task.id}`),
      ]),
    );
    expect((await read(`/api/groups/${newProject.id}`, rescheduled.position)).status).toBe(404);
    expect((await read(`/api/items/${task.id}`, rescheduled.position)).body).toMatchObject({
      start: '2031-04-01T00:00',
      version: task.version,
    });

    // a reviewer may publish only what each change's own permission lets them do
    const reviewer = await userWith({ scenarios: ['VIEW', 'EDIT'], items: ['VIEW', 'EDIT', 'CREATE'] });
    await refused('PublishScenario', { id: scenario.id, version: 0 }, 403, reviewer);

    const published = await run('PublishScenario', { id: scenario.id, version: 0 });
    expect(published).toMatchObject({ id: scenario.id, version: 1 });

    // live now, each record at the version the live plan gives it
    const group = (await read(`/api/groups/${project.id}`, published.position)).body as Record<
      string,
      unknown
    >;
    expect(group).toMatchObject({ metric1: 7, projectNr, version: project.version + 4 });
    expect(group.subgroups).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'lane-1', name: 'Pilot sites' })]),
    );
    expect((await read(`/api/items/${task.id}`, published.position)).body).toMatchObject({
      start: '2031-07-01T00:00',
      end: '2031-07-31T00:00',
      version: task.version + 1,
    });
    expect((await read(`/api/items/${inNew.id}`, published.position)).body).toMatchObject({
      group: newProject.id,
      version: 0,
    });
    expect((await read(`/api/groups/${newProject.id}`, published.position)).status).toBe(200);
    const live = await platform.embedded.store.readStream('dependencies-demo');
    expect(live.at(-1)).toMatchObject({
      type: 'DependencyAdded',
      data: { id: dependency.id, predecessor: task.id, successor: inLane.id },
      metadata: { source: `scenario:${scenario.id}` },
    });
    expect((await platform.embedded.store.readStream(`account-${account.id}`)).map((e) => e.type)).toEqual([
      'AccountCreated',
      'AccountEntriesAdded',
    ]);

    // the scenario is listed as published, and closed
    const view = (await read(`/api/scenarios/${scenario.id}`, published.position)).body as ScenarioView;
    expect(view).toMatchObject({ status: 'published', publishedBy: 'admin', version: 1 });
    await refusedIn('SaveItem', { id: task.id, version: task.version + 1, title: 'x' }, scenario.id, 404);
    await refused('RenameScenario', { id: scenario.id, version: 1, name: 'again' }, 404);
    await refused('DiscardScenario', { id: scenario.id, version: 1 }, 404);
  }, 60_000);
});

describe('PublishScenario', () => {
  it('refuses the whole publish with 409 naming the record a live change conflicts with, storing nothing', async () => {
    const { project, task, scenario } = await livePlan();
    await inIt('SaveGroup', { id: project.id, version: project.version, metric2: 5 }, scenario.id);
    await inIt(
      'SaveItem',
      { id: task.id, version: task.version, start: '2031-07-01T00:00', end: '2031-07-31T00:00' },
      scenario.id,
    );
    // live: the project's title (no conflict) and the task's dates (a conflict)
    await run('SaveGroup', { id: project.id, version: project.version, title: uniqueName('CRM renamed') });
    const live = await run('SaveItem', {
      id: task.id,
      version: task.version,
      start: '2031-05-01T00:00',
      end: '2031-05-29T00:00',
    });

    const refusal = await refused('PublishScenario', { id: scenario.id, version: 0 }, 409);
    expect(refusal.body).toMatchObject({ code: 'scenario-conflict' });
    const records = (refusal.body as { records: { kind: string; id: number; conflicts: unknown[] }[] })
      .records;
    expect(records.map((r) => [r.kind, r.id])).toEqual([['item', task.id]]);
    expect(records[0]!.conflicts).toEqual([
      { field: 'start', live: '2031-05-01T00:00', scenario: '2031-07-01T00:00' },
      { field: 'end', live: '2031-05-29T00:00', scenario: '2031-07-31T00:00' },
    ]);

    // resolved in the scenario (both dates changed again, on the live dates), the publish goes through
    await inIt(
      'SaveItem',
      { id: task.id, version: live.version + 1, start: '2031-07-07T00:00', end: '2031-08-04T00:00' },
      scenario.id,
    );
    const published = await run('PublishScenario', { id: scenario.id, version: 0 });
    expect((await read(`/api/items/${task.id}`, published.position)).body).toMatchObject({
      start: '2031-07-07T00:00',
      end: '2031-08-04T00:00',
    });
    // the project got the scenario's key figure and kept its live title
    expect((await read(`/api/groups/${project.id}`, published.position)).body).toMatchObject({
      metric2: 5,
      title: expect.stringContaining('CRM renamed'),
    });
  }, 30_000);

  it('refuses the publish with 409 naming an item created in a project deleted live since, storing nothing', async () => {
    const project = await run('SaveGroup', { title: uniqueName('Doomed project') });
    const scenario = await run('CreateScenario', { name: uniqueName('Pilot') });
    const title = uniqueName('Pilot in the doomed project');
    const item = await inIt(
      'SaveItem',
      { title, group: project.id, subgroup: 'tasks', start: '2031-04-01T00:00', end: '2031-04-10T00:00' },
      scenario.id,
    );
    // the publish would put it into a project the live plan has no more
    await run('DeleteGroup', { id: project.id, version: project.version });

    const refusal = await refused('PublishScenario', { id: scenario.id, version: 0 }, 409);
    expect(refusal.body).toMatchObject({ code: 'scenario-conflict', detail: expect.stringContaining(title) });
    const records = (
      refusal.body as { records: { kind: string; id: number; title: string; conflicts: unknown[] }[] }
    ).records;
    expect(records).toEqual([
      expect.objectContaining({
        kind: 'item',
        id: item.id,
        title,
        conflicts: [{ field: 'group', live: 'deleted', scenario: project.id }],
      }),
    ]);

    // restored live, the same publish goes through and the item lands in it
    const restored = await run('RestoreGroup', { id: project.id, version: project.version + 1 });
    const published = await run('PublishScenario', { id: scenario.id, version: 0 });
    expect(
      (await read(`/api/items/${item.id}`, Math.max(published.position, restored.position))).body,
    ).toMatchObject({
      title,
      group: project.id,
    });
  }, 30_000);

  it('refuses the publish with 409 naming an item moved into a lane removed live since, storing nothing', async () => {
    const { project, task, scenario } = await livePlan();
    const lane = await run('AddSubgroup', { id: project.id, name: 'Pilot' });
    const moved = await inIt(
      'SaveItem',
      { id: task.id, version: task.version, subgroup: 'lane-1' },
      scenario.id,
    );
    await run('RemoveSubgroup', { id: project.id, subgroup: 'lane-1' });

    const refusal = await refused('PublishScenario', { id: scenario.id, version: 0 }, 409);
    const records = (refusal.body as { records: { id: number; conflicts: unknown[] }[] }).records;
    expect(records).toEqual([
      expect.objectContaining({
        id: task.id,
        conflicts: [{ field: 'subgroup', live: 'removed', scenario: 'lane-1' }],
      }),
    ]);

    // the lane restored live, the same publish goes through and the item lands in it
    await run('RestoreSubgroup', { id: project.id, subgroup: 'lane-1' });
    const published = await run('PublishScenario', { id: scenario.id, version: 0 });
    expect((await read(`/api/items/${task.id}`, published.position)).body).toMatchObject({
      subgroup: 'lane-1',
      version: moved.version,
    });
    expect(lane.version).toBe(project.version + 1);
  }, 30_000);

  it('refuses the publish with 409 naming a lane the scenario removes that a live item moved into since', async () => {
    const { project, task, scenario } = await livePlan();
    await run('AddSubgroup', { id: project.id, name: 'Pilot' });
    await inIt('RemoveSubgroup', { id: project.id, subgroup: 'lane-1' }, scenario.id);
    const moved = await run('SaveItem', { id: task.id, version: task.version, subgroup: 'lane-1' });

    const refusal = await refused('PublishScenario', { id: scenario.id, version: 0 }, 409);
    expect((refusal.body as { records: unknown[] }).records).toEqual([
      expect.objectContaining({
        kind: 'group',
        id: project.id,
        conflicts: [{ field: 'subgroups.lane-1', live: 1, scenario: null }],
      }),
    ]);

    // the item moved out of the lane live again, the same publish goes through and removes it
    await run('SaveItem', { id: task.id, version: moved.version, subgroup: 'tasks' });
    const published = await run('PublishScenario', { id: scenario.id, version: 0 });
    const group = (await read(`/api/groups/${project.id}`, published.position)).body as {
      subgroups: { id: string }[];
    };
    expect(group.subgroups.map((lane) => lane.id)).not.toContain('lane-1');
  }, 30_000);

  it('is idempotent on retry, refuses a stale version, and the History of a live record names the scenario', async () => {
    const { task, scenario } = await livePlan();
    await inIt('SaveItem', { id: task.id, version: task.version, title: uniqueName('Later') }, scenario.id);
    await refused('PublishScenario', { id: scenario.id, version: 3 }, 409);
    const first = await run('PublishScenario', { id: scenario.id, version: 0 });
    const before = await platform.embedded.store.headPosition();
    const again = await run('PublishScenario', { id: scenario.id, version: 0 });
    expect(again).toEqual(first);
    expect(await storedSince(platform.embedded, before)).toEqual([]);

    const history = (await read(`/api/history/item/${task.id}`, first.position)).body as HistoryPage;
    expect(history.items[0]).toMatchObject({
      command: 'PublishScenario',
      source: `scenario:${scenario.id}`,
      changes: [expect.objectContaining({ field: 'title' })],
    });
    // the page names the scenario, so that the row reads "from scenario Q3 cut"
    expect(history.refs?.[`scenario:${scenario.id}`]).toEqual([
      expect.objectContaining({ name: scenario.name }),
    ]);
  });

  it('keeps scenarios of other tenants out of reach', async () => {
    const { scenario } = await livePlan();
    await refused('PublishScenario', { id: scenario.id, version: 0 }, 404, platform.otherAdmin);
  });
});
