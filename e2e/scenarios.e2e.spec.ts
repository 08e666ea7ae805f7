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

/**
 * The Compare page and Publish against the contracts of `GET /api/scenarios/<id>/diff` and
 * `PublishScenario` (contracts/src/scenario/diff.ts). Their server parts are being built beside this
 * console, so the browser stands in for those two answers here (`page.route`); once they are merged
 * the journey above compares and publishes against the server, and these stand-ins can go.
 */
describe('the Compare page and Publish, against the diff contract', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const stamp = Date.now().toString(36);
  const name = `Budget cut ${stamp}`;
  let scenario = 0;
  let page: Page;

  const totals = (budget: number, status3: number, date: string) => ({
    budget,
    effortWorkingDays: 120,
    projectsByStatus: { '1': 4, '3': status3 },
    priorities: { '5': 3, '8': 1 },
    milestones: [{ id: 77, title: 'CRM go-live', date }],
  });
  const crm = {
    kind: 'item',
    id: 0,
    title: 'CRM go-live',
    change: 'changed',
    fields: [{ field: 'start', live: '2027-03-01T00:00', scenario: '2027-06-01T00:00' }],
    conflicts: [{ field: 'start', live: '2027-04-01T00:00', scenario: '2027-06-01T00:00' }],
  };
  const cloud = {
    kind: 'account',
    id: 9,
    title: 'Cloud',
    change: 'changed',
    fields: [{ field: 'budget', live: 500000, scenario: 350000 }],
    conflicts: [],
  };

  beforeAll(async () => {
    const group = await app.api('/api/commands/SaveGroup', {
      json: { title: `CRM ${stamp}`, start: '2027-01-04', end: '2027-12-01' },
    });
    const task = await app.api('/api/commands/SaveItem', {
      json: {
        title: 'CRM go-live',
        group: group.id,
        subgroup: 'tasks',
        start: '2027-03-01T00:00',
        end: '2027-03-05T00:00',
      },
    });
    crm.id = task.id as number;
    await app.api(`/api/items/${crm.id}`, { after: task.position as number });
    const created = await app.api('/api/commands/CreateScenario', { json: { name } });
    scenario = created.id as number;
    await app.api(`/api/scenarios/${scenario}`, { after: created.position as number });
    page = await app.login({ path: '/scenarios', ready: 'Scenarios' });
    await page.route(`**/api/scenarios/${scenario}/diff*`, (route) =>
      route.fulfill({
        json: {
          scenario,
          against: null,
          records: [crm, cloud],
          totals: {
            against: totals(1_250_000, 1, '2027-03-01T00:00:00.000Z'),
            scenario: totals(1_100_000, 2, '2027-06-01T00:00:00.000Z'),
          },
        },
      }),
    );
  });

  it('shows the live plan and the scenario side by side, and what the scenario changes, conflicts in words', async () => {
    await page.goto(`${app.url}/scenarios/compare?ids=${scenario}`);
    const table = page.getByRole('table', { name: 'portfolio totals side by side' });
    const row = (figure: string) => table.getByRole('row').filter({ hasText: figure });
    await row('Budget (CHF)').getByText('1,250,000').or(row('Budget (CHF)').getByText("1'250'000")).waitFor();
    await row('Milestone CRM go-live').getByText('01.06.2027', { exact: false }).waitFor();
    await page.getByTestId('scenario-totals-chart').locator('svg').first().waitFor();
    const changes = page.getByRole('region', { name });
    await changes.getByText('Conflict on Begin: live', { exact: false }).waitFor();
    await changes.getByText('Budget: 500', { exact: false }).waitFor();
    await page.screenshot({ path: `${SHOTS}/scenarios-compare-totals.png`, fullPage: true });
    await expectNoSeriousViolations(page, 'the Compare page with totals');
  });

  it('publishes after a confirmation; a conflict lists the records with both values and links into the scenario', async () => {
    await page.goto(`${app.url}/scenarios?scenario=${scenario}`);
    await scenarioBanner(page, name).waitFor();
    let answer: { status: number; json: unknown } = {
      status: 409,
      json: { title: 'Conflict', detail: 'scenario conflict', code: 'scenario-conflict', records: [crm] },
    };
    await page.route('**/api/commands/PublishScenario', (route) => route.fulfill(answer));

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Publish scenario ${name}?` });
    await dialog.getByText('Publishing changes 2 records on the live plan', { exact: false }).waitFor();
    await expectNoSeriousViolations(page, 'the publish confirmation', { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Publish to the live plan' }).click();
    const refusal = dialog.getByRole('alert').filter({ hasText: 'Not published' });
    await refusal.getByText('Conflict on Begin: live', { exact: false }).waitFor();
    await page.screenshot({ path: `${SHOTS}/scenarios-publish-conflict.png` });
    await refusal.getByRole('link', { name: 'Resolve CRM go-live in the scenario' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/task-details/${crm.id}`);
    expect(scenarioInUrl(page)).toBe(String(scenario));

    // the record opens in its dialog inside the scenario; the planner resolves it there and comes back
    await page.getByRole('dialog').first().waitFor();
    await page.goto(`${app.url}/scenarios?scenario=${scenario}`);
    await scenarioBanner(page, name).waitFor();
    answer = { status: 200, json: { id: scenario, version: 1, position: 1 } };
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await dialog.getByRole('button', { name: 'Publish to the live plan' }).click();
    await page.getByText(`Scenario ${name} published: the live plan shows its changes`).waitFor();
    await scenarioBanner(page, name).waitFor({ state: 'detached' });
    expect(scenarioInUrl(page)).toBeNull();
  });
});
