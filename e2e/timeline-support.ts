import type { Locator, Page } from 'playwright-core';

/** An item's bar (or milestone diamond) on the timeline, by its title (its tooltip starts with it). */
export const timelineBar = (page: Page, title: string): Locator =>
  page.locator(`[data-timeline-item][title^=${JSON.stringify(`${title} · `)}]`);

/** The arrow of the dependency `fromTitle` → `toTitle`, by its English name. */
export const dependencyArrow = (page: Page, fromTitle: string, toTitle: string): Locator =>
  page.locator(
    `[data-testid="dependency-arrow"][aria-label^=${JSON.stringify(`Dependency ${fromTitle} → ${toTitle},`)}]`,
  );

const middle = (box: { x: number; y: number; width: number; height: number }) => ({
  x: box.x + box.width / 2,
  y: box.y + box.height / 2,
});

/**
 * Issue 21: links two items on the timeline by mouse, as a planner does: hover the first bar, press
 * on the handle at its end, drag to the second bar and drop (finish-to-start, lag 0). Both bars must
 * be in view; waits until the arrow is drawn (English names), or for the refusal when `refused`.
 */
export async function linkByMouse(
  page: Page,
  fromTitle: string,
  toTitle: string,
  { refused = false }: { refused?: boolean } = {},
): Promise<void> {
  const from = await timelineBar(page, fromTitle).boundingBox();
  const to = await timelineBar(page, toTitle).boundingBox();
  if (!from || !to) throw new Error(`linkByMouse: ${fromTitle} or ${toTitle} is not in view`);
  await page.mouse.move(middle(from).x, middle(from).y, { steps: 2 });
  const handle = page.getByTestId('dependency-handle');
  await handle.waitFor();
  const grip = middle((await handle.boundingBox())!);
  await page.mouse.move(grip.x, grip.y, { steps: 4 });
  await page.mouse.down();
  await page.mouse.move((grip.x + middle(to).x) / 2, (grip.y + middle(to).y) / 2, { steps: 6 });
  await page.getByTestId('dependency-link-line').waitFor();
  await page.mouse.move(middle(to).x, middle(to).y, { steps: 6 });
  await page.mouse.up();
  if (!refused) await dependencyArrow(page, fromTitle, toTitle).waitFor();
}

/**
 * Drags an item's bar by `days` (a task's bar is as wide as its days: `width / barDays` a day) as a
 * planner does: press in its middle, a small first move that starts the drag, then the rest.
 */
export async function dragBarByDays(bar: Locator, page: Page, barDays: number, days: number): Promise<void> {
  const box = (await bar.boundingBox())!;
  await dragByDays(bar, page, box.width / barDays, days);
}

/** Drags an item (a milestone's diamond too) by `days` of `perDay` pixels, as `dragBarByDays` does. */
export async function dragByDays(item: Locator, page: Page, perDay: number, days: number): Promise<void> {
  const from = middle((await item.boundingBox())!);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + Math.sign(days) * perDay, from.y, { steps: 4 });
  await page.mouse.move(from.x + days * perDay, from.y, { steps: 10 });
  await page.mouse.up();
}
