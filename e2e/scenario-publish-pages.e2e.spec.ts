import type { Page } from 'playwright-core';
import { scenarioBanner } from './scenario-support';
import { E2eApp, expectNoSeriousViolations } from './support';
import type { StoredItem } from './scheduling-support';

jest.setTimeout(240_000);

/** Records per diff page the browser is answered here instead of the console's 500. */
const PAGE = 2;

/**
 * The publish confirmation lists everything a publish changes, not only the diff's first page
 * (`useWholeDiff`, docs/design/scenarios.md): a scenario of five moved tasks, read through the server's
 * own paging in pages of two (the console's `limit=500` asked as `limit=2`, so that three pages stand
 * for a scenario of more than 500 records), must be named whole before Publish is enabled.
 */
describe('publishing a scenario whose diff has more than one page', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const stamp = Date.now().toString(36);
  const name = `Paged publish ${stamp}`;
  const titles = Array.from({ length: 5 }, (_, i) => `Paged task ${i + 1} ${stamp}`);
  let items: { id: number; version: number }[] = [];
  let scenario = 0;
  let page: Page;
  const diffAsks: URL[] = [];

  beforeAll(async () => {
    const group = await app.api('/api/commands/SaveGroup', {
      json: { title: `Paged project ${stamp}`, start: '2027-01-04', end: '2027-12-01' },
    });
    items = [];
    for (const title of titles) {
      const task = await app.api('/api/commands/SaveItem', {
        json: {
          title,
          group: group.id,
          subgroup: 'tasks',
          start: '2027-03-01T00:00',
          end: '2027-03-05T00:00',
        },
      });
      items.push({ id: task.id as number, version: task.version as number });
    }
    scenario = (await app.api('/api/commands/CreateScenario', { json: { name } })).id as number;
    let position = 0;
    for (const { id, version } of items) {
      const moved = await app.api('/api/commands/SaveItem', {
        json: { id, version, start: '2027-06-01T00:00', end: '2027-06-05T00:00' },
        headers: { 'x-fahrplan-scenario': String(scenario) },
      });
      position = Math.max(position, moved.position as number);
    }
    await app.api(`/api/scenarios/${scenario}`, { after: position });
    page = await app.login({ path: `/scenarios?scenario=${scenario}`, ready: 'Scenarios' });
    await page.route(`**/api/scenarios/${scenario}/diff?*`, async (route) => {
      const asked = new URL(route.request().url());
      diffAsks.push(new URL(asked));
      asked.searchParams.set('limit', String(PAGE));
      await route.continue({ url: asked.toString() });
    });
  });

  it('reads every page before Publish is enabled and names each record', async () => {
    await scenarioBanner(page, name).waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Publish scenario ${name}?` });
    await dialog.getByText('Publishing changes 5 records on the live plan', { exact: false }).waitFor();
    const listed = await dialog.getByTestId('scenario-record').allTextContents();
    expect(listed).toHaveLength(titles.length);
    for (const title of titles) expect(listed.some((text) => text.includes(title))).toBe(true);
    // the console asked pages of 500, answered in pages of two: the second and third by their cursor
    expect(diffAsks.every((url) => url.searchParams.get('limit') === '500')).toBe(true);
    expect(diffAsks.filter((url) => url.searchParams.has('cursor')).length).toBeGreaterThanOrEqual(2);
    await expect(dialog.getByRole('button', { name: 'Publish to the live plan' }).isEnabled()).resolves.toBe(
      true,
    );
    await expectNoSeriousViolations(page, 'the paged publish confirmation', { include: '[role="dialog"]' });
  });

  it('publishes all of them', async () => {
    const dialog = page.getByRole('dialog', { name: `Publish scenario ${name}?` });
    const published = page.waitForResponse((r) => r.url().endsWith('/api/commands/PublishScenario'));
    await dialog.getByRole('button', { name: 'Publish to the live plan' }).click();
    const answer = await published;
    expect(answer.status()).toBe(200);
    const { position } = (await answer.json()) as { position: number };
    for (const { id } of items) {
      const live = (await app.api(`/api/items/${id}`, { after: position })) as unknown as StoredItem;
      expect(live).toMatchObject({ start: '2027-06-01T00:00', end: '2027-06-05T00:00' });
    }
  });
});
