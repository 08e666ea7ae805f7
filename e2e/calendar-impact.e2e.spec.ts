import type { Locator, Page } from 'playwright-core';
import { E2eApp, eventually, expectNoSeriousViolations } from './support';

jest.setTimeout(240_000);

const SHOTS = process.env.CALENDAR_SCREENSHOTS ?? '/tmp';

interface ItemJson {
  id: number;
  duration: number | null;
}

/**
 * Issue 24's "Done when", as a planner and an administrator do it: a project moves to the Zürich
 * calendar in its dialog after the preview of the switch, then a company closing day is added to that
 * calendar in Administration → Calendars; the preview names the tasks that lose a working day, the change
 * is confirmed, the tasks' durations follow in their dialogs and in the API, and the calendar's History
 * shows the change. axe-core checks the new dialogs.
 */
describe("a change of a project's calendar, previewed before it is saved", () => {
  const app = E2eApp.forSuite({ signIn: true });
  const suffix = Date.now().toString(36);
  const calendarName = `Zürich ${suffix}`;
  const projectTitle = `Umzug ${suffix}`;
  const ids = { calendar: 0, project: 0, release: 0, cutOver: 0, training: 0 };

  const command = async (type: string, data: unknown) =>
    (await app.api(`/api/commands/${type}`, { json: data })) as { id: number; position: number };
  const task = async (title: string, start: string, end: string) =>
    (await command('SaveItem', { title, group: ids.project, subgroup: 'tasks', start, end })).id;
  const item = async (id: number) => (await app.api(`/api/items/${id}`)) as unknown as ItemJson;
  const login = (path: string): Promise<Page> =>
    app.login({ path, viewportHeight: 1000, ready: (page) => page.getByTestId('session-user') });
  const duration = (dialog: Locator) =>
    dialog.getByLabel('Duration (working days)', { exact: true }).inputValue();

  beforeAll(async () => {
    ids.calendar = (
      await command('SaveCalendar', {
        name: calendarName,
        definition: { region: 'ZH', workingWeekdays: [1, 2, 3, 4, 5], companyDays: [], exceptions: [] },
      })
    ).id;
    ids.project = (
      await command('SaveGroup', { title: projectTitle, start: '2031-04-01', end: '2031-06-30' })
    ).id;
    // Monday 28 April to Friday 2 May 2031: Zürich, unlike Bern, keeps Labour Day (Thursday 1 May)
    ids.release = await task('Spring release', '2031-04-28T00:00', '2031-05-03T00:00');
    // Monday 5 to Friday 9 May 2031: the week the company will close on Wednesday 7
    ids.cutOver = await task('Cut-over', '2031-05-05T00:00', '2031-05-10T00:00');
    // Tuesday 10 to Monday 16 June 2031: neither change reaches it
    ids.training = await task('Training', '2031-06-10T00:00', '2031-06-17T00:00');
    await eventually(async () => (await item(ids.training)).duration === 5, 'the tasks in the read model');
  });

  it("the resource dialog sets a resource's own calendar and part-time share", async () => {
    const name = `Platform ${suffix}`;
    const { id } = await command('SaveResource', { name });
    const page = await app.adminTab('Resources');
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Resource ${name}` });
    const calendar = dialog.getByLabel('Own calendar', { exact: true });
    await expect(calendar.inputValue()).resolves.toBe('None: its projects’ calendars');
    await calendar.click();
    await page.getByRole('option', { name: calendarName, exact: true }).click();
    const share = dialog.getByLabel('Part-time share', { exact: true });
    // the shared rule refuses more than a full day at its field, sending nothing
    await share.fill('120');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(/at most 100/).waitFor();
    await share.fill('80');
    await expectNoSeriousViolations(page, 'the resource dialog', { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`resource ${name} saved`).waitFor();
    await eventually(async () => {
      const { items } = (await app.api(`/api/resources?id=${id}`)) as unknown as {
        items: { calendar: number | null; share: number }[];
      };
      return items[0]?.calendar === ids.calendar && items[0]?.share === 80;
    }, "the resource's calendar and share");
    await page.context().close();
  });

  it('the project dialog previews the switch to another calendar, then saves the choice', async () => {
    const page = await login('/');
    await page.goto(`${app.url}/project-details/${ids.project}`);
    const dialog = page.getByRole('dialog', { name: `show group ${projectTitle}` });
    await dialog.getByRole('tab', { name: 'Details' }).click();
    const picker = dialog.getByLabel('Calendar', { exact: true });
    await expect(picker.inputValue()).resolves.toBe('Bern');
    await picker.click();
    await page.getByRole('option', { name: calendarName, exact: true }).click();

    const preview = page.getByRole('dialog', { name: 'What the change does' });
    const rowOf = (title: string) =>
      preview.getByTestId('preview-items').getByRole('row').filter({ hasText: title });
    await rowOf('Spring release').getByText('5 → 4').waitFor();
    await expect(rowOf('Cut-over').count()).resolves.toBe(0);
    await expectNoSeriousViolations(page, "the preview of a project's switch of calendar", {
      include: '[role="dialog"]',
    });
    await page.screenshot({ path: `${SHOTS}/calendar-switch-preview.png` });

    // Cancel keeps the calendar; the preview again, and Confirm takes the choice into the form
    await preview.getByRole('button', { name: 'Cancel' }).click();
    await preview.waitFor({ state: 'detached' });
    await expect(picker.inputValue()).resolves.toBe('Bern');
    await picker.click();
    await page.getByRole('option', { name: calendarName, exact: true }).click();
    await rowOf('Spring release').getByText('5 → 4').waitFor();
    await preview.getByRole('button', { name: 'Use this calendar' }).click();
    await preview.waitFor({ state: 'detached' });
    await expect(picker.inputValue()).resolves.toBe(calendarName);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('project saved').first().waitFor();
    await eventually(
      async () => (await app.api(`/api/groups/${ids.project}`)).calendar === ids.calendar,
      "the project's calendar",
    );
    await eventually(async () => (await item(ids.release)).duration === 4, 'Spring release on Zürich');

    // the item dialog counts with the project's calendar: four days, Labour Day off
    await page.goto(`${app.url}/projects?show-item=${ids.release}`);
    const release = page.getByRole('dialog', { name: 'show item Spring release' });
    await eventually(async () => (await duration(release)) === '4', 'the dialog’s duration on Zürich');
    await page.context().close();
  });

  it('a company closing day: the preview names the affected tasks; confirmed, their durations change and History shows it', async () => {
    const page = await app.adminTab('Calendars');
    const row = page.getByRole('row').filter({ hasText: calendarName });
    // the project and the resource of the tests before
    await row.getByText('1 projects, 1 resources').waitFor();
    await row.getByRole('button', { name: `Edit ${calendarName}` }).click();
    const editor = page.getByRole('dialog', { name: `Calendar ${calendarName}` });
    await editor.getByRole('button', { name: 'Add a company day' }).click();
    await editor.getByLabel('Date of row 1').fill('07.05.2031');
    await editor.getByLabel('Name of row 1').fill('Inventory');
    await editor.getByLabel('Effective from').fill('01.01.2031');
    await editor.getByRole('button', { name: 'Preview and save' }).click();

    const preview = page.getByRole('dialog', { name: 'What the change does' });
    const items = preview.getByTestId('preview-items');
    await items.getByRole('row').filter({ hasText: 'Cut-over' }).getByText('5 → 4').waitFor();
    await preview
      .getByTestId('preview-projects')
      .getByRole('row')
      .filter({ hasText: projectTitle })
      .waitFor();
    // only the tasks over the closed day: the others keep their working days
    for (const title of ['Spring release', 'Training'])
      await expect(items.getByRole('row').filter({ hasText: title }).count()).resolves.toBe(0);
    await expectNoSeriousViolations(page, 'the preview of a company closing day', {
      include: '[role="dialog"]',
    });
    await page.screenshot({ path: `${SHOTS}/calendar-closing-day-preview.png` });
    expect(((await app.api(`/api/calendars/${ids.calendar}`)).versions as unknown[]).length).toBe(1);
    await preview.getByRole('button', { name: 'Save the change' }).click();
    await editor.waitFor({ state: 'detached' });

    await eventually(async () => (await item(ids.cutOver)).duration === 4, 'Cut-over after the closing day');
    expect((await item(ids.release)).duration).toBe(4);
    expect((await item(ids.training)).duration).toBe(5);

    // the calendar's History names the change
    await row.getByRole('button', { name: `Edit ${calendarName}` }).click();
    await editor.getByRole('tab', { name: 'History' }).click();
    const history = editor.getByRole('table', { name: 'history' });
    await history.getByText('CalendarChanged', { exact: true }).waitFor();
    await history.getByText('CalendarCreated', { exact: true }).waitFor();
    await expectNoSeriousViolations(page, "the calendar's History", { include: '[role="dialog"]' });
    await page.screenshot({ path: `${SHOTS}/calendar-history.png` });
    await page.context().close();

    // the task's dialog counts the closed day
    const planner = await login('/');
    await planner.goto(`${app.url}/projects?show-item=${ids.cutOver}`);
    const cutOver = planner.getByRole('dialog', { name: 'show item Cut-over' });
    await eventually(async () => (await duration(cutOver)) === '4', 'the dialog’s duration after the change');
    // moving it a week later keeps its four working days: the closed Wednesday is behind it
    await cutOver.getByLabel('Begin', { exact: true }).fill('12.05.2031 00:00');
    await expect(cutOver.getByLabel('End', { exact: true }).inputValue()).resolves.toBe('15.05.2031 00:00');
    await planner.context().close();
  });
});
