import { scenarioStreamName } from '@fahrplan/contracts';
import type { ItemView, ScenarioDiff } from '@fahrplan/contracts';
import { adminApi } from './support/admin-api';
import { scenarioApi } from './support/scenario-api';
import { platformForSuite } from './support/platform-suite';

/*
 * Issue 22, ResolveScenarioConflict through the one-process platform and real HTTP: a conflict on a field
 * settled in one step by keeping the scenario's value or taking the live one, stored as the record's own
 * update in the scenario (base: the live revision now); the read side's flag and the publish's refusal
 * both clear; lanes, goal values, entries, deletions refused with 400; no conflict 409; permissions.
 */
const platform = platformForSuite();
const { run, refused, read, userWith } = adminApi(() => platform);
const { inIt, livePlan } = scenarioApi(() => platform);

/** A task moved to July in a scenario, then to May on the live plan: a conflict on start and end. */
const conflicted = async () => {
  const { project, task, scenario } = await livePlan();
  await inIt(
    'SaveItem',
    { id: task.id, version: task.version, start: '2031-07-01T00:00', end: '2031-07-31T00:00' },
    scenario.id,
  );
  const live = await run('SaveItem', {
    id: task.id,
    version: task.version,
    start: '2031-05-01T00:00',
    end: '2031-05-29T00:00',
  });
  return { project, task, scenario, live };
};

const resolution = (scenario: number, id: number, field: string, keep: 'scenario' | 'live') => ({
  scenario,
  kind: 'item',
  id,
  field,
  keep,
});

const itemIn = async (id: number, scenario: number, position: number) => {
  const reply = await read(`/api/items/${id}?scenario=${scenario}`, position);
  expect(reply.status).toBe(200);
  return reply.body as ItemView & { conflicts?: { field: string }[] };
};

describe('ResolveScenarioConflict', () => {
  it('keeps the scenario’s end and takes the live start: both flags clear, and the publish goes through', async () => {
    const { task, scenario, live } = await conflicted();
    const before = await itemIn(task.id, scenario.id, live.position);
    expect(before.conflicts?.map((c) => c.field)).toEqual(['start', 'end']);

    const kept = await run('ResolveScenarioConflict', resolution(scenario.id, task.id, 'end', 'scenario'));
    // one more event of the record in the scenario: its version there rises by one
    expect(kept).toMatchObject({ id: task.id, version: live.version + 2 });
    const [, stored] = await platform.embedded.store.readStream(
      scenarioStreamName(scenario.id, `item-${task.id}`),
    );
    expect(stored).toMatchObject({
      type: 'ItemUpdated',
      data: { id: task.id, changes: { end: '2031-07-31T00:00' } },
      metadata: { base: live.version, command: 'ResolveScenarioConflict' },
    });
    const half = await itemIn(task.id, scenario.id, kept.position);
    expect(half).toMatchObject({ start: '2031-07-01T00:00', end: '2031-07-31T00:00' });
    expect(half.conflicts?.map((c) => c.field)).toEqual(['start']);
    await refused('PublishScenario', { id: scenario.id, version: 0 }, 409);

    // a retry of the same field has nothing left to resolve
    await refused('ResolveScenarioConflict', resolution(scenario.id, task.id, 'end', 'live'), 409);

    const taken = await run('ResolveScenarioConflict', resolution(scenario.id, task.id, 'start', 'live'));
    const resolved = await itemIn(task.id, scenario.id, taken.position);
    expect(resolved).toMatchObject({ start: '2031-05-01T00:00', end: '2031-07-31T00:00' });
    expect(resolved.conflicts).toBeUndefined();
    const diff = (await read(`/api/scenarios/${scenario.id}/diff`, taken.position)).body as ScenarioDiff;
    expect(diff.records.find((r) => r.id === task.id)).toMatchObject({
      conflicts: [],
      fields: [{ field: 'end', live: '2031-05-29T00:00', scenario: '2031-07-31T00:00' }],
    });

    const published = await run('PublishScenario', { id: scenario.id, version: 0 });
    expect((await read(`/api/items/${task.id}`, published.position)).body).toMatchObject({
      start: '2031-05-01T00:00',
      end: '2031-07-31T00:00',
    });
  }, 60_000);

  it('refuses what one step cannot resolve with 400 and no conflict with 409, storing nothing', async () => {
    const { project, task, scenario } = await conflicted();
    // the live end (May) under the scenario's start (July) would end the task before it begins
    const backwards = await refused(
      'ResolveScenarioConflict',
      resolution(scenario.id, task.id, 'end', 'live'),
      400,
    );
    expect(backwards.body).toMatchObject({ errors: [expect.objectContaining({ field: 'end' })] });

    for (const [kind, field] of [
      ['group', 'subgroups'],
      ['group', 'goals.4'],
      ['account', 'entries.Budget/2031'],
      ['item', 'deleted'],
      ['dependency', 'cycle'],
    ] as const)
      await refused(
        'ResolveScenarioConflict',
        { ...resolution(scenario.id, task.id, field, 'live'), kind },
        400,
      );
    // a field the live plan did not move, a record the scenario did not change
    await refused('ResolveScenarioConflict', resolution(scenario.id, task.id, 'title', 'live'), 409);
    await refused(
      'ResolveScenarioConflict',
      { ...resolution(scenario.id, project.id, 'title', 'live'), kind: 'group' },
      409,
    );
    // sent with the scenario header, it is refused: it names its scenario itself
    await refused(
      'ResolveScenarioConflict',
      resolution(scenario.id, task.id, 'start', 'live'),
      400,
      undefined,
      {
        'x-fahrplan-scenario': String(scenario.id),
      },
    );
  }, 60_000);

  it('needs scenarios EDIT and the record’s own permission; another tenant’s or a closed scenario is 404', async () => {
    const { task, scenario } = await conflicted();
    const command = resolution(scenario.id, task.id, 'start', 'scenario');
    const noItems = await userWith({ scenarios: ['VIEW', 'EDIT'], items: ['VIEW'] });
    await refused('ResolveScenarioConflict', command, 403, noItems);
    const noScenarios = await userWith({ scenarios: ['VIEW'], items: ['VIEW', 'EDIT'] });
    await refused('ResolveScenarioConflict', command, 403, noScenarios);
    await refused('ResolveScenarioConflict', command, 404, platform.otherAdmin);

    await run('DiscardScenario', { id: scenario.id, version: 0 });
    await refused('ResolveScenarioConflict', command, 404);
  }, 60_000);
});
