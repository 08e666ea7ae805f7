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

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
