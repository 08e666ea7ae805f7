import type { Locator, Page } from 'playwright-core';
import { E2eApp, eventually } from './support';

jest.setTimeout(180_000);

const SHOTS = process.env.HISTORY_SCREENSHOTS ?? '/tmp';

/**
 * Issue 19: an auditor reads names, not ids. A project whose parent, resource, applications, goals and
 * health change: History names each field by the dialog's label, each referenced record by its name at
 * the change (with a link that opens it), lists as added and changed rows; Compare with now the same,
 * key figures and goals element by element too.
 */
describe('History and Compare with now name what changed', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const suffix = Date.now().toString(36);
  const name = (what: string) => `Names ${suffix} ${what}`;
  let page: Page;
  let ids: Record<'oldParent' | 'newParent' | 'project' | 'application' | 'goal', number>;
  /** The first whole second after the project's first state: Compare with now looks from there. */
  let noted: Date;

  const command = async (type: string, json: Record<string, unknown>) => {
    const result = await app.api(`/api/commands/${type}`, { json });
    return result as { id: number; version: number; position: number };
  };

  beforeAll(async () => {
    const oldParent = await command('SaveGroup', { title: name('Platform') });
    const newParent = await command('SaveGroup', { title: name('Cloud') });
    const [blue, ocean] = [
      await command('SaveResource', { name: name('Team Blue') }),
      await command('SaveResource', { name: name('Team Ocean') }),
    ];
    const goal = await command('CreateGoal', { name: name('Cloud first') });
    const application = await command('SaveApplication', { name: name('CRM'), release: '1.0' });
    const project = await command('SaveGroup', {
      title: name('Migration'),
      parent: oldParent.id,
      resource: blue.id,
      healthStatus: 1,
      metric1: 2,
      metric4: 4,
      metrics: [
        { group: null, type: 'WICHTIGKEIT', value: 2 },
        { group: null, type: 'BETRIEB', value: 3 },
      ],
    });
    const rated = await command('SetGroupGoals', { id: project.id, goals: [{ goalId: goal.id, value: 3 }] });
    await app.api(`/api/groups/${project.id}`, { after: rated.position });
    // the as-of picker works in whole seconds
    noted = new Date(Math.ceil((Date.now() + 1) / 1000) * 1000);
    await eventually(async () => Date.now() > noted.getTime(), 'the noted second');

    const moved = await command('SaveGroup', {
      id: project.id,
      version: rated.version,
      parent: newParent.id,
      resource: ocean.id,
      applications: [application.id],
      healthStatus: 2,
    });
    await command('SaveGroup', {
      id: project.id,
      version: moved.version,
      metric1: 5,
      metric4: 6,
      metrics: [
        { group: null, type: 'WICHTIGKEIT', value: 4 },
        { group: null, type: 'DRINGLICHKEIT', value: 1 },
      ],
    });
    await command('SetGroupGoals', { id: project.id, goals: [{ goalId: goal.id, value: 5 }] });
    // renamed after the move: the move's row still names the parent as it was then
    const renamed = await command('SaveGroup', {
      id: oldParent.id,
      version: oldParent.version,
      title: name('Platform renamed'),
    });
    await app.api(`/api/groups/${project.id}`, { after: renamed.position });
    ids = {
      oldParent: oldParent.id,
      newParent: newParent.id,
      project: project.id,
      application: application.id,
      goal: goal.id,
    };
    page = await app.login({ path: '/', viewportHeight: 1000, ready: (p) => p.getByTestId('session-user') });
  });

  const historyRows = (dialog: Locator) => dialog.getByRole('table', { name: 'history' }).locator('tbody tr');
  /** A row's change of `field` as it shows ("Parent project: A → B"), without the screen-reader words. */
  const changeOf = (row: Locator, field: string) =>
    row.locator(`li[data-field="${field}"]`).evaluate((element) => {
      const copy = (element as unknown as { cloneNode(deep: boolean): typeof copy }).cloneNode(true) as {
        querySelectorAll(s: string): { forEach(each: (n: { remove(): void }) => void): void };
        textContent: string | null;
      };
      copy.querySelectorAll('[data-sr-only]').forEach((node) => node.remove());
      return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
    });

  it('names fields by their labels, references by their names then with a link, lists as rows', async () => {
    await page.goto(`${app.url}/project-details/${ids.project}`);
    const dialog = page.getByRole('dialog', { name: `show group ${name('Migration')}` });
    await dialog.getByRole('tab', { name: 'History' }).click();
    const rows = historyRows(dialog);
    // created, goals rated, moved, key figures rated, goals re-rated
    await eventually(async () => (await rows.count()) === 5, 'five history rows');

    await expect(changeOf(rows.nth(0), 'goals')).resolves.toBe(`Goals: Goal ${name('Cloud first')}: 3 → 5`);
    await expect(changeOf(rows.nth(1), 'metric1')).resolves.toBe('Metric 1: 2 → 5');
    const moved = rows.nth(2);
    await expect(changeOf(moved, 'parent')).resolves.toBe(
      `Parent project: ${name('Platform')} → ${name('Cloud')}`,
    );
    await expect(changeOf(moved, 'resource')).resolves.toBe(
      `Resource: ${name('Team Blue')} → ${name('Team Ocean')}`,
    );
    await expect(changeOf(moved, 'applications')).resolves.toBe(`Applications: + Application ${name('CRM')}`);
    await expect(changeOf(moved, 'healthStatus')).resolves.toBe('Health status: On track → At risk');
    await expect(changeOf(rows.nth(3), 'goals')).resolves.toBe(`Goals: + Goal ${name('Cloud first')}: 3`);
    // no raw ids or field names anywhere in the table
    const text = await dialog.getByRole('table', { name: 'history' }).innerText();
    expect(text).not.toMatch(/healthStatus|goalId|#\d+/);
    await page.screenshot({ path: `${SHOTS}/history-names.png` });

    // the parent's link opens the project it names
    await moved
      .locator('li[data-field="parent"]')
      .getByRole('link', { name: name('Cloud') })
      .click();
    await eventually(
      async () => new URL(page.url()).searchParams.get('show-project') === String(ids.newParent),
      'the link in the URL',
    );
    await page.getByRole('dialog', { name: `show group ${name('Cloud')}` }).waitFor();
  });

  it('names fields by their labels, codes by their options and references by name in Compare with now', async () => {
    await page.goto(
      `${app.url}/project-details/${ids.project}?asOf=${encodeURIComponent(noted.toISOString())}`,
    );
    const dialog = page.getByRole('dialog', { name: `show group ${name('Migration')}` });
    await dialog.waitFor();
    await dialog.getByRole('switch', { name: 'Compare with now' }).click();
    const differences = dialog.getByRole('list', { name: 'fields that differ from now' });
    await differences.waitFor();
    // references by the names their pickers show, once those arrived
    await differences.getByText(`${name('Platform')} → now ${name('Cloud')}`).waitFor();
    const items = await differences.getByRole('listitem').allInnerTexts();
    expect(items).toEqual(
      expect.arrayContaining([
        'Health status: On track → now At risk',
        `Parent project: ${name('Platform')} → now ${name('Cloud')}`,
        `Resource: ${name('Team Blue')} → now ${name('Team Ocean')}`,
        `Applications: — → now ${name('CRM')} 1.0`,
      ]),
    );
    // key figures and goals element by element, by their sliders' labels and the goals' names
    const entries = (field: string) =>
      differences
        .getByRole('list', { name: `${field} that differ from now` })
        .getByRole('listitem')
        .allInnerTexts();
    await expect(entries('Key figures')).resolves.toEqual([
      'Metric 1: 2 → 5',
      'Metric 4 (priority): 4 → 6',
      '+ Rating DRINGLICHKEIT (urgency): 1',
      '− Rating BETRIEB (operations): 3',
      'Rating WICHTIGKEIT (importance): 2 → 4',
    ]);
    await expect(entries('Goals')).resolves.toEqual([`Goal ${name('Cloud first')}: 3 → 5`]);
    expect(items.join('\n')).not.toMatch(
      /healthStatus|strategy|goal: \d|\d+ → now \d+|metric\d|metrics|type:|value:|\{/,
    );
    await page.screenshot({ path: `${SHOTS}/compare-with-now-names.png` });
  });
});
