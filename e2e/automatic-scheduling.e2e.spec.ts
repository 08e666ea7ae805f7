import type { Page } from 'playwright-core';
import { E2eApp, eventually, expectNoSeriousViolations } from './support';

jest.setTimeout(180_000);

const SHOTS = process.env.ITEM_SCREENSHOTS ?? '/tmp';

interface StoredItem {
  id: number;
  start: string;
  end: string | null;
  version: number;
}
type Dates = Pick<StoredItem, 'start' | 'end'>;
type Chain = Record<'design' | 'build' | 'test' | 'launch', number>;

/** Where the four start: a chain of two working days each, and the launch milestone after it. */
const planned: Record<keyof Chain, Dates> = {
  design: { start: '2027-03-08T00:00', end: '2027-03-10T00:00' },
  build: { start: '2027-03-10T00:00', end: '2027-03-12T00:00' },
  test: { start: '2027-03-12T00:00', end: '2027-03-16T00:00' },
  launch: { start: '2027-03-16T00:00', end: null },
};

/**
 * Design two weeks later: each successor on the first working day its predecessor allows, keeping its
 * two working days: Build up to Good Friday (26 March 2027, a Bern holiday), Test after the Easter
 * weekend and Easter Monday, the launch after Test.
 */
const rescheduled: Record<keyof Chain, Dates> = {
  design: { start: '2027-03-22T00:00', end: '2027-03-24T00:00' },
  build: { start: '2027-03-24T00:00', end: '2027-03-26T00:00' },
  test: { start: '2027-03-30T00:00', end: '2027-04-01T00:00' },
  launch: { start: '2027-04-01T00:00', end: null },
};

const windowQuery = 'from=2027-03-08&to=2027-04-05';
const windowDays = 28;

// ---- the steps, each on its own, so that a journey can compose them -----------------------------

/**
 * An automatic project with three tasks and a milestone linked finish-to-start through the API (the
 * lead's journey links them by mouse instead).
 */
export async function planAutomaticChain(
  app: E2eApp,
  title: string,
): Promise<{ project: number; chain: Chain }> {
  const project = await app.api('/api/commands/SaveGroup', {
    json: { title, start: '2027-03-01', end: '2027-05-01', scheduling: 'automatic' },
  });
  const chain = {} as Chain;
  for (const key of Object.keys(planned) as (keyof Chain)[]) {
    const { start, end } = planned[key];
    const created = await app.api('/api/commands/SaveItem', {
      json: {
        title: `${key} ${title}`,
        group: project.id,
        subgroup: end === null ? 'milestones' : 'tasks',
        start,
        end,
      },
    });
    chain[key] = created.id as number;
  }
  let position = 0;
  for (const [predecessor, successor] of [
    [chain.design, chain.build],
    [chain.build, chain.test],
    [chain.test, chain.launch],
  ] as const) {
    const linked = await app.api('/api/commands/AddDependency', { json: { predecessor, successor } });
    position = linked.position as number;
  }
  await app.api(`/api/items/${chain.launch}`, { after: position });
  return { project: project.id as number, chain };
}

/** The timeline of the project over March 2027, four weeks wide. */
export const openChainTimeline = (app: E2eApp, project: number): Promise<Page> =>
  app.login({
    path: `/?project=${project}&${windowQuery}`,
    ready: (p) => p.locator('[data-testid="timeline"] [data-item-id]').first(),
  });

/** Presses on the item's bar and drags it `days` later, holding the mouse down: the drop is the caller's. */
export async function dragLater(page: Page, item: number, days: number): Promise<void> {
  const lane = (await page.locator('[data-row$="|tasks"]').first().boundingBox())!;
  const perDay = (lane.width - 240) / windowDays;
  const box = (await page.locator(`[data-item-id="${item}"]`).boundingBox())!;
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + perDay, from.y, { steps: 4 });
  await page.mouse.move(from.x + days * perDay, from.y, { steps: 12 });
}

/** The ghost bars shown now, by item: the dates they stand for. */
export const ghostDates = (page: Page): Promise<Record<number, Dates>> =>
  page.getByTestId('reschedule-ghost').evaluateAll((ghosts) =>
    Object.fromEntries(
      ghosts.map((ghost) => {
        const { itemId, start, end } = (ghost as unknown as { dataset: Record<string, string> }).dataset;
        return [Number(itemId), { start: start!, end: end ?? null }];
      }),
    ),
  );

/** Waits until the ghosts show exactly `expected` (the items the drag would move, at their new dates). */
export async function expectGhosts(page: Page, expected: Record<number, Dates>): Promise<void> {
  await eventually(
    async () => JSON.stringify(await ghostDates(page)) === JSON.stringify(expected),
    `ghosts ${JSON.stringify(expected)}`,
  );
}

/** The four items as stored (GET /api/items/<id>). */
export async function storedChain(app: E2eApp, chain: Chain): Promise<Record<keyof Chain, StoredItem>> {
  const entries = await Promise.all(
    (Object.keys(chain) as (keyof Chain)[]).map(
      async (key) => [key, (await app.api(`/api/items/${chain[key]}`)) as unknown as StoredItem] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<keyof Chain, StoredItem>;
}

const datesOf = (items: Record<keyof Chain, StoredItem>) =>
  Object.fromEntries(Object.entries(items).map(([key, { start, end }]) => [key, { start, end }]));

/** Waits until the four items are stored at `dates`. */
export async function expectStored(app: E2eApp, chain: Chain, dates: Record<keyof Chain, Dates>) {
  await eventually(
    async () => JSON.stringify(datesOf(await storedChain(app, chain))) === JSON.stringify(dates),
    `stored at ${JSON.stringify(dates)}`,
  );
}

const byId = (chain: Chain, dates: Record<keyof Chain, Dates>, keys: (keyof Chain)[]) =>
  Object.fromEntries(keys.map((key) => [chain[key], dates[key]]));

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
    const before = await storedChain(app, chain);
    await dragLater(page, chain.design, 14);
    await expectGhosts(page, byId(chain, rescheduled, ['build', 'test', 'launch']));
    await page.mouse.up();
    await page.getByText('4 items moved').waitFor();
    await expectStored(app, chain, rescheduled);
    const moved = await storedChain(app, chain);
    for (const key of Object.keys(chain) as (keyof Chain)[])
      expect(moved[key].version).toBe(before[key].version + 1);
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
