import type { Page } from 'playwright-core';
import type { E2eApp } from './support';
import { eventually } from './support';

/*
 * Issue 21's automatic scheduling, step by step, for the specs that drive it (automatic-scheduling,
 * scheduling-journey): an automatic project's chain of three tasks and a milestone, the timeline over
 * its month, a drag held down, the ghosts it shows and the dates stored.
 */

export interface StoredItem {
  id: number;
  start: string;
  end: string | null;
  version: number;
}
export type Dates = Pick<StoredItem, 'start' | 'end'>;
export type Chain = Record<'design' | 'build' | 'test' | 'launch', number>;

/** Where the four start: a chain of two working days each, and the launch milestone after it. */
export const planned: Record<keyof Chain, Dates> = {
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
export const rescheduled: Record<keyof Chain, Dates> = {
  design: { start: '2027-03-22T00:00', end: '2027-03-24T00:00' },
  build: { start: '2027-03-24T00:00', end: '2027-03-26T00:00' },
  test: { start: '2027-03-30T00:00', end: '2027-04-01T00:00' },
  launch: { start: '2027-04-01T00:00', end: null },
};

export const windowQuery = 'from=2027-03-08&to=2027-04-05';
const windowDays = 28;

/** The chain's links, finish-to-start: design → build → test → launch. */
export const chainLinks = [
  ['design', 'build'],
  ['build', 'test'],
  ['test', 'launch'],
] as const;

/**
 * An automatic project with three tasks and a milestone, linked finish-to-start through the API unless
 * `linked` is false (the journey links them by mouse instead).
 */
export async function planAutomaticChain(
  app: E2eApp,
  title: string,
  { linked = true }: { linked?: boolean } = {},
): Promise<{ project: number; chain: Chain }> {
  const project = await app.api('/api/commands/SaveGroup', {
    json: { title, start: '2027-03-01', end: '2027-05-01', scheduling: 'automatic' },
  });
  const chain = {} as Chain;
  let position = 0;
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
    position = created.position as number;
  }
  for (const [predecessor, successor] of linked ? chainLinks : []) {
    const link = await app.api('/api/commands/AddDependency', {
      json: { predecessor: chain[predecessor], successor: chain[successor] },
    });
    position = link.position as number;
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

/**
 * Presses on the item's bar (or its right edge, `resize`) and drags it `days` later, holding the mouse
 * down: the drop is the caller's.
 */
export async function dragLater(page: Page, item: number, days: number, resize = false): Promise<void> {
  const lane = (await page.locator('[data-row$="|tasks"]').first().boundingBox())!;
  const perDay = (lane.width - 240) / windowDays;
  const box = (await page.locator(`[data-item-id="${item}"]`).boundingBox())!;
  // the edge's top: an arrow leaving the bar's end covers its middle
  const from = resize
    ? { x: box.x + box.width - 2, y: box.y + 2 }
    : { x: box.x + box.width / 2, y: box.y + box.height / 2 };
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

export const datesOf = (items: Record<keyof Chain, StoredItem>) =>
  Object.fromEntries(Object.entries(items).map(([key, { start, end }]) => [key, { start, end }]));

/** Waits until the four items are stored at `dates`. */
export async function expectStored(app: E2eApp, chain: Chain, dates: Record<keyof Chain, Dates>) {
  await eventually(
    async () => JSON.stringify(datesOf(await storedChain(app, chain))) === JSON.stringify(dates),
    `stored at ${JSON.stringify(dates)}`,
  );
}

export const byId = (chain: Chain, dates: Record<keyof Chain, Dates>, keys: (keyof Chain)[]) =>
  Object.fromEntries(keys.map((key) => [chain[key], dates[key]]));

/**
 * Drags the chain's first task two weeks later, sees its successors' ghosts, drops, and waits until the
 * four are stored where the rule puts them, each one version higher: one reschedule, announced.
 */
export async function dropTwoWeeksLater(app: E2eApp, page: Page, chain: Chain): Promise<void> {
  const before = await storedChain(app, chain);
  await dragLater(page, chain.design, 14);
  await expectGhosts(page, byId(chain, rescheduled, ['build', 'test', 'launch']));
  await page.mouse.up();
  await page.getByText('4 items moved').waitFor();
  await expectStored(app, chain, rescheduled);
  const moved = await storedChain(app, chain);
  for (const key of Object.keys(chain) as (keyof Chain)[])
    expect(moved[key].version).toBe(before[key].version + 1);
}
