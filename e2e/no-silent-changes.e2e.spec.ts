import type { Locator, Page } from 'playwright-core';
import { E2eApp, eventually } from './support';

jest.setTimeout(180_000);

const SHOTS = process.env.SILENT_SCREENSHOTS ?? '/tmp';

/** Issue 19: a value out of range is refused inline with its range, stays as typed, and is never saved. */
describe('nothing changes silently', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const suffix = Date.now().toString(36);

  const login = (): Promise<Page> =>
    app.login({ path: '/', viewportHeight: 1000, ready: (page) => page.getByTestId('session-user') });

  /** Creates a record through the API and waits until its read model has it. */
  const created = async (command: string, data: Record<string, unknown>, readPath: string) => {
    const reply = await app.api(`/api/commands/${command}`, { json: data });
    const id = reply.id as number;
    await app.api(`${readPath}/${id}`, { after: reply.position as number });
    return id;
  };
  const attributeRange =
    'a number between -999,999,999,999.99 and 999,999,999,999.99 with at most 2 decimals';
  const read = async (path: string) => (await app.api(path)) as Record<string, unknown>;

  /** Types `text` and leaves the field: not clamped on blur, not turned into 0, it stays as typed. */
  const typeAndLeave = async (field: Locator, text: string) => {
    await field.fill(text);
    await field.press('Tab');
    await expect(field.inputValue()).resolves.toBe(text);
  };

  /** Save is off, and Ctrl+S sends nothing either. */
  const saveRefused = async (
    page: Page,
    dialog: Locator,
    stored: () => Promise<unknown>,
    before: unknown,
  ) => {
    await expect(dialog.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    await page.keyboard.press('Control+s');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(stored()).resolves.toEqual(before);
  };

  it('refuses an effort of -5 as typed, keeping the stored 5', async () => {
    const group = await created('SaveGroup', { title: `Silent ${suffix} items` }, '/api/groups');
    const title = `Silent ${suffix} task`;
    const id = await created(
      'SaveItem',
      {
        title,
        group,
        subgroup: 'tasks',
        start: '2027-03-01T00:00',
        end: '2027-03-06T00:00',
        effort: 5,
        status: 2,
      },
      '/api/items',
    );
    const stored = async () => {
      const { effort, status, version } = await read(`/api/items/${id}`);
      return { effort, status, version };
    };
    const page = await login();
    await page.goto(`${app.url}/task-details/${id}`);
    const dialog = page.getByRole('dialog', { name: `show item ${title}` });
    await dialog.waitFor();

    const effort = dialog.getByLabel('Effort (person-days)');
    await typeAndLeave(effort, '-5');
    await dialog.getByText('a number between 0 and 1,000,000 with at most 2 decimals').waitFor();
    await page.screenshot({ path: `${SHOTS}/silent-effort.png` });
    await saveRefused(page, dialog, stored, { effort: 5, status: 2, version: 0 });

    await effort.fill('-');
    await dialog.getByText('a number between 0 and 1,000,000 with at most 2 decimals').waitFor();
    await effort.fill('7.5');
    await dialog
      .getByText('a number between 0 and 1,000,000', { exact: false })
      .waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('item saved').waitFor();
    await eventually(async () => (await stored()).version === 1, 'item saved');
    await expect(stored()).resolves.toEqual({ effort: 7.5, status: 2, version: 1 });
  });

  it('refuses an application end before its begin and a number attribute of 99999999999999999999 inline, before Save', async () => {
    const name = `Silent ${suffix} application`;
    const id = await created('SaveApplication', { name, start: '2027-05-01' }, '/api/applications');
    const stored = async () => {
      const { start, end, version } = await read(`/api/applications/${id}`);
      return { start, end, version };
    };
    const page = await login();
    await page.goto(`${app.url}/application-details/${id}`);
    const dialog = page.getByRole('dialog', { name: new RegExp(`^show application ${name}`) });
    await dialog.waitFor();

    await dialog.getByLabel('End').fill('30.04.2027');
    await dialog.getByText('the end cannot precede the begin').waitFor();
    await page.screenshot({ path: `${SHOTS}/silent-application-end.png` });
    await saveRefused(page, dialog, stored, { start: '2027-05-01', end: null, version: 0 });

    await dialog.getByRole('tab', { name: 'Details' }).click();
    const users = dialog.getByLabel('Number of users');
    await typeAndLeave(users, '99999999999999999999');
    await dialog.getByText(attributeRange).waitFor();
    await page.screenshot({ path: `${SHOTS}/silent-application-users.png` });
    await saveRefused(page, dialog, stored, { start: '2027-05-01', end: null, version: 0 });

    await users.fill('1200');
    await dialog.getByText(attributeRange).waitFor({ state: 'detached' });
    await dialog.getByRole('tab', { name: 'Overview' }).click();
    await dialog.getByLabel('End').fill('31.05.2027');
    await dialog.getByText('the end cannot precede the begin').waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('application save success').waitFor();
    await eventually(async () => (await stored()).version === 1, 'application saved');
    const { attributes } = await read(`/api/applications/${id}`);
    expect(attributes).toEqual(expect.arrayContaining([{ key: 'users', value: 1200 }]));
  });
});
