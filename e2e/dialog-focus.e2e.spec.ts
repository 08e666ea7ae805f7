import type { Page } from 'playwright-core';
import { E2E_PASSWORD, E2eApp, eventually } from './support';

jest.setTimeout(240_000);

/** The browser's globals an evaluated function uses (the specs are compiled without the DOM library). */
interface BrowserGlobals {
  document: { activeElement: { getAttribute(name: string): string | null } | null };
  getComputedStyle(element: unknown): { backgroundColor: string };
}

/**
 * Issue 19: the focus returns to the row that opened a dialog; Esc in a popover inside the dialog
 * closes the popover, not the dialog; the login page asks the server for nothing that fails.
 */
describe('dialogs and the keyboard', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const title = `Focus ${Date.now().toString(36)}`;
  let projectId = 0;
  let page: Page;

  beforeAll(async () => {
    const saved = await app.api('/api/commands/SaveGroup', {
      json: { title, start: '2027-01-04', end: '2027-02-01' },
    });
    projectId = saved.id as number;
    await app.api(`/api/groups?q=${encodeURIComponent(title)}`, { after: saved.position as number });
    page = await app.login({ path: `/projects?q=${encodeURIComponent(title)}`, ready: 'Projects' });
  });

  const row = () => page.getByTestId(`project-row-${projectId}`);
  const dialog = () => page.getByRole('dialog', { name: `show group ${title}` });
  const focusedTestId = () =>
    page.evaluate(
      () =>
        (globalThis as unknown as BrowserGlobals).document.activeElement?.getAttribute('data-testid') ?? null,
    );

  /** The focus is back on the project's row (the focus returns a moment after the dialog is gone). */
  const focusOnRow = () =>
    eventually(async () => (await focusedTestId()) === `project-row-${projectId}`, 'the focus on the row');

  const openByKeyboard = async () => {
    await row().focus();
    await page.keyboard.press('Enter');
    await dialog().getByLabel('Title', { exact: true }).waitFor();
  };

  it('returns the focus to the row after Esc', async () => {
    await openByKeyboard();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await focusOnRow();
  });

  it('returns the focus to the row after Save', async () => {
    await row().click();
    const description = dialog().getByLabel('Description', { exact: true });
    await description.fill('saved from the keyboard test');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText('project saved').waitFor();
    await dialog().waitFor({ state: 'detached' });
    await focusOnRow();
  });

  it('shows a read-only field filled, an editable one plain', async () => {
    await openByKeyboard();
    const ground = (label: string) =>
      dialog()
        .getByLabel(label, { exact: true })
        .evaluate(
          (input) => (globalThis as unknown as BrowserGlobals).getComputedStyle(input).backgroundColor,
        );
    // Mantine's filled variant (gray-1) for the computed duration, white for the title
    await expect(ground('Duration (working days)')).resolves.toBe('rgb(241, 243, 245)');
    await expect(ground('Title')).resolves.toBe('rgb(255, 255, 255)');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
  });

  it('closes a Select’s dropdown on Esc and keeps the dialog open', async () => {
    await openByKeyboard();
    await dialog().getByRole('tab', { name: 'Details' }).click();
    await dialog().getByLabel('Parent project', { exact: true }).click();
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await expect(dialog().isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
  });

  it('closes a date picker on Esc and keeps the dialog open', async () => {
    await openByKeyboard();
    await dialog().getByLabel('Begin', { exact: true }).click();
    const calendar = page.locator('.mantine-DateInput-dropdown, .mantine-Popover-dropdown').filter({
      has: page.locator('[data-dates-input], button[data-today], .mantine-DateInput-calendarHeader, table'),
    });
    await calendar.first().waitFor();
    await page.keyboard.press('Escape');
    await calendar.first().waitFor({ state: 'hidden' });
    await expect(dialog().isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
  });

  it('loads the login page without a failed request in the browser console', async () => {
    const context = await app.browser.newContext();
    const fresh = await context.newPage();
    const failures: string[] = [];
    fresh.on('console', (message) => {
      if (message.type() === 'error') failures.push(`console: ${message.text()}`);
    });
    fresh.on('requestfailed', (request) => failures.push(`failed: ${request.url()}`));
    fresh.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${response.status()}: ${response.url()}`);
    });
    await fresh.goto(`${app.url}/projects`);
    await fresh.getByLabel('Password').waitFor();
    await fresh.waitForLoadState('networkidle');
    expect(failures).toEqual([]);
    // the login still works, and a reload of a signed-in page keeps the session (the refresh is asked for)
    await fresh.getByLabel('Tenant').fill('demo');
    await fresh.getByLabel('Username').fill('admin');
    await fresh.getByLabel('Password').fill(E2E_PASSWORD);
    await fresh.getByLabel('Password').press('Enter');
    await fresh.getByRole('heading', { name: 'Projects' }).waitFor();
    await fresh.reload();
    await fresh.getByRole('heading', { name: 'Projects' }).waitFor();
    // after logging out the login page asks for nothing again
    await fresh.getByRole('button', { name: 'Log out' }).click();
    await fresh.getByLabel('Password').waitFor();
    failures.length = 0;
    await fresh.reload();
    await fresh.getByLabel('Password').waitFor();
    await fresh.waitForLoadState('networkidle');
    expect(failures).toEqual([]);
    await context.close();
  });
});
