import type { Page } from 'playwright-core';
import { eventually } from '@fahrplan/platform/testing';
import { baselineMarks, overlayBaseline } from './baseline-support';
import { E2eApp, expectNoSeriousViolations } from './support';
import { dragBarByDays } from './timeline-support';

jest.setTimeout(180_000);

const SCREENSHOTS = process.env.BASELINE_OVERLAY_SCREENSHOTS ?? '/tmp/baseline-overlay';

interface StoredItem {
  start: string;
  end: string | null;
  version: number;
}

const DAY_MS = 86_400_000;
const dayOf = (dateTime: string) => Date.parse(`${dateTime.slice(0, 10)}T00:00:00Z`) / DAY_MS;

/**
 * Issue 21 on the timeline: a baseline taken, then a task moved by dragging a week later, one added and
 * one deleted; the toolbar overlays the baseline: the moved task's ghost bar where it stood with "+5 WD"
 * beside it (a week is five working days in January 2027), "new" beside the added one, a dashed
 * "removed" ghost, and the link to the Baselines page's table of the same window lists them.
 */
describe('the baseline overlay on the timeline', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const stamp = Date.now().toString(36);
  const baselineName = `Plan of record ${stamp}`;
  const titles = { moved: `Migration ${stamp}`, deleted: `Pilot ${stamp}`, added: `Training ${stamp}` };
  const ids = { moved: 0, deleted: 0, added: 0 };
  let project = 0;
  let baseline = 0;
  let page: Page;
  const timelinePath = () => `/?project=${project}&from=2027-01-04&to=2027-02-01`;

  const command = async (type: string, data: unknown) => {
    const reply = await app.api(`/api/commands/${type}`, { json: data });
    return { id: reply.id as number, position: reply.position as number };
  };
  const task = async (title: string, start: string, end: string) => {
    const { id, position } = await command('SaveItem', {
      title,
      group: project,
      subgroup: 'tasks',
      start,
      end,
    });
    await app.api(`/api/items/${id}`, { after: position });
    return id;
  };
  const stored = async (id: number) => (await app.api(`/api/items/${id}`)) as unknown as StoredItem;

  beforeAll(async () => {
    const group = await command('SaveGroup', {
      title: `Overlay ${stamp}`,
      start: '2027-01-04',
      end: '2027-03-01',
    });
    project = group.id;
    ids.moved = await task(titles.moved, '2027-01-11T00:00', '2027-01-16T00:00');
    ids.deleted = await task(titles.deleted, '2027-01-25T00:00', '2027-01-28T00:00');
    const taken = await command('CreateBaseline', { name: baselineName });
    baseline = taken.id;
    await app.api('/api/baselines', { after: taken.position });
    // the plan moves on after the baseline's instant
    ids.added = await task(titles.added, '2027-01-19T00:00', '2027-01-22T00:00');
    const deleted = await command('DeleteItem', { id: ids.deleted, version: 0 });
    await app.api(`/api/groups/${project}`, { after: deleted.position });
    page = await app.login({ path: timelinePath(), ready: (p) => p.getByTestId('timeline') });
  });

  it('moves a task by dragging it a week later (five working days)', async () => {
    const bar = page.locator(`[data-testid="timeline-task"][data-item-id="${ids.moved}"]`);
    await dragBarByDays(bar, page, 5, 7);
    await eventually(
      async () => {
        const moved = await stored(ids.moved);
        if (moved.version !== 1) throw new Error(`not saved yet: ${JSON.stringify(moved)}`);
        expect(dayOf(moved.start) - dayOf('2027-01-11')).toBe(7);
        expect(dayOf(moved.end!) - dayOf('2027-01-16')).toBe(7);
      },
      { timeoutMs: 10_000, intervalMs: 150 },
    );
  });

  it('overlays the baseline: the ghost where it stood, "+5 WD", "new" and a removed ghost', async () => {
    await overlayBaseline(page, baselineName);
    expect(new URL(page.url()).searchParams.get('baseline')).toBe(String(baseline));

    const moved = baselineMarks(page, ids.moved);
    await moved.slip.filter({ hasText: '+5 WD' }).waitFor();
    expect(await moved.ghost.getAttribute('aria-label')).toBe(
      `${titles.moved} at the baseline: 11.01.2027 – 15.01.2027, slipped by +5 WD`,
    );
    // the ghost stands a week (its own length plus two days) left of the bar, as long as it
    const ghost = (await moved.ghost.boundingBox())!;
    const bar = (await page
      .locator(`[data-testid="timeline-task"][data-item-id="${ids.moved}"]`)
      .boundingBox())!;
    expect(Math.abs(ghost.width - bar.width)).toBeLessThan(2);
    expect(Math.abs(bar.x - ghost.x - (7 * bar.width) / 5)).toBeLessThan(3);
    expect(ghost.y).toBeGreaterThan(bar.y + bar.height - 1);

    await baselineMarks(page, ids.added).added.filter({ hasText: 'new' }).waitFor();
    expect(await baselineMarks(page, ids.added).ghost.count()).toBe(0);
    const removed = baselineMarks(page, ids.deleted).removed;
    await removed.filter({ hasText: 'removed' }).waitFor();
    expect(await removed.getAttribute('aria-label')).toBe(
      `${titles.deleted}: removed since the baseline, planned for 25.01.2027 – 27.01.2027 then`,
    );
    await page.screenshot({ path: `${SCREENSHOTS}-timeline.png`, fullPage: true });
    await expectNoSeriousViolations(page, 'the timeline with a baseline overlaid');
  });

  it('keeps the overlay in the URL across a reload, and leaves it with "none"', async () => {
    await page.reload();
    await baselineMarks(page, ids.moved).slip.filter({ hasText: '+5 WD' }).waitFor();
    await page.getByRole('combobox', { name: 'Baseline', exact: true }).click();
    await page.getByRole('option', { name: 'Baseline: none' }).click();
    await baselineMarks(page, ids.moved).ghost.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('baseline')).toBeNull();
    await overlayBaseline(page, baselineName);
  });

  it('lists a baseline another console takes, and drops it when deleted there, without a reload', async () => {
    const name = `Taken elsewhere ${stamp}`;
    const option = page.getByRole('option', { name: new RegExp(`^Baseline: ${name}, `) });
    const taken = await command('CreateBaseline', { name });
    await page.getByRole('combobox', { name: 'Baseline', exact: true }).click();
    await option.waitFor();
    await page.keyboard.press('Escape');
    await command('DeleteBaseline', { id: taken.id });
    await page.getByRole('combobox', { name: 'Baseline', exact: true }).click();
    await page.getByRole('option', { name: 'Baseline: none' }).waitFor();
    await option.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    // the chosen overlay stays
    await baselineMarks(page, ids.moved).slip.filter({ hasText: '+5 WD' }).waitFor();
  });

  it('offers no overlay while the timeline shows the plan as of a date (it compares with the plan now)', async () => {
    const asOf = new Date().toISOString().replace('Z', '+00:00');
    await page.goto(`${app.url}${timelinePath()}&baseline=${baseline}&asOf=${encodeURIComponent(asOf)}`);
    await page
      .getByText(/^Viewing as of/)
      .first()
      .waitFor();
    await page.locator(`[data-testid="timeline-task"][data-item-id="${ids.moved}"]`).waitFor();
    expect(await page.getByRole('combobox', { name: 'Baseline', exact: true }).count()).toBe(0);
    expect(await baselineMarks(page, ids.moved).ghost.count()).toBe(0);
    await page.goto(`${app.url}${timelinePath()}&baseline=${baseline}`);
    await baselineMarks(page, ids.moved).slip.filter({ hasText: '+5 WD' }).waitFor();
  });

  it('links to the Baselines page’s table of the same window, which lists the changes', async () => {
    await page.getByRole('link', { name: 'Compare as a table' }).click();
    const section = page.getByRole('region', { name: new RegExp(`Compared with ${baselineName}`) });
    const table = section.getByRole('table', { name: 'comparison with the baseline' });
    const row = (title: string) => table.getByRole('row').filter({ hasText: title });
    await row(titles.moved).getByText('slipped').waitFor();
    await row(titles.moved).getByText('11.01.2027 – 15.01.2027').waitFor();
    await row(titles.moved).getByText('18.01.2027 – 22.01.2027').waitFor();
    expect(await row(titles.moved).getByText('+5 WD').count()).toBe(2);
    await row(titles.added).getByText('added').waitFor();
    await row(titles.deleted).getByText('removed').waitFor();
    const window = new URL(page.url()).searchParams;
    expect(window.get('baseline')).toBe(String(baseline));
    expect(await section.getByLabel('From', { exact: true }).inputValue()).toBe(
      window.get('from')!.split('-').reverse().join('.'),
    );
    await page.screenshot({ path: `${SCREENSHOTS}-table.png`, fullPage: true });
  });
});
