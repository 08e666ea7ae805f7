import { bernDefinition } from '@fahrplan/contracts';
import type { CalendarDefinition, ItemView, Page } from '@fahrplan/contracts';
import { adminApi, clockedRun } from './support/admin-api';
import { platformForSuite } from './support/platform-suite';
import { TestClock, uniqueName } from '../src/testing/platform';

/*
 * Issue 24 through real HTTP: a task's workload is its effort over what its resource can give it (its
 * own calendar's working days, else the project's, times its share); its duration stays on the
 * project's calendar (docs/design/calendars.md, "Workload").
 */
const clock = new TestClock();
const platform = platformForSuite(clock);
const api = adminApi(() => platform);
const { read } = api;
const run = clockedRun(api.run, clock);

const fourDays: CalendarDefinition = { ...bernDefinition, workingWeekdays: [1, 2, 3, 4] };

describe('an item’s workload with its resource’s calendar and share', () => {
  it('counts the effort over the resource’s capacity and follows a change of the resource', async () => {
    const calendar = await run('SaveCalendar', { name: uniqueName('Vier Tage'), definition: fourDays });
    const resource = await run('SaveResource', {
      name: uniqueName('Part-timer'),
      calendar: calendar.id,
      share: 50,
    });
    const project = await run('SaveGroup', {
      title: uniqueName('Bern project'),
      start: '2032-03-01',
      end: '2032-03-15',
    });
    // two weeks, 10 working days on the project's calendar (Bern), 8 on the resource's four-day week
    const task = (resourceId: number | null) =>
      run('SaveItem', {
        title: uniqueName('Task'),
        group: project.id,
        subgroup: 'tasks',
        start: '2032-03-01T00:00',
        end: '2032-03-15T00:00',
        effort: 8,
        resource: resourceId,
      });
    const [assigned, unassigned] = [await task(resource.id), await task(null)];
    const item = async (id: number, position: number) =>
      (await read(`/api/items/${id}`, position)).body as ItemView;

    // half time on a four-day week: 4 person-days for 8 of effort
    expect(await item(assigned.id, unassigned.position)).toMatchObject({ duration: 10, workload: '2' });
    expect(await item(unassigned.id, unassigned.position)).toMatchObject({ duration: 10, workload: '0.8' });
    const listed = (await read(`/api/items?group=${project.id}`, unassigned.position)).body as Page<ItemView>;
    expect(listed.items.map(({ id, workload }) => ({ id, workload }))).toEqual([
      { id: assigned.id, workload: '2' },
      { id: unassigned.id, workload: '0.8' },
    ]);

    // full time on the project's calendar: as without a resource
    const changed = await run('SaveResource', {
      id: resource.id,
      version: resource.version,
      name: uniqueName('Full-timer'),
      calendar: null,
      share: 100,
    });
    expect(await item(assigned.id, changed.position)).toMatchObject({ duration: 10, workload: '0.8' });
  }, 60_000);
});
