import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Page as ListPage } from '@fahrplan/contracts';
import { FahrplanProcess, freePort, launchChromium } from './support';

jest.setTimeout(120_000);

const PASSWORD = 'e2e-demo-password';
const SHOTS = process.env.JOURNEY_SCREENSHOTS ?? '/tmp';
/** A demo goal projects can be rated against (server/src/demo/goals.json), under a non-assignable root. */
const EXISTING_GOAL = 'Betriebskosten senken';
const EXISTING_GOAL_PATH = `Operational Excellence › ${EXISTING_GOAL}`;
const BUDGET = 1200.5;

/**
 * Issue 4 "Done when", as a new user walks it in the console: create a project, rate it, align it with
 * goals, watch the sunburst and the portfolio chart change, add an account and import entries; bad input
 * is refused inline. The steps run in order on one page: each builds on the one before. The API only
 * checks what the console stored.
 */
describe('a new project, from creation to the portfolio chart (issue 4 journey)', () => {
  let dataDir: string;
  let server: FahrplanProcess;
  let browser: Browser;
  let page: Page;
  let token: string;
  let projectId: number;
  // fresh names per run, so nothing depends on the demo projects beyond the goal tree
  const stamp = Date.now().toString(36);
  const title = `Journey ${stamp} Hermes`;
  const projectNr = `J-${stamp}`;
  const newGoal = `Journey ${stamp} goal`;

  const api = async <T = Record<string, unknown>>(path: string, json?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    const body = (await response.json()) as T;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };

  /** Polls the read model: it follows the commands the console sent. */
  const eventually = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
    const until = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  interface StoredProject {
    metric1: number;
    metric2: number;
    metric4: number;
    metrics: { type: string; value: number }[];
    account: number | null;
    projectNr: string;
    start: string;
    end: string;
  }
  const stored = () => api<StoredProject>(`/api/groups/${projectId}`);
  const rating = (p: StoredProject, type: string) => p.metrics.find((m) => m.type === type)?.value;

  /**
   * The steps build on each other: after a failed one the rest stop at once instead of timing out.
   * A step that only needs the logged-in page says so (`afterLogin`) and runs anyway.
   */
  let failedStep: string | null = null;
  let loggedIn = false;
  const step = (name: string, run: () => Promise<void>, afterLogin = false) =>
    it(name, async () => {
      if (afterLogin ? !loggedIn : failedStep) throw new Error(`not run: step "${failedStep}" failed`);
      try {
        await run();
      } catch (error) {
        failedStep = name;
        throw error;
      }
    });

  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/journey-${name}.png` });

  const projectDialog = () => page.getByRole('dialog', { name: `show group ${title}` });

  /** Moves a slider with the keyboard, as a user without a mouse does, and checks where it ended. */
  const slide = async (slider: Locator, steps: number, expected: number) => {
    await slider.focus();
    for (let i = 0; i < Math.abs(steps); i++) await slider.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
    await expect(slider.getAttribute('aria-valuenow')).resolves.toBe(String(expected));
  };

  const saveAndClose = async (dialog: Locator, notice = 'project saved') => {
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(notice).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
  };

  // the portfolio chart, filtered to the journey's project by the search field
  const chart = () => page.getByTestId('portfolio-chart');
  const bubble = () => chart().locator('.apexcharts-series-bubble .apexcharts-marker');
  const summary = () => page.getByRole('list', { name: 'portfolio chart bubbles' }).getByRole('listitem');
  /** Waits for the chart's accessible summary to list the text; says what it lists instead if not. */
  const summaryShows = async (text: string) => {
    const items = () => summary().allTextContents();
    await eventually(async () => (await items()).some((item) => item.includes(text))).catch(async () => {
      throw new Error(`the chart summary lists ${JSON.stringify(await items())}, not "${text}"`);
    });
  };
  /** The search applies after its debounce: then the chart shows the journey's project alone. */
  const onlyTheJourneyCharted = async () => {
    await eventually(async () => (await summary().count()) === 1);
    await bubble().waitFor();
    await bubble().nth(1).waitFor({ state: 'detached' });
  };
  const centre = async (locator: Locator) => {
    const box = await locator.boundingBox();
    if (!box) throw new Error('not drawn');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  /** The bubble sits on the axis ticks of its ratings (a project alone in its cell is not spread). */
  const expectBubbleAt = async (importance: number, urgency: number) => {
    const tick = (axis: 'x' | 'y', value: number) =>
      chart()
        .locator(`.apexcharts-${axis}axis-label`)
        .filter({ hasText: new RegExp(`^${value}$`) });
    const at = await centre(bubble());
    const x = (await centre(tick('x', importance))).x;
    const y = (await centre(tick('y', urgency))).y;
    expect(Math.abs(at.x - x)).toBeLessThan(4);
    expect(Math.abs(at.y - y)).toBeLessThan(4);
    return at;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fahrplan-e2e-'));
    server = new FahrplanProcess(await freePort(), dataDir, PASSWORD);
    await server.start();
    browser = await launchChromium();
    const login = await api<{ accessToken: string }>('/api/auth/login', {
      tenant: 'demo',
      username: 'admin',
      password: PASSWORD,
    });
    token = login.accessToken;
    page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  step('1. logs in, creates a project from the Projects page, and finds it in the table', async () => {
    await page.goto(server.url);
    await page.getByLabel('Tenant').fill('demo');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.getByTestId('session-user').waitFor();
    loggedIn = true;
    await page.getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('heading', { name: 'Projects' }).waitFor();

    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog', { name: 'new group' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Project number').fill(projectNr);
    await dialog.getByLabel('Begin').fill('01.02.2027');
    await dialog.getByLabel('End').fill('26.02.2027');
    // 20 working days from Monday 01.02. to Friday 26.02.2027 (no holiday in between)
    await expect(dialog.getByLabel('Duration (working days)').inputValue()).resolves.toBe('20');
    await shot('1-new');
    await saveAndClose(dialog, 'project created');

    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    for (const text of ['01.02.2027', '26.02.2027', '20'])
      await row.getByRole('cell', { name: text, exact: true }).waitFor();
    await shot('1-table');
    const {
      items: [created],
    } = await api<ListPage<{ id: number }>>(`/api/groups?q=${encodeURIComponent(title)}`);
    projectId = created!.id;
    await expect(stored()).resolves.toMatchObject({ projectNr, start: '2027-02-01', end: '2027-02-27' });
  });

  step(
    '2. rates it on the key figures tab with the keyboard, sees the priority and the metric 4 notice',
    async () => {
      await page.getByRole('row').filter({ hasText: title }).click();
      const dialog = projectDialog();
      await dialog.getByRole('tab', { name: 'Key figures' }).click();
      await slide(dialog.getByRole('slider', { name: 'Metric 1' }), 3, 3);
      await slide(dialog.getByRole('slider', { name: 'Metric 2' }), 5, 5);

      const pane = dialog.getByRole('button', { name: /Priority details/ });
      await pane.focus();
      await pane.press('Enter');
      await slide(dialog.getByRole('slider', { name: 'WICHTIGKEIT (importance)' }), 8, 8);
      await slide(dialog.getByRole('slider', { name: 'DRINGLICHKEIT (urgency)' }), 6, 6);
      // §9: importance 8 weighs 3.5, urgency does not count; rounded halves up
      await dialog.getByText('3.5 → 4', { exact: true }).waitFor();
      await dialog.getByText('priority 4', { exact: true }).waitFor();
      const notice = dialog.getByRole('alert').filter({ hasText: 'Metric 4 overwritten' });
      await notice.getByText('overwrote metric 4: was 0, now 4', { exact: false }).waitFor();
      // the admin variant shows metric 4 as a slider: it follows the priority
      await expect(
        dialog.getByRole('slider', { name: 'Metric 4 (priority)' }).getAttribute('aria-valuenow'),
      ).resolves.toBe('4');
      await shot('2-key-figures');
      await saveAndClose(dialog);

      await eventually(async () => rating(await stored(), 'WICHTIGKEIT') === 8);
      const saved = await stored();
      expect(saved).toMatchObject({ metric1: 3, metric2: 5, metric4: 4 });
      expect(rating(saved, 'DRINGLICHKEIT')).toBe(6);
    },
  );

  step(
    '3. shows the bubble at its ratings in the portfolio chart and moves it when the rating changes',
    async () => {
      await page.getByLabel('Search').fill(title);
      await page
        .locator('label')
        .filter({ hasText: /^Chart$/ })
        .click();
      await page.waitForURL(/[?&]view=chart\b/);
      await summary()
        .filter({ hasText: `${title}; importance 8, urgency 6; effort: 20 working days;` })
        .waitFor({ state: 'attached' });
      await onlyTheJourneyCharted();
      const before = await expectBubbleAt(8, 6);
      await shot('3-chart-before');

      // a click on the bubble opens the project
      await bubble().click();
      const dialog = projectDialog();
      await dialog.getByRole('tab', { name: 'Key figures' }).click();
      await dialog.getByRole('button', { name: /Priority details/ }).click();
      await slide(dialog.getByRole('slider', { name: 'WICHTIGKEIT (importance)' }), -5, 3);
      await slide(dialog.getByRole('slider', { name: 'DRINGLICHKEIT (urgency)' }), 3, 9);
      // importance 3 weighs 1.5: the priority drops to 2
      await dialog.getByText('1.5 → 2', { exact: true }).waitFor();
      await saveAndClose(dialog);

      await summary()
        .filter({ hasText: `${title}; importance 3, urgency 9;` })
        .waitFor({ state: 'attached' });
      // ApexCharts redraws after React: wait until the bubble left its old place
      await eventually(async () => (await centre(bubble())).x < before.x - 50);
      const after = await expectBubbleAt(3, 9);
      // further left (less important) and higher up (more urgent)
      expect(after.x).toBeLessThan(before.x);
      expect(after.y).toBeLessThan(before.y);
      await shot('3-chart-after');
    },
  );

  step(
    '4. aligns it with an existing and a new goal and watches the sunburst follow the values',
    async () => {
      await bubble().click();
      const dialog = projectDialog();
      await dialog.getByRole('tab', { name: 'Strategy' }).click();
      await dialog.getByText('No goal is assigned to this project.', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Add goal' }).click();
      const chooser = page.getByRole('dialog', { name: 'Add goal' });
      await chooser.getByLabel('Search goals').fill('Betriebskosten');
      await chooser.getByRole('button', { name: `assign ${EXISTING_GOAL}` }).click();
      await chooser.getByText('assigned', { exact: true }).waitFor();
      await chooser.getByLabel('Name').fill(newGoal);
      await chooser.getByRole('button', { name: 'Create and assign' }).click();
      await shot('4-chooser');
      await chooser.getByRole('button', { name: 'Done' }).click();
      await chooser.waitFor({ state: 'hidden' });

      // the sunburst's accessible summary: the figure's caption lists every goal with a value
      const figure = dialog.getByRole('figure');
      await figure
        .getByText('no goal has a value for this project', { exact: false })
        .waitFor({ state: 'attached' });
      const goalSlider = dialog.getByRole('slider', { name: EXISTING_GOAL_PATH });
      const newGoalSlider = dialog.getByRole('slider', { name: newGoal, exact: true });
      await slide(goalSlider, 4, 4);
      await slide(newGoalSlider, 6, 6);
      const listed = () => figure.getByRole('listitem').allTextContents();
      await figure.getByRole('listitem').nth(1).waitFor({ state: 'attached' });
      await expect(listed().then((items) => items.sort())).resolves.toEqual(
        [`${EXISTING_GOAL_PATH}: 4`, `${newGoal}: 6`].sort(),
      );
      // the drawn arcs, to see the sunburst itself change
      const sunburst = dialog.getByTestId('goal-sunburst');
      const arcs = () =>
        sunburst.locator('path').evaluateAll((paths) => paths.map((p) => p.getAttribute('d')));
      // ApexCharts animates the arcs and labels them at the end: shoot the settled chart
      const settled = async () => {
        const now = JSON.stringify(await arcs());
        // the next frames of the animation (a string: the specs are type-checked without the DOM lib)
        await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
        await sunburst.locator('textPath', { hasText: newGoal }).waitFor();
        return JSON.stringify(await arcs()) === now;
      };
      await eventually(settled);
      await shot('4-sunburst');
      const arcsBefore = await arcs();

      await slide(goalSlider, -3, 1);
      await figure.getByText(`${EXISTING_GOAL_PATH}: 1`).waitFor({ state: 'attached' });
      await eventually(async () => JSON.stringify(await arcs()) !== JSON.stringify(arcsBefore));
      await eventually(settled);
      await shot('4-sunburst-changed');
      await saveAndClose(dialog);

      const goals = async () =>
        (await api<{ value: number; goal: { name: string } }[]>(`/api/groups/${projectId}/goals`))
          .map((g) => `${g.goal?.name}: ${g.value}`)
          .sort();
      await eventually(async () => (await goals()).length === 2);
      await expect(goals()).resolves.toEqual([`${EXISTING_GOAL}: 1`, `${newGoal}: 6`].sort());

      // reopened, the values are the stored ones
      await bubble().click();
      await dialog.getByRole('tab', { name: 'Strategy' }).click();
      await expect(goalSlider.getAttribute('aria-valuenow')).resolves.toBe('1');
      await expect(newGoalSlider.getAttribute('aria-valuenow')).resolves.toBe('6');
      await expect(listed().then((items) => items.sort())).resolves.toEqual(
        [`${EXISTING_GOAL_PATH}: 1`, `${newGoal}: 6`].sort(),
      );
      await eventually(settled);
      await shot('4-reopened');
    },
  );

  step('5. adds the project account, imports entries from CSV, and the budget sizes its bubble', async () => {
    const dialog = projectDialog();
    await dialog.getByRole('tab', { name: 'Finance' }).click();
    await dialog.getByText('no project account').waitFor();
    await dialog.getByRole('button', { name: 'add project account' }).click();
    await dialog.getByText('account pending').waitFor();
    await saveAndClose(dialog);
    await eventually(async () => typeof (await stored()).account === 'number');

    const file = join(dataDir, 'journey.csv');
    // row 3 has an amount that is no number
    writeFileSync(file, `sicht,periode,amount\nBudget,2027,${BUDGET}\nIst,2027,zwölf\n`, 'utf8');
    await bubble().click();
    await dialog.getByRole('tab', { name: 'Finance' }).click();
    await dialog.getByText(`Account ${projectNr}`).waitFor();
    await dialog.getByText('no entries').waitFor();
    await dialog.getByRole('button', { name: 'Import entries from CSV' }).click();
    const modal = page.getByRole('dialog', { name: 'Import account entries' });
    await modal.locator('input[type="file"]').setInputFiles(file);
    await modal.getByText('1 valid row').waitFor();
    await modal.getByText('1 rejected').waitFor();
    const rejected = modal.getByRole('table', { name: 'rejected rows' }).locator('tbody tr');
    await expect(rejected.count()).resolves.toBe(1);
    const [row, field, message] = await rejected.locator('td').allInnerTexts();
    expect([row, field]).toEqual(['3', 'amount']);
    expect(message).toContain('"zwölf" is not a number');
    await modal
      .getByRole('table', { name: 'import preview' })
      .getByRole('row')
      .filter({ hasText: 'Budget' })
      .waitFor();
    await shot('5-import-preview');
    await modal.getByRole('button', { name: 'Import 1 entry' }).click();
    await page.getByText('1 account entry imported').waitFor();
    await modal.waitFor({ state: 'detached' });
    const entries = dialog.getByRole('table', { name: 'account entries' });
    await entries.getByRole('row').filter({ hasText: 'Budget' }).filter({ hasText: '2027' }).waitFor();
    await expect(entries.getByRole('row').filter({ hasText: 'Ist' }).count()).resolves.toBe(0);
    await shot('5-entries');
    await dialog.getByRole('button', { name: 'close dialog' }).click();
    await dialog.waitFor({ state: 'detached' });

    // the server sums the entries into the project's budget; the chart must show it without a reload
    await eventually(async () => {
      const {
        items: [listed],
      } = await api<ListPage<{ budget?: number }>>(`/api/groups?q=${encodeURIComponent(title)}`);
      return listed?.budget === BUDGET;
    });
    await page
      .locator('label')
      .filter({ hasText: /^Budget$/ })
      .click();
    await page.waitForURL(/[?&]size=budget\b/);
    const budget = new Intl.NumberFormat('de-CH', { maximumFractionDigits: 2 }).format(BUDGET);
    await summaryShows(`${title}; importance 3, urgency 9; budget: ${budget};`);
    await onlyTheJourneyCharted();
    await bubble().hover();
    await chart().locator('.apexcharts-tooltip').getByText(`budget: ${budget}`, { exact: true }).waitFor();
    await shot('5-chart-budget');
  });

  step(
    '6. refuses an over-long title and an end before the begin inline, with save disabled',
    async () => {
      // a fresh Projects page, whatever state an earlier step left behind
      await page.goto(`${server.url}/projects`);
      await page.getByRole('button', { name: 'New project' }).click();
      const dialog = page.getByRole('dialog', { name: 'new group' });
      const save = dialog.getByRole('button', { name: 'Save' });
      const longTitle = `${title} ${'x'.repeat(200)}`;
      await dialog.getByLabel('Title').fill(longTitle);
      await dialog.getByText('at most 200 characters').waitFor();
      await expect(dialog.getByLabel('Title').getAttribute('aria-invalid')).resolves.toBe('true');
      await expect(save.isDisabled()).resolves.toBe(true);
      await shot('6-long-title');

      await dialog.getByLabel('Title').fill(`${title} bad dates`);
      await dialog.getByText('at most 200 characters').waitFor({ state: 'detached' });
      await dialog.getByLabel('Begin').fill('10.03.2027');
      await dialog.getByLabel('End').fill('01.03.2027');
      await dialog.getByText('the end cannot precede the begin').waitFor();
      await expect(save.isDisabled()).resolves.toBe(true);
      await shot('6-end-before-begin');
      // the save shortcut refuses too; nothing reaches the server
      await dialog.getByLabel('End').press('Control+s');
      await dialog.getByRole('button', { name: 'close dialog' }).click();
      await page
        .getByRole('dialog', { name: 'Discard changes?' })
        .getByRole('button', { name: 'Discard changes' })
        .click();
      await dialog.waitFor({ state: 'detached' });
      await expect(
        api<ListPage<unknown>>(`/api/groups?q=${encodeURIComponent(title)}`).then((page) => page.items),
      ).resolves.toHaveLength(1);
    },
    true,
  );
});
