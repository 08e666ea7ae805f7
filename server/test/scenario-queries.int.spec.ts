import type { GroupView, ItemView, Page, ScenarioDiff, TimelineView } from '@fahrplan/contracts';
import { adminApi, clockedRun } from './support/admin-api';
import { platformForSuite } from './support/platform-suite';
import { TestClock, uniqueName } from '../src/testing/platform';

/*
 * Issue 22, the scenario read side through the one-process platform and real HTTP: every query of the
 * plan answers for a scenario with `?scenario=<id>` (the live plan now, the scenario's changes on
 * top, a live change since showing and a field both changed flagged as a conflict), and
 * GET /api/scenarios/<id>/diff compares a scenario with the live plan or another scenario.
 */
const clock = new TestClock();
const platform = platformForSuite(clock);

const api = adminApi(() => platform);
const { read, userWith } = api;
const run = clockedRun(api.run, clock);

type Step = { id: number; version: number; position: number };

/** A command sent in `scenario` that must succeed. */
const inScenario = async (type: string, data: unknown, scenario: number): Promise<Step> => {
  const reply = await platform.api.command(type, data, platform.admin, {
    'x-fahrplan-scenario': String(scenario),
  });
  expect({ type, status: reply.status }).toEqual({ type, status: 200 });
  return reply.body as Step;
};

/** A query answered for `scenario` (or live without one) once the read models passed `position`. */
const answer = async <T>(path: string, position: number, scenario?: number, token?: string) => {
  const separator = path.includes('?') ? '&' : '?';
  const reply = await read(scenario ? `${path}${separator}scenario=${scenario}` : path, position, token);
  expect({ path, status: reply.status }).toEqual({ path, status: 200 });
  return reply.body as T;
};

const status = async (path: string, position: number, token?: string) =>
  (await read(path, position, token)).status;

describe('the plan’s queries for a scenario (?scenario=)', () => {
  let project: Step;
  let moved: Step;
  let dropped: Step;
  let scenario: Step;
  let added: Step;
  let last: Step;

  // a project with two tasks in April 2031; the scenario moves one to July, drops the other and adds one
  beforeAll(async () => {
    project = await run('SaveGroup', { title: uniqueName('Scenario reads') });
    const task = (title: string, start: string, end: string) =>
      run('SaveItem', { title: uniqueName(title), group: project.id, subgroup: 'tasks', start, end });
    moved = await task('CRM rollout', '2031-04-01T00:00', '2031-04-30T00:00');
    dropped = await task('Data migration', '2031-04-07T00:00', '2031-04-18T00:00');
    scenario = await run('CreateScenario', { name: uniqueName('Q3 cut') });
    await inScenario(
      'SaveItem',
      { id: moved.id, version: moved.version, start: '2031-07-01T00:00', end: '2031-07-31T00:00' },
      scenario.id,
    );
    await inScenario('DeleteItem', { id: dropped.id, version: dropped.version }, scenario.id);
    added = await inScenario(
      'SaveItem',
      {
        title: uniqueName('Only in the scenario'),
        group: project.id,
        subgroup: 'tasks',
        start: '2031-08-04T00:00',
        end: '2031-08-08T00:00',
      },
      scenario.id,
    );
    last = added;
  });

  it('answers items, the timeline window, projects and lists with the scenario’s changes on top; live stays live', async () => {
    const item = await answer<ItemView>(`/api/items/${moved.id}`, last.position, scenario.id);
    expect(item).toMatchObject({
      start: '2031-07-01T00:00',
      end: '2031-07-31T00:00',
      version: moved.version + 1,
    });
    expect(await answer<ItemView>(`/api/items/${moved.id}`, last.position)).toMatchObject({
      start: '2031-04-01T00:00',
      version: moved.version,
    });
    expect(await status(`/api/items/${dropped.id}?scenario=${scenario.id}`, last.position)).toBe(404);
    expect(await answer<ItemView>(`/api/items/${added.id}`, last.position, scenario.id)).toMatchObject({
      groupTitle: expect.any(String),
    });
    expect(await status(`/api/items/${added.id}`, last.position)).toBe(404);

    const listed = await answer<Page<ItemView>>(`/api/items?group=${project.id}`, last.position, scenario.id);
    expect(listed.items.map((i) => i.id)).toEqual([moved.id, added.id]);
    const live = await answer<Page<ItemView>>(`/api/items?group=${project.id}`, last.position);
    expect(live.items.map((i) => i.id)).toEqual([moved.id, dropped.id]);

    const july = `/api/timeline?from=2031-07-01&to=2031-09-01&group=${project.id}`;
    const inJuly = await answer<TimelineView>(july, last.position, scenario.id);
    expect(inJuly.items.map((i) => i.id).sort()).toEqual([moved.id, added.id].sort());
    expect((await answer<TimelineView>(july, last.position)).items).toEqual([]);

    // the rest through the same mechanism: a project, the portfolio
    expect(await answer<GroupView>(`/api/groups/${project.id}`, last.position, scenario.id)).toMatchObject({
      id: project.id,
    });
    const portfolio = await answer<Page<GroupView>>('/api/groups?limit=1000', last.position, scenario.id);
    expect(portfolio.items.map((g) => g.id)).toContain(project.id);
  });

  it('keeps in step: a live change after the branch shows in the scenario, a field both changed is a conflict', async () => {
    const renamed = uniqueName('CRM go-live');
    const live = await run('SaveItem', { id: moved.id, version: moved.version, title: renamed });
    const inStep = await answer<ItemView & { conflicts?: unknown }>(
      `/api/items/${moved.id}`,
      live.position,
      scenario.id,
    );
    expect(inStep).toMatchObject({ title: renamed, start: '2031-07-01T00:00', version: live.version + 1 });
    expect(inStep.conflicts).toBeUndefined();

    const earlier = await run('SaveItem', {
      id: moved.id,
      version: live.version,
      start: '2031-03-02T00:00',
      end: '2031-04-30T00:00',
    });
    const conflicted = await answer<ItemView & { conflicts?: unknown }>(
      `/api/items/${moved.id}`,
      earlier.position,
      scenario.id,
    );
    expect(conflicted).toMatchObject({ start: '2031-07-01T00:00', title: renamed });
    expect(conflicted.conflicts).toEqual([
      { field: 'start', live: '2031-03-02T00:00', scenario: '2031-07-01T00:00' },
    ]);
    last = earlier;
  });

  it('refuses a malformed id and asOf with 400, an unknown, discarded or foreign scenario with 404, no scenarios VIEW with 403', async () => {
    const item = `/api/items/${moved.id}`;
    const malformed = await read(`${item}?scenario=abc`, last.position);
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([
      expect.objectContaining({ field: 'scenario', code: 'kind', params: { kind: 'whole-number' } }),
    ]);
    expect(await status(`${item}?scenario=0`, last.position)).toBe(400);
    expect(await status(`${item}?scenario=${scenario.id}&asOf=2031-01-01T00:00:00Z`, last.position)).toBe(
      400,
    );
    expect(await status(`${item}?scenario=${scenario.id + 100_000}`, last.position)).toBe(404);
    const gone = await run('CreateScenario', { name: uniqueName('Gone') });
    const discarded = await run('DiscardScenario', { id: gone.id, version: 0 });
    expect(await status(`${item}?scenario=${gone.id}`, discarded.position)).toBe(404);
    expect(await status(`/api/groups?scenario=${scenario.id}`, discarded.position, platform.otherAdmin)).toBe(
      404,
    );
    const planner = await userWith({ items: ['VIEW'], 'group-details': ['VIEW'] });
    expect(await status(`${item}?scenario=${scenario.id}`, discarded.position, planner)).toBe(403);
    expect(await status(item, discarded.position, planner)).toBe(200);
  }, 30_000);
});

describe('GET /api/scenarios/<id>/diff', () => {
  it('lists the records a scenario changed with their fields and conflicts, and both sides’ totals', async () => {
    const project = await run('SaveGroup', { title: uniqueName('Diff project') });
    const task = await run('SaveItem', {
      title: uniqueName('Build'),
      group: project.id,
      subgroup: 'tasks',
      start: '2031-05-05T00:00',
      end: '2031-05-12T00:00',
    });
    const milestone = await run('SaveItem', {
      title: uniqueName('Go-live'),
      group: project.id,
      subgroup: 'milestones',
      start: '2031-05-30T00:00',
    });
    const scenario = await run('CreateScenario', { name: uniqueName('Later') });
    await inScenario(
      'SaveItem',
      { id: task.id, version: task.version, start: '2031-05-05T00:00', end: '2031-05-19T00:00' },
      scenario.id,
    );
    const postponed = await inScenario(
      'SaveItem',
      { id: milestone.id, version: milestone.version, start: '2031-08-29T00:00' },
      scenario.id,
    );
    const other = await run('CreateScenario', { name: uniqueName('Other') });
    const live = await run('SaveItem', {
      id: task.id,
      version: task.version,
      start: '2031-05-05T00:00',
      end: '2031-05-13T00:00',
    });

    const diff = await answer<ScenarioDiff>(
      `/api/scenarios/${scenario.id}/diff?milestones=${milestone.id}`,
      Math.max(postponed.position, live.position),
    );
    expect(diff.scenario).toBe(scenario.id);
    expect(diff.against).toBeNull();
    expect(diff.records).toEqual([
      {
        kind: 'item',
        id: task.id,
        title: expect.any(String),
        change: 'changed',
        fields: [{ field: 'end', live: '2031-05-13T00:00', scenario: '2031-05-19T00:00' }],
        conflicts: [{ field: 'end', live: '2031-05-13T00:00', scenario: '2031-05-19T00:00' }],
      },
      {
        kind: 'item',
        id: milestone.id,
        title: expect.any(String),
        change: 'changed',
        fields: [{ field: 'start', live: '2031-05-30T00:00', scenario: '2031-08-29T00:00' }],
        conflicts: [],
      },
    ]);
    // the task ends on 05-19 in the scenario, on 05-13 live: Tuesday to Friday, four working days more
    expect(diff.totals.scenario.effortWorkingDays - diff.totals.against.effortWorkingDays).toBe(4);
    expect(diff.totals.scenario.projectsByStatus).toEqual(diff.totals.against.projectsByStatus);
    expect(diff.totals.against.milestones).toEqual([
      { id: milestone.id, title: expect.any(String), date: '2031-05-30T00:00' },
    ]);
    expect(diff.totals.scenario.milestones).toEqual([
      { id: milestone.id, title: expect.any(String), date: '2031-08-29T00:00' },
    ]);

    // against another scenario that changed nothing: the same records, the live plan's values on its side
    const against = await answer<ScenarioDiff>(
      `/api/scenarios/${scenario.id}/diff?against=${other.id}`,
      Math.max(postponed.position, live.position),
    );
    expect(against.against).toBe(other.id);
    expect(against.records.map((r) => r.id)).toEqual([task.id, milestone.id]);
    expect(against.records[0]!.conflicts).toEqual(diff.records[0]!.conflicts);
    expect(against.totals.against).toEqual({ ...diff.totals.against, milestones: [] });

    expect(await status(`/api/scenarios/${scenario.id}/diff?against=x`, live.position)).toBe(400);
    expect(await status(`/api/scenarios/${scenario.id + 100_000}/diff`, live.position)).toBe(404);
    expect(await status(`/api/scenarios/${scenario.id}/diff`, live.position, platform.otherAdmin)).toBe(404);
  });

  it('pages the records, conflicts first, with the whole totals on every page', async () => {
    const project = await run('SaveGroup', { title: uniqueName('Paged diff') });
    const tasks: Step[] = [];
    for (const day of [5, 6, 7, 8, 9])
      tasks.push(
        await run('SaveItem', {
          title: uniqueName(`Task ${day}`),
          group: project.id,
          subgroup: 'tasks',
          start: `2031-06-0${day}T00:00`,
          end: `2031-06-1${day}T00:00`,
        }),
      );
    const scenario = await run('CreateScenario', { name: uniqueName('Paged') });
    let last: Step | undefined;
    for (const task of tasks)
      last = await inScenario(
        'SaveItem',
        { id: task.id, version: task.version, end: '2031-06-30T00:00' },
        scenario.id,
      );
    // the last task's end moves live too: the one conflict, listed first although its id is the highest
    const conflicted = tasks.at(-1)!;
    const live = await run('SaveItem', {
      id: conflicted.id,
      version: conflicted.version,
      end: '2031-06-25T00:00',
    });
    const position = Math.max(last!.position, live.position);

    const pages: ScenarioDiff[] = [];
    let cursor: string | null = null;
    do {
      const page: ScenarioDiff = await answer<ScenarioDiff>(
        `/api/scenarios/${scenario.id}/diff?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        position,
      );
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor !== null && pages.length < 10);

    expect(pages.map((page) => page.records.length)).toEqual([2, 2, 1]);
    const ids = pages.flatMap((page) => page.records.map((record) => record.id));
    expect(ids).toEqual([conflicted.id, ...tasks.slice(0, -1).map((task) => task.id)]);
    expect(pages[0]!.records[0]!.conflicts.map((c) => c.field)).toEqual(['end']);
    for (const page of pages) expect(page.totals).toEqual(pages[0]!.totals);
    const whole = await answer<ScenarioDiff>(`/api/scenarios/${scenario.id}/diff`, position);
    expect(whole.records.map((record) => record.id)).toEqual(ids);
    expect(whole.nextCursor).toBeNull();

    expect(await status(`/api/scenarios/${scenario.id}/diff?limit=0`, position)).toBe(400);
    expect(await status(`/api/scenarios/${scenario.id}/diff?limit=1001`, position)).toBe(400);
    expect(await status(`/api/scenarios/${scenario.id}/diff?cursor=not-one`, position)).toBe(400);
  });
});
