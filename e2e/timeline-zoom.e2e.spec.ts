import type { Page } from 'playwright-core';
import { E2eApp, eventually, failRequests } from './support';

jest.setTimeout(180_000);

/**
 * Issue 17 on the home timeline against a real server: every zoom works (Quarter, Year and the
 * overview show one summary bar per project and say how many items they stand for), rows load as the
 * user scrolls, and a failed load shows what failed instead of the last answer's bars.
 */
describe('the timeline at every zoom, page by page', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const stamp = Date.now().toString(36);
  let page: Page;

  const command = async (type: string, json: Record<string, unknown>) =>
    (await app.api(`/api/commands/${type}`, { json })) as { id: number; position: number };
  const task = (group: number, title: string, start: string, end: string | null) =>
    command('SaveItem', { title, group, subgroup: end === null ? 'milestones' : 'tasks', start, end });

  /** A project with its tasks and milestones (end null), once the read models show the last. */
  const planProject = async (
    title: string,
    start: string,
    end: string,
    items: [string, string, string | null][],
  ) => {
    const { id } = await command('SaveGroup', { title, start, end });
    let last = { id, position: 0 };
    for (const [name, from, to] of items) last = await task(id, `${name} ${stamp}`, from, to);
    await app.api(`/api/items/${last.id}`, { after: last.position });
    return id;
  };

  const zoom = (preset: string) =>
    page.getByRole('radiogroup', { name: 'Zoom preset' }).getByText(preset, { exact: true }).click();
  const summarised = () => page.getByTestId('timeline-summarised');
  const bars = () => page.locator('[data-timeline-item]');

  describe('zooming out and in', () => {
    let project: number;

    beforeAll(async () => {
      project = await planProject(`Zoom e2e ${stamp}`, '2027-01-04', '2027-06-30', [
        ['Design', '2027-01-11T00:00', '2027-01-22T00:00'],
        ['Build', '2027-02-01T00:00', '2027-03-15T00:00'],
        ['Go-live', '2027-03-20T00:00', null],
      ]);
      page = await app.login({
        path: `/?project=${project}&from=2027-01-04&to=2027-02-01`,
        ready: (p) => p.getByTestId('timeline'),
      });
    });

    it('shows summary bars with "N items summarised" at Quarter, Year and the overview, and items again at Month', async () => {
      await page.locator(`[data-row="${project}|tasks"] [data-timeline-item]`).first().waitFor();
      await expect(summarised().count()).resolves.toBe(0);

      for (const preset of ['Quarter', 'Year', 'Overview']) {
        await zoom(preset);
        const summary = page.locator(`[data-row="${project}|summary"] [data-testid="timeline-summary"]`);
        await summary.waitFor();
        await expect(summary.textContent()).resolves.toBe('3 items');
        await expect(summary.getAttribute('aria-label')).resolves.toContain('not draggable');
        await summarised()
          .filter({ hasText: /^\d[\d,]* items summarised$/ })
          .waitFor();
        await page.locator(`[data-row="${project}|summary"]`).getByText('2 tasks, 1 milestone').waitFor();
        await expect(
          page.locator(`[data-row="${project}|summary"] [data-testid="timeline-summary-milestone"]`).count(),
        ).resolves.toBe(1);
        await expect(bars().count()).resolves.toBe(0);
      }

      await zoom('Month');
      await page.locator(`[data-row="${project}|tasks"] [data-timeline-item]`).first().waitFor();
      await summarised().waitFor({ state: 'detached' });
    });
  });

  describe('a tenant with more than one page of projects', () => {
    const count = 130;
    const titleOf = (n: number) => `Scroll ${stamp} ${String(n).padStart(3, '0')}`;
    const ids: number[] = [];

    beforeAll(async () => {
      let position = 0;
      for (let n = 0; n < count; n++) {
        const { id } = await command('SaveGroup', {
          title: titleOf(n),
          start: '2029-05-01',
          end: '2029-05-31',
        });
        ids.push(id);
        position = (await task(id, `Work ${n}`, '2029-05-07T00:00', '2029-05-12T00:00')).position;
      }
      await app.api(`/api/groups/${ids.at(-1)!}`, { after: position });
    });

    it('loads the next rows when the user scrolls near the end', async () => {
      const paged: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/timeline?') && request.url().includes('cursor='))
          paged.push(request.url());
      });
      await page.goto(`${app.url}/?from=2029-05-01&to=2029-05-29`);
      const timeline = page.getByTestId('timeline');
      await page.locator(`[data-row="${ids[0]!}|tasks"]`).waitFor();
      const last = page.locator(`[data-row="${ids.at(-1)!}|tasks"]`);
      await expect(last.count()).resolves.toBe(0);
      expect(paged).toEqual([]);

      await eventually(
        async () => {
          await timeline.evaluate((el) => el.scrollTo(0, el.scrollHeight));
          return (await last.count()) > 0;
        },
        'the last project after scrolling',
        30_000,
      );
      expect(paged.length).toBeGreaterThanOrEqual(1);
      await last.getByText(titleOf(count - 1), { exact: true }).waitFor();
      await last.locator('[data-timeline-item]').waitFor();
    });
  });

  describe('a failed load', () => {
    let project: number;

    beforeAll(async () => {
      project = await planProject(`Failing e2e ${stamp}`, '2028-01-03', '2028-04-30', [
        ['Early', '2028-01-10T00:00', '2028-01-20T00:00'],
        ['February', '2028-02-14T00:00', '2028-02-24T00:00'],
      ]);
    });

    it('shows what failed with Retry instead of the bars it showed before, and loads again on Retry', async () => {
      await page.goto(`${app.url}/?project=${project}&from=2028-01-03&to=2028-01-31`);
      await bars().first().waitFor();

      const timeline = '**/api/timeline?**';
      await failRequests(page, timeline, 'store offline');
      // two steps later: the window moves past what was fetched
      await page.getByRole('button', { name: 'Later', exact: true }).click();
      await page.getByRole('button', { name: 'Later', exact: true }).click();
      const failure = page.getByTestId('timeline-error');
      await failure.getByText('store offline').waitFor();
      await failure.getByText(/could not be loaded/).waitFor();
      await expect(bars().count()).resolves.toBe(0);
      await expect(page.getByTestId('timeline-row').count()).resolves.toBe(0);

      await page.unroute(timeline);
      await failure.getByRole('button', { name: 'Retry' }).click();
      await page.locator(`[data-row="${project}|tasks"] [data-timeline-item]`).first().waitFor();
      await expect(failure.count()).resolves.toBe(0);
    });
  });
});
