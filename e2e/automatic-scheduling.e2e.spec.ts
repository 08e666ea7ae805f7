import type { Page } from 'playwright-core';
import { E2eApp, eventually, expectNoSeriousViolations } from './support';
import {
  byId,
  datesOf,
  dragLater,
  dropTwoWeeksLater,
  expectGhosts,
  expectStored,
  openChainTimeline,
  planAutomaticChain,
  planned,
  rescheduled,
  storedChain,
  windowQuery,
} from './scheduling-support';
import type { Chain } from './scheduling-support';

jest.setTimeout(180_000);

const SHOTS = process.env.ITEM_SCREENSHOTS ?? '/tmp';

// ---- the spec -------------------------------------------------------------------------------------

/*
 * Issue 21 in the console: in an automatic project, dragging the first task of a chain shows where its
 * successors would go (ghosts, computed in the browser), Esc cancels, the drop is one Reschedule of the
 * whole chain on working days (weekends and Bern's Easter skipped), and Ctrl+Z takes all of it back.
 */
describe('automatic scheduling on the timeline', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const title = `Roll-out ${Date.now().toString(36)}`;
  let chain: Chain;
  let automaticProject: number;
  let page: Page;

  beforeAll(async () => {
    const plan = await planAutomaticChain(app, title);
    chain = plan.chain;
    automaticProject = plan.project;
    page = await openChainTimeline(app, plan.project);
  });

  it('previews the successors as ghosts while dragging, and Esc cancels with nothing stored', async () => {
    const before = await storedChain(app, chain);
    await dragLater(page, chain.design, 14);
    await expectGhosts(page, byId(chain, rescheduled, ['build', 'test', 'launch']));
    await page.screenshot({ path: `${SHOTS}/automatic-scheduling-ghosts.png` });
    await page.keyboard.press('Escape');
    await page.mouse.up();
    await page.getByTestId('reschedule-ghost').first().waitFor({ state: 'detached' });
    // nothing was sent: every item keeps its dates and its version
    expect(await storedChain(app, chain)).toEqual(before);
  });

  it('previews a resize of the first task as ghosts too, and Esc cancels it with nothing stored', async () => {
    const before = await storedChain(app, chain);
    const bar = page.locator(`[data-item-id="${chain.design}"]`);
    const width = (await bar.boundingBox())!.width;
    // Design ends two days later, on Friday: Build keeps its two working days over the weekend
    await dragLater(page, chain.design, 2, true);
    await expectGhosts(page, {
      [chain.build]: { start: '2027-03-12T00:00', end: '2027-03-16T00:00' },
      [chain.test]: { start: '2027-03-16T00:00', end: '2027-03-18T00:00' },
      [chain.launch]: { start: '2027-03-18T00:00', end: null },
    });
    await page.screenshot({ path: `${SHOTS}/automatic-scheduling-resize-ghosts.png` });
    await page.keyboard.press('Escape');
    await page.getByTestId('reschedule-ghost').first().waitFor({ state: 'detached' });
    await page.mouse.up();
    // the bar is back at its width, and no dialog opened for the release's click
    await eventually(
      async () => Math.abs((await bar.boundingBox())!.width - width) < 1,
      'the bar back at its width',
    );
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await storedChain(app, chain)).toEqual(before);
  });

  it('passes axe with the ghosts shown', async () => {
    await dragLater(page, chain.design, 14);
    await expectGhosts(page, byId(chain, rescheduled, ['build', 'test', 'launch']));
    await expectNoSeriousViolations(page, 'the timeline with ghosts', {
      include: '[data-testid="timeline"]',
    });
    await page.keyboard.press('Escape');
    await page.mouse.up();
    await page.getByTestId('reschedule-ghost').first().waitFor({ state: 'detached' });
  });

  it('drops as one reschedule of all four on working days, announced, and undoes all four in one step', async () => {
    await dropTwoWeeksLater(app, page, chain);
    // the bars follow together: the launch's diamond at its new date
    await page
      .locator(
        `[data-item-id="${chain.launch}"][aria-label*="${rescheduled.launch.start.replace('T', ' ')}"]`,
      )
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/automatic-scheduling-dropped.png` });

    await page.keyboard.press('Control+z');
    await expectStored(app, chain, planned);
    await page.getByText(`Undone: design ${title}`).waitFor();
  });

  it('refuses the whole drop when someone else changed the item meanwhile, naming it, and the bars return', async () => {
    const seen = await storedChain(app, chain);
    // someone else renames Design: the timeline still holds the version it saw
    const { position } = await app.api('/api/commands/SaveItem', {
      json: { id: chain.design, version: seen.design.version, title: `design ${title} (renamed)` },
    });
    await app.api(`/api/items/${chain.design}`, { after: position as number });
    await dragLater(page, chain.design, 14);
    await expectGhosts(page, byId(chain, rescheduled, ['build', 'test', 'launch']));
    await page.mouse.up();
    await page.getByText(`changed meanwhile by someone else: design ${title}`).waitFor();
    await page.locator(`[data-item-id="${chain.design}"][aria-label*="(renamed)"]`).waitFor();
    expect(datesOf(await storedChain(app, chain))).toEqual(planned);
    expect(await page.getByTestId('reschedule-ghost').count()).toBe(0);
  });

  it('keeps the manual projects as before: no ghosts, and the drop moves the dragged task alone, even before an automatic one', async () => {
    const manual = await app.api('/api/commands/SaveGroup', {
      json: { title: `Manual ${title}`, start: '2027-03-01', end: '2027-05-01' },
    });
    const ids: number[] = [];
    // the successor is in the automatic project: only a Reschedule would move it
    for (const [group, start, end] of [
      [manual.id, '2027-03-08T00:00', '2027-03-10T00:00'],
      [automaticProject, '2027-03-10T00:00', '2027-03-12T00:00'],
    ]) {
      const created = await app.api('/api/commands/SaveItem', {
        json: { title: `manual ${ids.length} ${title}`, group, subgroup: 'tasks', start, end },
      });
      ids.push(created.id as number);
    }
    const linked = await app.api('/api/commands/AddDependency', {
      json: { predecessor: ids[0], successor: ids[1] },
    });
    await app.api(`/api/items/${ids[1]}`, { after: linked.position as number });
    await page.goto(`${app.url}/?project=${manual.id as number},${automaticProject}&${windowQuery}`);
    await page.locator(`[data-item-id="${ids[0]}"]`).waitFor();
    const successor = await app.api(`/api/items/${ids[1]}`);
    await dragLater(page, ids[0]!, 14);
    // the preview has had time to show, had there been one
    await page.waitForTimeout(500);
    expect(await page.getByTestId('reschedule-ghost').count()).toBe(0);
    await page.mouse.up();
    await eventually(
      async () => (await app.api(`/api/items/${ids[0]}`)).start === '2027-03-22T00:00',
      'the dragged task saved',
    );
    expect(await app.api(`/api/items/${ids[1]}`)).toMatchObject({
      start: successor.start,
      version: successor.version,
    });
  });
});
