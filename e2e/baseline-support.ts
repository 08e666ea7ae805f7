import type { Locator, Page } from 'playwright-core';

/**
 * Issue 21: overlays the baseline named `name` on the timeline shown (the toolbar's "Baseline" choice)
 * and waits until its comparison is drawn: a ghost, a "new" mark or a removed ghost.
 */
export const overlayBaseline = async (page: Page, name: string): Promise<void> => {
  await page.getByRole('combobox', { name: 'Baseline', exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^Baseline: ${escape(name)}, `) }).click();
  await page
    .locator(
      '[data-testid="baseline-ghost"], [data-testid="baseline-added"], [data-testid="baseline-removed"]',
    )
    .first()
    .waitFor();
};

/** The overlay's marks of one item: its ghost bar, its slip label, its "new" mark, its removed ghost. */
export const baselineMarks = (
  page: Page,
  id: number,
): Record<'ghost' | 'slip' | 'added' | 'removed', Locator> => ({
  ghost: page.locator(`[data-testid="baseline-ghost"][data-item-id="${id}"]`),
  slip: page.locator(`[data-testid="baseline-slip"][data-item-id="${id}"]`),
  added: page.locator(`[data-testid="baseline-added"][data-item-id="${id}"]`),
  removed: page.locator(`[data-testid="baseline-removed"][data-item-id="${id}"]`),
});

type Box = { x: number; y: number; width: number; height: number };
const intersect = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Issue 22: the slip labels drawn beside moved bars overlap no bar and no other label (a label without
 * room is left out; its slip stays in the ghost's label). Returns how many labels are drawn.
 */
export const expectSlipLabelsClear = async (page: Page): Promise<number> => {
  const boxes = async (selector: string) =>
    (await Promise.all((await page.locator(selector).all()).map((l) => l.boundingBox()))).filter(
      (box): box is Box => box !== null,
    );
  const labels = await boxes('[data-testid="baseline-slip"]');
  const bars = await boxes('[data-testid="timeline-task"], [data-testid="timeline-milestone"]');
  const overlapping = labels.flatMap((label, i) => [
    ...bars.filter((bar) => intersect(label, bar)).map((bar) => ({ label, bar })),
    ...labels
      .slice(i + 1)
      .filter((other) => intersect(label, other))
      .map((other) => ({ label, other })),
  ]);
  if (overlapping.length > 0) throw new Error(`slip labels overlap: ${JSON.stringify(overlapping)}`);
  return labels.length;
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
