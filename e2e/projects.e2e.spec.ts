import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { FahrplanProcess, freePort, launchChromium } from './support';

jest.setTimeout(180_000);

const PASSWORD = 'e2e-demo-password';
const SCREENSHOT = process.env.PROJECTS_SCREENSHOT ?? '/tmp/projects.png';

describe('the projects portfolio, as a planner browses it', () => {
  let dataDir: string;
  let server: FahrplanProcess;
  let browser: Browser;
  // fresh titles per run, so the test does not depend on the demo projects
  const prefix = `Portfolio ${Date.now().toString(36)}`;
  const apollo = `${prefix} Apollo`;
  const zephyr = `${prefix} Zephyr`;
  let token: string;

  const api = async (path: string, init: { token?: string; json?: unknown; after?: number } = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      method: init.json === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.after === undefined ? {} : { 'x-fahrplan-after': String(init.after) }),
      },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });
    const body = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fahrplan-e2e-'));
    server = new FahrplanProcess(await freePort(), dataDir, PASSWORD);
    await server.start();
    browser = await launchChromium();

    const { accessToken } = await api('/api/auth/login', {
      json: { tenant: 'demo', username: 'admin', password: PASSWORD },
    });
    token = accessToken as string;
    const save = (data: Record<string, unknown>) => api('/api/commands/SaveGroup', { token, json: data });
    await save({ title: zephyr, shortname: 'ZEP', status: 7, healthStatus: 3 });
    await save({ title: `Unrelated ${prefix.split(' ')[1]}`, status: 5 });
    const last = await save({
      title: apollo,
      shortname: 'APO',
      status: 5,
      healthStatus: 1,
      start: '2027-01-04',
      end: '2027-01-16',
    });
    // read your writes: the list answers once the read models passed the last command
    await api(`/api/groups?q=${encodeURIComponent(prefix)}`, { token, after: last.position as number });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const login = async (): Promise<Page> => {
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    await page.goto(`${server.url}/projects`);
    await page.getByLabel('Tenant').fill('demo');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    return page;
  };

  const rowTitles = async (page: Page): Promise<string[]> =>
    page.locator('[data-testid^="project-row-"] td:first-child').allTextContents();

  it('lists, searches, filters by status and sorts by title', async () => {
    const page = await login();
    await page.getByRole('link', { name: 'Projects' }).waitFor();
    const apolloRow = page.getByRole('row').filter({ hasText: apollo });
    await apolloRow.waitFor();
    // dates as DD.MM.YYYY, the exclusive end shown as the last day; 10 working days in [04.01., 16.01.)
    for (const text of ['APO', 'Status 5', '1 · on track', '04.01.2027', '15.01.2027', '10'])
      await apolloRow.getByRole('cell', { name: text, exact: true }).waitFor();
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    await page.getByLabel('Search').fill(prefix);
    await page.getByRole('row').filter({ hasText: 'Unrelated' }).waitFor({ state: 'detached' });
    await expect(rowTitles(page)).resolves.toEqual([apollo, zephyr]);

    await page.getByRole('button', { name: 'Title' }).click();
    await page.locator('[data-testid^="project-row-"]').first().filter({ hasText: zephyr }).waitFor();
    await expect(rowTitles(page)).resolves.toEqual([zephyr, apollo]);

    await page.getByRole('combobox', { name: 'Status filter' }).click();
    await page.getByRole('option', { name: 'Status 7', exact: true }).click();
    await page.getByRole('row').filter({ hasText: apollo }).waitFor({ state: 'detached' });
    await expect(rowTitles(page)).resolves.toEqual([zephyr]);
    await page.getByRole('row').filter({ hasText: zephyr }).getByText('3 · critical').waitFor();

    await page.getByLabel('Search').fill(`${prefix} nothing like this`);
    await page.getByText('No project matches the search').waitFor();
  });

  it("shows another user's new project without a reload, through the change feed", async () => {
    const page = await login();
    await page.getByLabel('Search').fill(prefix);
    await page.getByRole('row').filter({ hasText: 'Unrelated' }).waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: apollo }).waitFor();
    await api('/api/commands/SaveGroup', { token, json: { title: `${prefix} Mercury` } });
    await page
      .getByRole('row')
      .filter({ hasText: `${prefix} Mercury` })
      .waitFor({ timeout: 10_000 });
  });
});
