import type { Page } from 'playwright-core';
import type { ItemView } from '@fahrplan/contracts';
import { baselineMarks, expectSlipLabelsClear, overlayBaseline } from './baseline-support';
import {
  chainLinks,
  datesOf,
  dropTwoWeeksLater,
  expectStored,
  openChainTimeline,
  planAutomaticChain,
  planned,
  storedChain,
} from './scheduling-support';
import type { Chain } from './scheduling-support';
import { E2eApp, eventually } from './support';
import { linkByMouse } from './timeline-support';

jest.setTimeout(240_000);

/*
 * Issue 21's "done when", as one planner does it: an automatic project's three tasks and milestone are
 * linked by mouse on the timeline (a baseline was taken before), the first task is dragged two weeks later (its
 * successors previewed as ghosts on working days, Bern's Easter skipped), the drop saves all four, the
 * baseline overlay shows the slip, and one undo takes the whole reschedule back.
 */
describe('dependencies, automatic scheduling and a baseline on the timeline, one journey', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const title = `Journey ${Date.now().toString(36)}`;
  const baselineName = `Before the move ${title}`;
  let chain: Chain;
  let page: Page;

  beforeAll(async () => {
    const plan = await planAutomaticChain(app, title, { linked: false });
    chain = plan.chain;
    // the plan as it stands before anything is linked or moved
    const taken = await app.api('/api/commands/CreateBaseline', { json: { name: baselineName } });
    await app.api('/api/baselines', { after: taken.position as number });
    page = await openChainTimeline(app, plan.project);
  });

  it('links the three tasks and the milestone by mouse, stored as finish-to-start dependencies', async () => {
    for (const [from, to] of chainLinks) await linkByMouse(page, `${from} ${title}`, `${to} ${title}`);
    for (const [from, to] of chainLinks) {
      await eventually(async () => {
        const successor = (await app.api(`/api/items/${chain[to]}`)) as unknown as ItemView;
        return successor.predecessors.some(
          (link) => link.item === chain[from] && link.type === 'finish-to-start',
        );
      }, `${from} → ${to} stored`);
    }
  });

  it('previews the move of the first task as ghosts, saves all four on working days with one drop', async () => {
    await dropTwoWeeksLater(app, page, chain);
  });

  it('overlays the baseline: the first task slipped by ten working days, the launch too', async () => {
    await overlayBaseline(page, baselineName);
    // 16 March → 1 April 2027: Good Friday and Easter Monday are Bern holidays
    await baselineMarks(page, chain.launch).slip.filter({ hasText: '+10 WD' }).waitFor();
    // the first task's label would run into the next task's bar, right after it: its slip is in its ghost's label
    expect(await baselineMarks(page, chain.design).ghost.getAttribute('aria-label')).toContain(
      'slipped by +10 WD',
    );
    expect(await expectSlipLabelsClear(page)).toBeGreaterThan(0);
  });

  it('undoes the whole reschedule in one step: all four back, no slip left', async () => {
    // back on the timeline (the baseline choice had the focus, where Ctrl+Z undoes typing)
    await page.locator(`[data-item-id="${chain.design}"]`).first().focus();
    await page.keyboard.press('Control+z');
    await expectStored(app, chain, planned);
    expect(datesOf(await storedChain(app, chain))).toEqual(planned);
    await baselineMarks(page, chain.launch).slip.waitFor({ state: 'detached' });
    expect(await page.getByTestId('baseline-slip').count()).toBe(0);
  });
});
