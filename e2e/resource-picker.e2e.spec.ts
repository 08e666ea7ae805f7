import type { Page } from 'playwright-core';
import { E2eApp, eventually } from './support';

jest.setTimeout(180_000);

const SHOTS = process.env.RESOURCE_SCREENSHOTS ?? '/tmp';

describe('the resource picker of the project dialog', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const tag = Date.now().toString(36);

  const login = (path: string): Promise<Page> =>
    app.login({ path, viewportHeight: 1000, ready: (page) => page.getByTestId('session-user') });
  const command = (type: string, data: Record<string, unknown>) =>
    app.api(`/api/commands/${type}`, { json: data }) as Promise<{ id: number; version: number }>;
  const openDetails = async (page: Page, id: number, title: string) => {
    await page.goto(`${app.url}/project-details/${id}`);
    const dialog = page.getByRole('dialog', { name: `show group ${title}` });
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'Details' }).click();
    return dialog;
  };

  it('picks a resource by name and keeps a deleted one visible as #<id>', async () => {
    const team = await command('SaveResource', { name: `Picker ${tag} team` });
    const gone = await command('SaveResource', { name: `Picker ${tag} gone` });
    const title = `Picker ${tag} project`;
    const project = await command('SaveGroup', { title, resource: gone.id });
    await command('DeleteResource', { id: gone.id, version: 0 });

    const page = await login('/');
    const dialog = await openDetails(page, project.id, title);
    const picker = dialog.getByLabel('Resource', { exact: true }).first();
    // the stored id of the deleted resource
    await eventually(async () => (await picker.inputValue()) === `#${gone.id}`);
    await picker.click();
    await picker.fill(`Picker ${tag}`);
    // searchable: only the live one of this run matches
    await page.getByRole('option', { name: `Picker ${tag} team` }).waitFor();
    await expect(page.getByRole('option', { name: `Picker ${tag} gone` }).count()).resolves.toBe(0);
    await page.screenshot({ path: `${SHOTS}/resource-picker.png` });
    await page.getByRole('option', { name: `Picker ${tag} team` }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('project saved').waitFor();

    await eventually(
      async () => ((await app.api(`/api/groups/${project.id}`)) as { resource: number }).resource === team.id,
    );
    const reopened = await openDetails(page, project.id, title);
    await eventually(
      async () =>
        (await reopened.getByLabel('Resource', { exact: true }).first().inputValue()) ===
        `Picker ${tag} team`,
    );
  });
});
