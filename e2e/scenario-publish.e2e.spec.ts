import { E2eApp, eventually } from './support';

jest.setTimeout(180_000);

const SHOTS = process.env.SCENARIO_SCREENSHOT_DIR ?? '/tmp';

/**
 * Issue 22: a change made in a scenario and published reads in the live project's History as coming
 * from that scenario, by its name, in the user's language.
 */
describe('a published scenario in the History of a live project', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const suffix = Date.now().toString(36);
  const scenarioName = `Q3 cut ${suffix}`;
  const title = `Published ${suffix}`;
  let project: number;

  beforeAll(async () => {
    const command = async (type: string, json: Record<string, unknown>, scenario?: number) =>
      (await app.api(`/api/commands/${type}`, {
        json,
        ...(scenario === undefined ? {} : { headers: { 'x-fahrplan-scenario': String(scenario) } }),
      })) as { id: number; version: number; position: number };
    const created = await command('SaveGroup', { title });
    project = created.id;
    const scenario = await command('CreateScenario', { name: scenarioName });
    await command('SaveGroup', { id: project, version: created.version, metric1: 6 }, scenario.id);
    const published = await command('PublishScenario', { id: scenario.id, version: scenario.version });
    await app.api(`/api/groups/${project}`, { after: published.position });
  });

  it('names the scenario on the row of the published change', async () => {
    const page = await app.login({
      path: `/project-details/${project}`,
      ready: (p) => p.getByTestId('session-user'),
    });
    const dialog = page.getByRole('dialog', { name: `show group ${title}` });
    await dialog.getByRole('tab', { name: 'History' }).click();
    const rows = dialog.getByRole('table', { name: 'history' }).locator('tbody tr');
    await eventually(async () => (await rows.count()) === 2, 'the creation and the published change');
    await rows.nth(0).getByText(`from scenario ${scenarioName}`, { exact: true }).waitFor();
    await rows.nth(0).getByText('Metric 1', { exact: false }).waitFor();
    expect(await rows.nth(1).getByText('from scenario', { exact: false }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/scenario-published-history.png` });

    // the language is chosen outside the dialog
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await page.goto(`${app.url}/project-details/${project}`);
    const german = page.getByRole('dialog');
    await german.getByRole('tab', { name: 'Verlauf' }).click();
    await german.getByText(`aus Szenario ${scenarioName}`, { exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/scenario-published-history-de-CH.png` });
  });
});
