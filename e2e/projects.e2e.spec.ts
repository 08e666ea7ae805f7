import type { Page } from 'playwright-core';
import { E2eApp } from './support';

jest.setTimeout(180_000);

const SCREENSHOT = process.env.PROJECTS_SCREENSHOT ?? '/tmp/projects.png';
const CHART_SCREENSHOT = process.env.PORTFOLIO_SCREENSHOT ?? '/tmp/portfolio-chart.png';

describe('the projects portfolio, as a planner browses it', () => {
  const app = E2eApp.forSuite({ signIn: true });
  // fresh titles per run, so the test does not depend on the demo projects
  const prefix = `Portfolio ${Date.now().toString(36)}`;
  const apollo = `${prefix} Apollo`;
  // rated like Apollo: the chart must keep both bubbles apart
  const artemis = `${prefix} Artemis`;
  const zephyr = `${prefix} Zephyr`;

  // seeds the portfolio after forSuite's start (beforeAll hooks run in order)
  beforeAll(async () => {
    const save = (data: Record<string, unknown>) => app.api('/api/commands/SaveGroup', { json: data });
    const rating = (importance: number, urgency: number) => [
      { type: 'WICHTIGKEIT', value: importance },
      { type: 'DRINGLICHKEIT', value: urgency },
    ];
    await save({ title: zephyr, shortname: 'ZEP', status: 7, healthStatus: 3, metrics: rating(2, 9) });
    await save({
      title: artemis,
      status: 5,
      healthStatus: 2,
      start: '2027-02-01',
      end: '2027-04-01',
      metrics: rating(8, 6),
    });
    await save({ title: `Unrelated ${prefix.split(' ')[1]}`, status: 5 });
    const last = await save({
      title: apollo,
      shortname: 'APO',
      status: 5,
      healthStatus: 1,
      start: '2027-01-04',
      end: '2027-01-16',
      metrics: rating(8, 6),
    });
    // read your writes: the list answers once the read models passed the last command
    await app.api(`/api/groups?q=${encodeURIComponent(prefix)}`, { after: last.position as number });
  });

  const login = (): Promise<Page> => app.login({ path: '/projects', ready: 'Projects' });

  const rowTitles = async (page: Page): Promise<string[]> =>
    page.locator('[data-testid^="project-row-"] td:first-child').allTextContents();

  it('lists, searches, filters by status and sorts by title', async () => {
    const page = await login();
    await page.getByRole('link', { name: 'Projects' }).waitFor();
    const apolloRow = page.getByRole('row').filter({ hasText: apollo });
    await apolloRow.waitFor();
    // dates as DD.MM.YYYY, the exclusive end shown as the last day; 10 working days in [04.01., 16.01.)
    for (const text of ['APO', 'On hold', 'On track', '04.01.2027', '15.01.2027', '10'])
      await apolloRow.getByRole('cell', { name: text, exact: true }).waitFor();
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    await page.getByLabel('Search').fill(prefix);
    await page.getByRole('row').filter({ hasText: 'Unrelated' }).waitFor({ state: 'detached' });
    await expect(rowTitles(page)).resolves.toEqual([apollo, artemis, zephyr]);

    await page.getByRole('button', { name: 'Title' }).click();
    await page.locator('[data-testid^="project-row-"]').first().filter({ hasText: zephyr }).waitFor();
    await expect(rowTitles(page)).resolves.toEqual([zephyr, artemis, apollo]);

    await page.getByRole('combobox', { name: 'Status filter' }).click();
    await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
    await page.getByRole('row').filter({ hasText: apollo }).waitFor({ state: 'detached' });
    await expect(rowTitles(page)).resolves.toEqual([zephyr]);
    await page.getByRole('row').filter({ hasText: zephyr }).getByText('Critical').waitFor();

    await page.getByLabel('Search').fill(`${prefix} nothing like this`);
    await page.getByText('No project matches the search').waitFor();
  });

  it('opens a project from a row by click or by Enter, and a new one from the button', async () => {
    const page = await login();
    await page.getByLabel('Search').fill(prefix);
    const dialogTitle = (text: string) => page.getByRole('dialog').getByText(text, { exact: true });
    const closeDialog = async () => {
      await page.getByRole('button', { name: 'close dialog' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    };

    await page.getByRole('row').filter({ hasText: apollo }).getByText('APO', { exact: true }).click();
    await dialogTitle(`show group ${apollo}`).waitFor();
    await closeDialog();

    await page.getByRole('row').filter({ hasText: zephyr }).focus();
    await page.keyboard.press('Enter');
    await dialogTitle(`show group ${zephyr}`).waitFor();
    await closeDialog();

    await page.getByRole('button', { name: 'New project' }).click();
    await dialogTitle('new group').waitFor();
  });

  it('charts the filtered portfolio: a bubble per project, the health legend, a click opens the project', async () => {
    const page = await login();
    await page
      .locator('label')
      .filter({ hasText: /^Chart$/ })
      .click();
    await page.waitForURL(/[?&]view=chart\b/);
    const chart = page.getByTestId('portfolio-chart');
    // the drawn bubbles (ApexCharts adds zero-size hover markers elsewhere)
    const bubbles = chart.locator('.apexcharts-series-bubble .apexcharts-marker');
    const summary = page.getByRole('list', { name: 'portfolio chart bubbles' }).getByRole('listitem');
    // the whole demo portfolio first: one bubble per listed project
    await summary.filter({ hasText: apollo }).waitFor({ state: 'attached' });
    const listed = await summary.count();
    await bubbles.nth(listed - 1).waitFor({ state: 'attached' });
    await expect(bubbles.count()).resolves.toBe(listed);
    await page.screenshot({ path: CHART_SCREENSHOT.replace(/\.png$/, '-demo.png'), fullPage: true });

    await page.getByLabel('Search').fill(prefix);
    await summary.filter({ hasText: 'Unrelated' }).waitFor({ state: 'detached' });
    // the chart module loads lazily; its bubbles appear with the summary
    await summary.filter({ hasText: zephyr }).waitFor({ state: 'attached' });
    await bubbles.first().waitFor();
    await expect(summary.allTextContents()).resolves.toEqual(
      expect.arrayContaining([
        `${apollo}; importance 8, urgency 6; effort: 10 working days; health: On track`,
        `${zephyr}; importance 2, urgency 9; effort: no dates; health: Critical`,
      ]),
    );
    await expect(summary.count()).resolves.toBe(3);
    // ApexCharts redraws after React renders: wait until the fourth bubble is gone
    await bubbles.nth(3).waitFor({ state: 'detached' });
    await expect(bubbles.count()).resolves.toBe(3);
    // the legend: one entry per health code present
    for (const health of ['On track', 'At risk', 'Critical'])
      await chart.locator('.apexcharts-legend-text', { hasText: health }).waitFor();
    await chart.getByText('importance', { exact: true }).waitFor();
    await chart.getByText('urgency', { exact: true }).waitFor();
    // Apollo and Artemis share the ratings 8/6 and still get their own places
    const centres = await bubbles.evaluateAll((nodes) =>
      nodes.map((node) => {
        const box = node.getBoundingClientRect();
        return `${Math.round(box.x + box.width / 2)}:${Math.round(box.y + box.height / 2)}`;
      }),
    );
    expect(new Set(centres).size).toBe(3);
    await page.getByText('1 project without dates shown as the smallest dots', { exact: false }).waitFor();
    await page.screenshot({ path: CHART_SCREENSHOT, fullPage: true });
    // the tooltip of the first series' bubble (health 1: Apollo)
    await bubbles.first().hover();
    const tooltip = chart.locator('.apexcharts-tooltip');
    await tooltip.getByText(apollo, { exact: true }).waitFor();
    for (const line of ['importance 8, urgency 6', 'effort: 10 working days', 'health: On track'])
      await tooltip.getByText(line, { exact: true }).waitFor();
    await page.screenshot({ path: CHART_SCREENSHOT.replace(/\.png$/, '-tooltip.png') });

    // with a series hidden through the legend, a click still opens the bubble's own project
    const onTrack = chart.locator('.apexcharts-legend-series', { hasText: 'On track' });
    await onTrack.click();
    await bubbles.nth(2).waitFor({ state: 'detached' });
    await bubbles.last().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`show group ${zephyr}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'close dialog' }).click();
    await dialog.waitFor({ state: 'detached' });
    await onTrack.click();
    await bubbles.nth(2).waitFor();

    // the filters apply to the chart too
    await page.getByRole('combobox', { name: 'Health filter' }).click();
    await page.getByRole('option', { name: 'Critical', exact: true }).click();
    await summary.filter({ hasText: apollo }).waitFor({ state: 'detached' });
    await expect(summary.count()).resolves.toBe(1);
    await bubbles.nth(1).waitFor({ state: 'detached' });
    await expect(bubbles.count()).resolves.toBe(1);

    // the view survives a reload; budget sizes show the projects without an account at the smallest size
    await page.reload();
    await page.getByText('Bubble size').waitFor();
    await page
      .locator('label')
      .filter({ hasText: /^Budget$/ })
      .click();
    await page.waitForURL(/[?&]size=budget\b/);
    await page.getByText('without a budget', { exact: false }).waitFor();
    await page.screenshot({ path: CHART_SCREENSHOT.replace(/\.png$/, '-budget.png'), fullPage: true });
    // the search and the filters live in the URL too (issue 17): the health filter survived the reload
    const health = page.getByRole('combobox', { name: 'Health filter' });
    await expect(health.inputValue()).resolves.toBe('Critical');
    await expect(page.getByLabel('Search').inputValue()).resolves.toBe(prefix);
    await page.getByText('1 project without a budget', { exact: false }).waitFor();
    // choosing the chosen code again clears the filter
    await health.click();
    await page.getByRole('option', { name: 'Critical', exact: true }).click();
    await page.waitForURL((url) => !url.searchParams.has('health'));
    await page.getByLabel('Search').fill(prefix);
    await page.getByText('3 projects without a budget', { exact: false }).waitFor();

    await page.getByLabel('Search').fill(zephyr);
    await summary.filter({ hasText: apollo }).waitFor({ state: 'detached' });
    await bubbles.first().click();
    await page.getByRole('dialog').getByText(`show group ${zephyr}`, { exact: true }).waitFor();
  });

  it("shows another user's new project without a reload, through the change feed", async () => {
    const page = await login();
    await page.getByLabel('Search').fill(prefix);
    await page.getByRole('row').filter({ hasText: 'Unrelated' }).waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: apollo }).waitFor();
    await app.api('/api/commands/SaveGroup', { json: { title: `${prefix} Mercury` } });
    await page
      .getByRole('row')
      .filter({ hasText: `${prefix} Mercury` })
      .waitFor({ timeout: 10_000 });
  });
});
