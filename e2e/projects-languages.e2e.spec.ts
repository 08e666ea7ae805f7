import type { Page } from 'playwright-core';
import { E2E_PASSWORD, E2eApp } from './support';

jest.setTimeout(180_000);

// Issue 20: with `PROJECTS_DE_SCREENSHOTS` (a folder) the spec keeps screenshots of the German screens.
const SCREENSHOTS = process.env.PROJECTS_DE_SCREENSHOTS;

/** Issue 20: the Projects page, its chart and the project dialog speak the language of a de-CH browser. */
describe('the projects feature in German', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const title = `Sprache ${Date.now().toString(36)}`;

  beforeAll(async () => {
    const saved = await app.api('/api/commands/SaveGroup', {
      json: {
        title,
        shortname: 'SPR',
        status: 5,
        healthStatus: 1,
        start: '2027-01-04',
        end: '2027-01-16',
        metrics: [
          { type: 'WICHTIGKEIT', value: 8 },
          { type: 'DRINGLICHKEIT', value: 6 },
        ],
      },
    });
    await app.api(`/api/groups?q=${encodeURIComponent(title)}`, { after: saved.position as number });
  });

  const loginInGerman = async (path: string): Promise<Page> => {
    const context = await app.browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'de-CH' });
    const page = await context.newPage();
    await page.goto(`${app.url}${path}`);
    await page.getByLabel('Mandant').fill('demo');
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill(E2E_PASSWORD);
    await page.getByLabel('Passwort').press('Enter');
    await page.getByRole('heading', { name: 'Projekte' }).waitFor();
    return page;
  };

  const screenshot = async (page: Page, name: string) => {
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
  };

  it('shows the table, its filters and the chart in German, plurals and all', async () => {
    const page = await loginInGerman('/projects');
    await page.getByRole('button', { name: 'Neues Projekt' }).waitFor();
    await page.getByRole('combobox', { name: 'Statusfilter' }).waitFor();
    await page.getByRole('row').filter({ hasText: title }).waitFor();
    await screenshot(page, 'projects-table');
    await page.getByRole('button', { name: 'Dauer (Arbeitstage)' }).waitFor();

    await page
      .locator('label')
      .filter({ hasText: /^Diagramm$/ })
      .click();
    await page.getByText('Blasengrösse', { exact: true }).waitFor();
    const summary = page.getByRole('list', { name: 'Blasen des Portfolio-Diagramms' }).getByRole('listitem');
    await expect(summary.filter({ hasText: title }).textContent()).resolves.toMatch(
      /; Wichtigkeit 8, Dringlichkeit 6; Aufwand: 10 Arbeitstage; Zustand: /,
    );
    const chart = page.getByTestId('portfolio-chart');
    await chart.getByText('Wichtigkeit', { exact: true }).waitFor();
    await chart.getByText('Dringlichkeit', { exact: true }).waitFor();
    await page.getByText(/^Blasenfläche: Aufwand, vorerst die Arbeitstage/).waitFor();
    await screenshot(page, 'projects-chart');
    await page.context().close();
  });

  it('shows the project dialog and its key figures in German', async () => {
    const page = await loginInGerman('/projects');
    await page.getByRole('row').filter({ hasText: title }).getByText('SPR', { exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Projekt ${title}`, { exact: true }).waitFor();
    await dialog.getByLabel('Projektnummer').waitFor();
    await screenshot(page, 'project-dialog');

    await dialog.getByRole('tab', { name: 'Kennzahlen' }).click();
    await dialog.getByText('Prioritätsdetails').click();
    await dialog.getByText('So wird die Priorität berechnet:').waitFor();
    await screenshot(page, 'project-key-figures');

    await dialog.getByRole('tab', { name: 'Strategie' }).click();
    await dialog.getByRole('button', { name: 'Strategieziel hinzufügen' }).waitFor();
    await screenshot(page, 'project-strategy');
    await page.context().close();
  });
});
