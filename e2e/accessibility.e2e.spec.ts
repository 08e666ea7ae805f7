import type { Locator, Page } from 'playwright-core';
import { E2eApp, expectNoSeriousViolations } from './support';

jest.setTimeout(600_000);

const schemes = ['light', 'dark'] as const;

/**
 * Issue 20: WCAG 2.2 AA on every page and dialog in both colour schemes; axe-core finds no serious
 * or critical violation. Each check runs as an editor (admin) and, where the screen differs, as a viewer.
 */
describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const stamp = Date.now().toString(36);
  let project: number;
  let task: number;
  let application: number;
  const inDialog = '[role="dialog"]';

  /** No id twice: a label's `for` or an `aria-labelledby` naming a repeated id points at the wrong element. */
  const expectUniqueIds = async (page: Page) => {
    const ids = await page
      .locator('[id]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('id')));
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  };

  /** The page, or the part `include` selects, in the light and the dark colour scheme. */
  const check = async (page: Page, where: string, include?: string) => {
    for (const colorScheme of schemes) {
      await page.emulateMedia({ colorScheme });
      // the console follows the system's scheme (nothing chosen): wait until it has
      await page.waitForFunction(
        (scheme) =>
          (
            globalThis as unknown as {
              document: { documentElement: { getAttribute(name: string): string | null } };
            }
          ).document.documentElement.getAttribute('data-mantine-color-scheme') === scheme,
        colorScheme,
      );
      await expectNoSeriousViolations(page, `${where} (${colorScheme})`, include ? { include } : {});
    }
    await expectUniqueIds(page);
  };

  /** One h1 per page: the page's name. */
  const expectOneH1 = async (page: Page, name: string | RegExp) => {
    const headings = page.getByRole('heading', { level: 1 });
    await headings.first().waitFor({ state: 'attached' });
    expect(await headings.count()).toBe(1);
    expect(await headings.textContent()).toMatch(name);
  };

  /** The console's landmarks: one banner, the named main navigation, one main. */
  const expectLandmarks = async (page: Page) => {
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'main navigation' }).count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
  };

  const login = (username: string, path: string) =>
    app.login({ path, username, viewportHeight: 1000, ready: (page) => page.getByTestId('session-user') });

  /** Each tab in `within` in turn, checked (the page, or only `include`) once its panel shows. */
  const checkTabs = async (page: Page, within: Locator, where: string, include?: string) => {
    const tabs = within.getByRole('tab');
    // a dialog may show before its record has loaded: its tabs come with the record
    await tabs.first().waitFor();
    const count = await tabs.count();
    expect(count).toBeGreaterThan(2);
    for (let index = 0; index < count; index++) {
      const tab = tabs.nth(index);
      const name = (await tab.textContent()) ?? String(index);
      await tab.click();
      await within.getByRole('tabpanel').waitFor();
      // panels load their data; let the loaders go before axe looks
      await within.locator('.mantine-Loader-root').first().waitFor({ state: 'detached' });
      await check(page, `${where}, tab ${name}`, include);
    }
  };

  beforeAll(async () => {
    const group = await app.api('/api/commands/SaveGroup', {
      json: { title: `Axe ${stamp}`, start: '2027-01-04', end: '2027-03-01' },
    });
    project = group.id as number;
    const item = await app.api('/api/commands/SaveItem', {
      json: {
        title: `Axe task ${stamp}`,
        group: project,
        subgroup: 'tasks',
        start: '2027-01-11T00:00',
        end: '2027-01-16T00:00',
      },
    });
    task = item.id as number;
    await app.api(`/api/items/${task}`, { after: item.position as number });
    const { items } = (await app.api('/api/applications?q=ERP%20Core')) as unknown as {
      items: { id: number }[];
    };
    application = items[0]!.id;
  });

  it('the login page', async () => {
    const context = await app.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Username').waitFor();
    await expectOneH1(page, 'Fahrplan');
    expect(await page.getByRole('main').count()).toBe(1);
    await check(page, 'login');
    await context.close();
  });

  describe.each(['admin', 'viewer'])('as %s', (username) => {
    let page: Page;
    beforeAll(async () => {
      page = await login(username, '/');
    });
    afterAll(() => page.context().close());

    const visit = async (path: string, ready: (page: Page) => Locator) => {
      await page.goto(`${app.url}${path}`);
      await ready(page).first().waitFor();
    };

    it('the timeline', async () => {
      await visit(`/?project=${project}&from=2027-01-04&to=2027-02-01`, (p) =>
        p.locator(`[data-item-id="${task}"]`),
      );
      await expectOneH1(page, 'Timeline');
      await expectLandmarks(page);
      await check(page, `timeline as ${username}`);
    });

    it('the applications', async () => {
      await visit('/applications', (p) => p.getByRole('row').nth(1));
      await expectOneH1(page, 'Applications');
      await check(page, `applications as ${username}`);
    });

    it('the projects, as a table and as a chart', async () => {
      await visit('/projects', (p) => p.getByRole('row').nth(1));
      await expectOneH1(page, 'Projects');
      await check(page, `projects table as ${username}`);
      await visit('/projects?view=chart', (p) => p.locator('.apexcharts-svg'));
      await check(page, `projects chart as ${username}`);
    });

    it('the sharing page', async () => {
      await visit('/shares', (p) => p.getByRole('heading', { level: 1 }));
      await expectOneH1(page, 'Sharing');
      await check(page, `sharing as ${username}`);
    });

    it('the application dialog, each tab', async () => {
      await visit(`/application-details/${application}`, (p) => p.getByRole('dialog'));
      await checkTabs(page, page.getByRole('dialog'), `application dialog as ${username}`, inDialog);
    });

    it('the project dialog, each tab', async () => {
      await visit(`/project-details/${project}`, (p) => p.getByRole('dialog'));
      await checkTabs(page, page.getByRole('dialog'), `project dialog as ${username}`, inDialog);
    });

    it('the item dialog, each tab', async () => {
      await visit(`/task-details/${task}`, (p) => p.getByRole('dialog'));
      await checkTabs(page, page.getByRole('dialog'), `item dialog as ${username}`, inDialog);
    });
  });

  it("a viewer's item on the timeline is a button that opens it read-only, not a disabled one", async () => {
    const page = await login('viewer', `/?project=${project}&from=2027-01-04&to=2027-02-01`);
    const item = page.locator(`[data-item-id="${task}"]`);
    await item.waitFor();
    expect(await item.getAttribute('role')).toBe('button');
    expect(await item.getAttribute('aria-disabled')).toBeNull();
    expect(await item.getAttribute('aria-roledescription')).toBeNull();
    await item.press('Enter');
    const dialog = page.getByRole('dialog', { name: `show item Axe task ${stamp}` });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await page.context().close();
  });

  it('the baselines page and a comparison with a baseline (issue 21)', async () => {
    const name = `Axe baseline ${stamp}`;
    const created = await app.api('/api/commands/CreateBaseline', { json: { name } });
    await app.api('/api/baselines', { after: created.position as number });
    const page = await login('admin', '/baselines');
    await expectOneH1(page, 'Baselines');
    const baselines = page.getByRole('table', { name: 'baselines' });
    await baselines.getByRole('row').filter({ hasText: name }).waitFor();
    await check(page, 'baselines');
    await baselines.getByRole('button', { name: `Compare with ${name}` }).click();
    await page.getByRole('region', { name: new RegExp(`Compared with ${name}`) }).waitFor();
    await check(page, 'baselines, a comparison');
    await page.context().close();
  });

  it('the administration, each tab', async () => {
    const page = await login('admin', '/admin');
    await expectOneH1(page, 'Administration');
    await checkTabs(page, page.getByRole('main'), 'administration');
    await page.context().close();
  });
});
