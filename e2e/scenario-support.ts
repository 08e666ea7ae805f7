import type { Locator, Page } from 'playwright-core';

/** The header's scenario switcher: its button, and its options once open. */
export const scenarioSwitcher = (page: Page): Locator => page.getByTestId('scenario-switcher');

/** Opens the switcher and picks the option named `name` (exactly). */
export async function pickInSwitcher(page: Page, name: string): Promise<void> {
  await scenarioSwitcher(page).click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** Branches a scenario from the header's switcher (now), and waits until the console shows it. */
export async function createScenario(page: Page, name: string, description = ''): Promise<void> {
  await pickInSwitcher(page, 'New scenario…');
  const dialog = page.getByRole('dialog', { name: 'New scenario' });
  await dialog.getByLabel('Name').fill(name);
  if (description) await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Create scenario' }).click();
  await dialog.waitFor({ state: 'detached' });
  await scenarioBanner(page, name).waitFor();
}

/** The banner under the header while the console shows the scenario `name`. */
export const scenarioBanner = (page: Page, name: string): Locator =>
  page.getByRole('region', { name: 'scenario' }).filter({ hasText: `Scenario: ${name}` });

/** The scenario id the address bar names, or null on the live plan. */
export const scenarioInUrl = (page: Page): string | null => new URL(page.url()).searchParams.get('scenario');
