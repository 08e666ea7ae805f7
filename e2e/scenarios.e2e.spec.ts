import type { Page, Request } from 'playwright-core';
import {
  createScenario,
  pickInSwitcher,
  scenarioBanner,
  scenarioInUrl,
  scenarioSwitcher,
} from './scenario-support';
import { E2eApp, eventually, expectNoSeriousViolations } from './support';
import { dragBarByDays } from './timeline-support';

jest.setTimeout(240_000);

const SHOTS = process.env.SCENARIO_SCREENSHOT_DIR ?? '/tmp';

interface StoredItem {
  start: string;
  end: string | null;
  version: number;
}

/**
 * Issue 22 in the console, as far as the server answers now: a scenario branched from the header's
 * switcher, its banner, the choice kept in the URL across navigation and a reload, an item dragged
 * inside it (sent with X-Fahrplan-Scenario, the live plan unchanged), the as-of control off inside it,
 * the keyboard, the Scenarios and Compare pages, rename and discard.
 *
 * Next, once `?scenario=` on the queries, the diff and PublishScenario are on the server (the rest of
 * the journey): the dragged bar stays where it was dropped with the live bar as a ghost under
 * it, a project postponed by a quarter and a budget cut inside the scenario, the Compare page's totals
 * and changed records, Publish, and the live plan and its history showing the change "from scenario".
 */
describe('scenarios in the console', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const stamp = Date.now().toString(36);
  const names = { first: `Q3 cut ${stamp}`, renamed: `Q3 cut, revised ${stamp}` };
  const title = `Cloud migration ${stamp}`;
  let project = 0;
  let item = 0;
  let scenario = '';
  let page: Page;
  const timelinePath = () => `/?project=${project}&from=2027-01-04&to=2027-02-01`;
  const stored = async (id: number) => (await app.api(`/api/items/${id}`)) as unknown as StoredItem;
  const bar = () => page.locator(`[data-testid="timeline-task"][data-item-id="${item}"]`);

  beforeAll(async () => {
    const group = await app.api('/api/commands/SaveGroup', {
      json: { title: `Scenario project ${stamp}`, start: '2027-01-04', end: '2027-03-01' },
    });
    project = group.id as number;
    const task = await app.api('/api/commands/SaveItem', {
      json: { title, group: project, subgroup: 'tasks', start: '2027-01-11T00:00', end: '2027-01-16T00:00' },
    });
    item = task.id as number;
    await app.api(`/api/items/${item}`, { after: task.position as number });
    page = await app.login({ path: timelinePath(), ready: (p) => p.getByTestId('timeline') });
  });

  it('branches a scenario from the header and shows its banner, "not live"', async () => {
    await expect(scenarioSwitcher(page).textContent()).resolves.toBe('Live plan');
    await pickInSwitcher(page, 'New scenario…');
    const dialog = page.getByRole('dialog', { name: 'New scenario' });
    await dialog.getByLabel('Name').waitFor();
    await expectNoSeriousViolations(page, 'the new scenario dialog', { include: '[role="dialog"]' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await createScenario(page, names.first, 'Postpone the CRM project, cut the cloud budget');
    const banner = scenarioBanner(page, names.first);
    await banner.getByText('— not live', { exact: false }).waitFor();
    const listed = (await app.api('/api/scenarios')) as { items: { id: number; name: string }[] };
    scenario = String(listed.items.find((s) => s.name === names.first)!.id);
    expect(scenarioInUrl(page)).toBe(scenario);
    expect(await scenarioSwitcher(page).textContent()).toBe(`Scenario: ${names.first}`);
    await page.screenshot({ path: `${SHOTS}/scenarios-banner.png` });
    await expectNoSeriousViolations(page, 'the timeline inside a scenario');
  });

  it('asks every query for the scenario and keeps it across navigation and a reload', async () => {
    const queries: string[] = [];
    const note = (request: Request) => {
      if (request.url().includes('/api/groups')) queries.push(request.url());
    };
    page.on('request', note);
    await page.getByRole('navigation').getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    expect(scenarioInUrl(page)).toBe(scenario);
    await scenarioBanner(page, names.first).waitFor();
    await eventually(async () => queries.length > 0, 'a query of the projects');
    page.off('request', note);
    expect(queries.every((url) => new URL(url).searchParams.get('scenario') === scenario)).toBe(true);

    await page.reload();
    await scenarioBanner(page, names.first).waitFor();
    expect(scenarioInUrl(page)).toBe(scenario);
  });

  it('turns the as-of control off inside a scenario and says why', async () => {
    const asOf = page.getByRole('button', { name: 'As of…' });
    expect(await asOf.isDisabled()).toBe(true);
    expect(await asOf.getAttribute('aria-description')).toBe(
      'Back to the live plan first: a scenario is a plan of its own, not a past state',
    );
  });

  it('drags an item inside the scenario: the command carries the scenario, the live plan stays', async () => {
    await page.goto(`${app.url}${timelinePath()}&scenario=${scenario}`);
    await scenarioBanner(page, names.first).waitFor();
    await bar().waitFor();
    const saved = page.waitForRequest((request) => request.url().endsWith('/api/commands/SaveItem'));
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/commands/SaveItem'));
    await dragBarByDays(bar(), page, 5, 7);
    expect((await saved).headers()['x-fahrplan-scenario']).toBe(scenario);
    expect((await answered).status()).toBe(200);
    const live = await stored(item);
    expect(live).toMatchObject({ version: 0, start: '2027-01-11T00:00' });
  });

  it('goes back to the live plan and into the scenario again by keyboard', async () => {
    await scenarioSwitcher(page).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Live plan', exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await scenarioBanner(page, names.first).waitFor({ state: 'detached' });
    expect(scenarioInUrl(page)).toBeNull();
    expect(await scenarioSwitcher(page).textContent()).toBe('Live plan');

    await scenarioSwitcher(page).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type(names.first);
    await page.getByRole('option', { name: names.first, exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await scenarioBanner(page, names.first).waitFor();
    expect(scenarioInUrl(page)).toBe(scenario);
  });

  it('renames the scenario shown from the switcher', async () => {
    await pickInSwitcher(page, `Rename ${names.first}…`);
    const dialog = page.getByRole('dialog', { name: 'Rename scenario' });
    await dialog.getByLabel('Name').fill(names.renamed);
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await scenarioBanner(page, names.renamed).waitFor();
  });

  it('lists it on the Scenarios page and opens the Compare page from there', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Scenarios' }).click();
    await page.getByRole('heading', { name: 'Scenarios', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: names.renamed });
    await row.waitFor();
    await page.screenshot({ path: `${SHOTS}/scenarios-page.png`, fullPage: true });
    await expectNoSeriousViolations(page, 'the Scenarios page');
    await row.getByRole('checkbox', { name: `Compare ${names.renamed}` }).check();
    await page.getByRole('link', { name: 'Compare (1)' }).click();
    await page.getByRole('heading', { name: 'Compare scenarios', level: 1 }).waitFor();
    expect(new URL(page.url()).searchParams.get('ids')).toBe(scenario);
    // the diff is answered once its server part is merged; until then the page says it failed
    await page
      .getByTestId('scenario-totals')
      .or(page.getByText(`The comparison of ${names.renamed} could not be loaded`))
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/scenarios-compare.png`, fullPage: true });
    await expectNoSeriousViolations(page, 'the Compare page');
  });

  it('discards the scenario after a confirmation and returns to the live plan', async () => {
    await pickInSwitcher(page, `Discard ${names.renamed}…`);
    const confirm = page.getByRole('dialog', { name: `Discard scenario ${names.renamed}?` });
    await confirm.getByText('the live plan stays as it is', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Discard scenario' }).click();
    await scenarioBanner(page, names.renamed).waitFor({ state: 'detached' });
    expect(scenarioInUrl(page)).toBeNull();
    await eventually(async () => {
      const listed = (await app.api('/api/scenarios')) as { items: { name: string }[] };
      return !listed.items.some((s) => s.name === names.renamed);
    }, 'the discarded scenario off the list');
    const live = await stored(item);
    expect(live).toMatchObject({ version: 0, start: '2027-01-11T00:00' });
  });
});
