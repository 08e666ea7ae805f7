import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { baselineMarks, expectSlipLabelsClear } from './baseline-support';
import {
  conflictedScenario,
  createScenario,
  pickInSwitcher,
  scenarioBanner,
  scenarioInUrl,
  scenarioSwitcher,
} from './scenario-support';
import { E2eApp, eventually, expectNoSeriousViolations } from './support';
import type { Dates, StoredItem } from './scheduling-support';
import { dragBarByDays, dragByDays } from './timeline-support';

jest.setTimeout(240_000);

const SHOTS = process.env.SCENARIO_SCREENSHOT_DIR ?? '/tmp';

/**
 * Issue 22 in the console: a scenario branched from the header's switcher, its banner, the choice kept
 * in the URL across navigation and a reload, an item dragged inside it (sent with X-Fahrplan-Scenario,
 * the live plan unchanged), the as-of control off inside it, the keyboard, the Scenarios and Compare
 * pages, rename and discard. The journey below postpones, cuts, compares and publishes.
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
    await page.getByTestId('scenario-totals').waitFor();
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

/** An amount as the console shows it, whatever the language: 1'250'000 (docs/design/languages.md). */
const swiss = (amount: number) => amount.toLocaleString('en-US').replace(/,/g, "'");

interface DiffTotals {
  budget: number;
  milestones: { id: number; date: string | null }[];
}

/**
 * Issue 22's journey against the server: a planner branches a scenario from the header, postpones a
 * project by a quarter by dragging its items on the timeline (one of them twice), cuts its budget on
 * its Finance tab, sees the live bars as ghosts under the moved ones, compares with the live plan,
 * publishes, and finds the moved dates and the cut budget on the live plan, each moved item's History
 * naming the scenario.
 */
describe('the scenario journey: branch, postpone by a quarter, cut the budget, compare, publish', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const stamp = Date.now().toString(36);
  const name = `Postpone CRM ${stamp}`;
  const title = `CRM ${stamp}`;
  type Key = 'design' | 'rollout' | 'goLive';
  const titles: Record<Key, string> = {
    design: `CRM design ${stamp}`,
    rollout: `CRM rollout ${stamp}`,
    goLive: `CRM go-live ${stamp}`,
  };
  const planned: Record<Key, Dates> = {
    design: { start: '2027-01-11T00:00', end: '2027-01-16T00:00' },
    rollout: { start: '2027-01-18T00:00', end: '2027-01-23T00:00' },
    goLive: { start: '2027-01-25T00:00', end: null },
  };
  // a quarter: 13 weeks later
  const postponed: Record<Key, Dates> = {
    design: { start: '2027-04-12T00:00', end: '2027-04-17T00:00' },
    rollout: { start: '2027-04-19T00:00', end: '2027-04-24T00:00' },
    goLive: { start: '2027-04-26T00:00', end: null },
  };
  const keys = Object.keys(planned) as Key[];
  const items = {} as Record<Key, number>;
  let project = 0;
  let account = 0;
  let scenario = 0;
  let page: Page;
  // wide enough that a quarter later stays clear of the edge, where a drag scrolls the timeline
  const timelinePath = () => `/?project=${project}&from=2027-01-04&to=2027-06-07`;
  const stored = async (id: number) => (await app.api(`/api/items/${id}`)) as unknown as StoredItem;
  const bar = (key: Key, on = page) =>
    on.locator(`[data-testid="timeline-task"][data-item-id="${items[key]}"]`);
  // a milestone is grabbed by its diamond (its label beside it takes no pointer)
  const grip = (key: Key) =>
    key === 'goLive'
      ? page.locator(`[data-testid="timeline-milestone"][data-item-id="${items[key]}"] > div > div`).first()
      : bar(key);
  const budgetEntry = async () => {
    const { entries } = (await app.api(`/api/accounts/${account}`)) as unknown as {
      entries: { sicht: string; periode: string | null; amount: number | null }[];
    };
    return entries.find((e) => e.sicht === 'Budget' && e.periode === '2027')?.amount;
  };

  /** Drags an item by `days` inside the scenario and waits until the server took it. */
  const dragInScenario = async (key: Key, perDay: number, days: number) => {
    const saved = page.waitForRequest((request) => request.url().endsWith('/api/commands/SaveItem'));
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/commands/SaveItem'));
    await dragByDays(grip(key), page, perDay, days);
    expect((await saved).headers()['x-fahrplan-scenario']).toBe(String(scenario));
    expect((await answered).status()).toBe(200);
  };

  beforeAll(async () => {
    const group = await app.api('/api/commands/SaveGroup', {
      json: { title, projectNr: `P-CRM-${stamp}`, start: '2027-01-04', end: '2027-12-31' },
    });
    project = group.id as number;
    for (const key of keys) {
      const { start, end } = planned[key];
      const created = await app.api('/api/commands/SaveItem', {
        json: {
          title: titles[key],
          group: project,
          subgroup: end === null ? 'milestones' : 'tasks',
          start,
          end,
        },
      });
      items[key] = created.id as number;
    }
    const created = await app.api('/api/commands/CreateAccount', {
      json: { refType: 'group', refId: project },
    });
    account = created.id as number;
    await app.api('/api/commands/SaveGroup', { json: { id: project, version: group.version, account } });
    const entries = await app.api('/api/commands/AddAccountEntries', {
      json: { accountId: account, entries: [{ sicht: 'Budget', periode: '2027', amount: 500_000 }] },
    });
    await app.api(`/api/accounts/${account}`, { after: entries.position as number });
    await app.api(`/api/groups/${project}`, { after: entries.position as number });
    page = await app.login({ path: timelinePath(), ready: (p) => bar('design', p) });
  });

  it('branches a scenario from the header', async () => {
    await createScenario(page, name, 'Postpone the CRM project by a quarter, cut its budget');
    const listed = (await app.api('/api/scenarios')) as { items: { id: number; name: string }[] };
    scenario = listed.items.find((s) => s.name === name)!.id;
    expect(scenarioInUrl(page)).toBe(String(scenario));
  });

  it('postpones the project by a quarter by dragging its items, one of them twice', async () => {
    const perDay = (await bar('design').boundingBox())!.width / 5;
    // the second drag of the same item goes with its version in the scenario, not the live one
    await dragInScenario('design', perDay, 7);
    await dragInScenario('design', perDay, 84);
    await dragInScenario('rollout', perDay, 91);
    await dragInScenario('goLive', perDay, 91);
    const inScenario = async (key: Key) =>
      (await app.api(`/api/items/${items[key]}?scenario=${scenario}`)) as unknown as StoredItem;
    for (const key of keys)
      await eventually(async () => {
        const { start, end } = await inScenario(key);
        return start === postponed[key].start && end === postponed[key].end;
      }, `${key} a quarter later in the scenario`);
    expect((await inScenario('design')).version).toBe(2);
    for (const key of keys) expect(await stored(items[key])).toMatchObject({ ...planned[key], version: 0 });
  });

  it('shows the banner and the live bars as ghosts under the moved ones', async () => {
    await page.reload();
    await scenarioBanner(page, name).getByText('— not live', { exact: false }).waitFor();
    for (const key of keys) await baselineMarks(page, items[key]).ghost.waitFor();
    const design = (await bar('design').boundingBox())!;
    const ghost = (await baselineMarks(page, items.design).ghost.boundingBox())!;
    expect(design.x - ghost.x).toBeGreaterThan(80 * (design.width / 5));
    // the moved bars' "+… WD" labels never overlap each other or the next bar
    await expectSlipLabelsClear(page);
    await page.screenshot({ path: `${SHOTS}/scenario-journey-timeline.png`, fullPage: true });
    await expectNoSeriousViolations(page, 'the timeline with live ghosts');
  });

  it('cuts the project budget on its Finance tab inside the scenario', async () => {
    const file = join(app.dataDir, 'budget-cut.csv');
    writeFileSync(file, 'sicht,periode,amount\nBudget,2027,350000\n', 'utf8');
    await page.goto(`${app.url}/project-details/${project}?scenario=${scenario}`);
    const dialog = page.getByRole('dialog', { name: `show group ${title}` });
    await dialog.getByRole('tab', { name: 'Finance' }).click();
    const entries = dialog.getByRole('table', { name: 'account entries' });
    await entries.getByRole('row').filter({ hasText: 'Budget' }).filter({ hasText: "500'000" }).waitFor();
    await dialog.getByRole('button', { name: 'Import entries from CSV' }).click();
    const modal = page.getByRole('dialog', { name: 'Import account entries' });
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/commands/AddAccountEntries'));
    await modal.locator('input[type="file"]').setInputFiles(file);
    await modal.getByText('1 valid row').waitFor();
    await modal.getByRole('button', { name: 'Import 1 entry' }).click();
    expect((await sent).headers()['x-fahrplan-scenario']).toBe(String(scenario));
    await page.getByText('1 account entry imported').waitFor();
    await modal.waitFor({ state: 'detached' });
    await entries.getByRole('row').filter({ hasText: 'Budget' }).filter({ hasText: "350'000" }).waitFor();
    await page.screenshot({ path: `${SHOTS}/scenario-journey-budget.png` });
    await expectNoSeriousViolations(page, 'the Finance tab inside a scenario', {
      include: '[role="dialog"]',
    });
    expect(await budgetEntry()).toBe(500_000);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('compares with the live plan: the budget and the dates differ, the changed records listed', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Scenarios' }).click();
    await page.getByRole('heading', { name: 'Scenarios', level: 1 }).waitFor();
    const compare = (chosen: number) => page.getByRole('link', { name: `Compare (${chosen})` });
    expect(await compare(0).getAttribute('data-disabled')).toBe('true');
    await page.getByRole('checkbox', { name: `Compare ${name}` }).check();
    expect(await compare(1).getAttribute('data-disabled')).toBeNull();
    await compare(1).click();
    await page.getByRole('heading', { name: 'Compare scenarios', level: 1 }).waitFor();

    await page.getByPlaceholder('Search milestones').fill(titles.goLive);
    await page.getByRole('option', { name: titles.goLive }).click();
    await eventually(
      async () => new URL(page.url()).searchParams.get('milestones') === String(items.goLive),
      'the milestone in the address',
    );
    const { totals } = (await app.api(
      `/api/scenarios/${scenario}/diff?milestones=${items.goLive}`,
    )) as unknown as { totals: { against: DiffTotals; scenario: DiffTotals } };
    expect(totals.against.budget - totals.scenario.budget).toBe(150_000);
    expect(totals.against.milestones[0]!.date?.slice(0, 10)).toBe('2027-01-25');
    expect(totals.scenario.milestones[0]!.date?.slice(0, 10)).toBe('2027-04-26');

    const table = page.getByRole('table', { name: 'portfolio totals side by side' });
    const row = (figure: string) => table.getByRole('row').filter({ hasText: figure });
    await row('Budget (CHF)').getByText(swiss(totals.against.budget)).waitFor();
    await row('Budget (CHF)').getByText(swiss(totals.scenario.budget)).waitFor();
    await row(`Milestone ${titles.goLive}`).getByText('25.01.2027', { exact: false }).waitFor();
    await row(`Milestone ${titles.goLive}`).getByText('26.04.2027', { exact: false }).waitFor();
    await page.getByTestId('scenario-totals-chart').locator('svg').first().waitFor();

    const changes = page.getByRole('region', { name });
    for (const key of keys) await changes.getByText(titles[key], { exact: false }).waitFor();
    await changes.getByText('12.04.2027', { exact: false }).first().waitFor();
    await changes.getByText("500'000", { exact: false }).waitFor();
    await changes.getByText("350'000", { exact: false }).waitFor();
    expect(await changes.getByText('Conflict', { exact: false }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/scenario-journey-compare.png`, fullPage: true });
    await expectNoSeriousViolations(page, 'the Compare page with the live plan');
  });

  it('publishes: the live plan shows the moved dates and the cut budget', async () => {
    await page.goto(`${app.url}/scenarios?scenario=${scenario}`);
    await scenarioBanner(page, name).waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Publish scenario ${name}?` });
    await dialog.getByText('Publishing changes 4 records on the live plan', { exact: false }).waitFor();
    await page.screenshot({ path: `${SHOTS}/scenario-journey-publish.png` });
    await expectNoSeriousViolations(page, 'the publish confirmation', { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Publish to the live plan' }).click();
    await page.getByText(`Scenario ${name} published: the live plan shows its changes`).waitFor();
    await scenarioBanner(page, name).waitFor({ state: 'detached' });
    expect(scenarioInUrl(page)).toBeNull();

    for (const key of keys)
      await eventually(async () => {
        const { start, end } = await stored(items[key]);
        return start === postponed[key].start && end === postponed[key].end;
      }, `${key} a quarter later on the live plan`);
    await eventually(async () => (await budgetEntry()) === 350_000, 'the cut budget on the live plan');
    const published = (await app.api(`/api/scenarios/${scenario}`)) as unknown as { status: string };
    expect(published.status).toBe('published');

    await page.goto(`${app.url}${timelinePath()}`);
    await bar('design').waitFor();
    expect(await page.getByTestId('baseline-ghost').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/scenario-journey-live.png`, fullPage: true });
    await expectNoSeriousViolations(page, 'the live timeline after the publish');
  });

  it("names the scenario in the moved item's History", async () => {
    await page.goto(`${app.url}${timelinePath()}&show-item=${items.design}`);
    const dialog = page.getByRole('dialog', { name: `show item ${titles.design}` });
    await dialog.getByRole('tab', { name: 'History' }).click();
    const rows = dialog.getByRole('table', { name: 'history' }).locator('tbody tr');
    await eventually(async () => (await rows.count()) === 3, 'the creation and the two published drags');
    await rows.nth(0).getByText(`from scenario ${name}`, { exact: true }).waitFor();
    await rows.nth(1).getByText(`from scenario ${name}`, { exact: true }).waitFor();
    expect(await rows.nth(2).getByText('from scenario', { exact: false }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/scenario-journey-history.png` });
    await expectNoSeriousViolations(page, 'the History naming the scenario', { include: '[role="dialog"]' });
  });
});

/**
 * A live change of the field the scenario changed, after the scenario's change: Publish is refused
 * with 409 `scenario-conflict`, the record listed with both values and a link into the scenario, and
 * nothing reaches the live plan.
 */
describe('publishing a scenario whose field changed live since', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const stamp = Date.now().toString(36);
  const name = `Budget cut ${stamp}`;
  const title = `CRM go-live ${stamp}`;
  let item = 0;
  let scenario = 0;
  let page: Page;

  beforeAll(async () => {
    ({ item, scenario } = await conflictedScenario(app, { name, title, stamp }));
    page = await app.login({ path: `/scenarios?scenario=${scenario}`, ready: 'Scenarios' });
  });

  it('refuses the publish and lists the record with both values and a link into the scenario', async () => {
    await scenarioBanner(page, name).waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Publish scenario ${name}?` });
    await dialog.getByText('Publishing changes 1 record on the live plan', { exact: false }).waitFor();
    const answered = page.waitForResponse((response) =>
      response.url().endsWith('/api/commands/PublishScenario'),
    );
    await dialog.getByRole('button', { name: 'Publish to the live plan' }).click();
    expect((await answered).status()).toBe(409);
    const refusal = dialog.getByRole('alert').filter({ hasText: 'Not published' });
    await refusal.getByText('Conflict on Begin: live 01.04.2027', { exact: false }).waitFor();
    await refusal.getByText('scenario 01.06.2027', { exact: false }).waitFor();
    await page.screenshot({ path: `${SHOTS}/scenarios-publish-conflict.png` });
    await expectNoSeriousViolations(page, 'the refused publish', { include: '[role="dialog"]' });
    const live = (await app.api(`/api/items/${item}`)) as unknown as StoredItem;
    expect(live).toMatchObject({ start: '2027-04-01T00:00', version: 1 });

    await refusal.getByRole('link', { name: `Resolve ${title} in the scenario` }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/task-details/${item}`);
    expect(scenarioInUrl(page)).toBe(String(scenario));
    await page.getByRole('dialog', { name: `show item ${title}` }).waitFor();
  });

  it('resolves each conflict from the publish dialog by keeping the scenario’s value, then publishes', async () => {
    await page.goto(`${app.url}/scenarios?scenario=${scenario}`);
    await scenarioBanner(page, name).waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Publish scenario ${name}?` });
    const keep = (field: string) =>
      dialog.getByRole('button', { name: `Keep scenario value of ${field} for ${title}` });
    await keep('Begin').waitFor();
    await dialog.getByRole('button', { name: `Take live value of Begin for ${title}` }).waitFor();
    await expectNoSeriousViolations(page, 'the conflict buttons', { include: '[role="dialog"]' });

    const resolved = page.waitForResponse((r) => r.url().endsWith('/api/commands/ResolveScenarioConflict'));
    await keep('Begin').click();
    expect((await resolved).status()).toBe(200);
    // the diff is asked anew: Begin no longer conflicts, End still does
    await eventually(async () => (await keep('Begin').count()) === 0, 'Begin resolved');
    await dialog.getByText('Conflict on End', { exact: false }).waitFor();
    await keep('End').click();
    await eventually(
      async () => (await dialog.getByText('Conflict on', { exact: false }).count()) === 0,
      'no conflict left',
    );
    await page.screenshot({ path: `${SHOTS}/scenarios-conflicts-resolved.png` });

    const published = page.waitForResponse((r) => r.url().endsWith('/api/commands/PublishScenario'));
    await dialog.getByRole('button', { name: 'Publish to the live plan' }).click();
    expect((await published).status()).toBe(200);
    const live = (await app.api(`/api/items/${item}`)) as unknown as StoredItem;
    expect(live).toMatchObject({ start: '2027-06-01T00:00', end: '2027-06-05T00:00' });
  });
});
