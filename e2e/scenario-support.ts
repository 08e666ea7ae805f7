import type { Locator, Page } from 'playwright-core';
import type { E2eApp } from './support';

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

/**
 * A task moved to June in a new scenario `name`, then to April on the live plan: a conflict on its
 * begin and end (both values shown), so that a publish is refused.
 */
export async function conflictedScenario(
  app: E2eApp,
  { name, title, stamp }: { name: string; title: string; stamp: string },
): Promise<{ item: number; scenario: number }> {
  const group = await app.api('/api/commands/SaveGroup', {
    json: { title: `CRM ${stamp}`, start: '2027-01-04', end: '2027-12-01' },
  });
  const task = await app.api('/api/commands/SaveItem', {
    json: { title, group: group.id, subgroup: 'tasks', start: '2027-03-01T00:00', end: '2027-03-05T00:00' },
  });
  const item = task.id as number;
  const scenario = (await app.api('/api/commands/CreateScenario', { json: { name } })).id as number;
  const moved = await app.api('/api/commands/SaveItem', {
    json: { id: item, version: task.version, start: '2027-06-01T00:00', end: '2027-06-05T00:00' },
    headers: { 'x-fahrplan-scenario': String(scenario) },
  });
  // then the live plan moves the same item elsewhere
  const live = await app.api('/api/commands/SaveItem', {
    json: { id: item, version: task.version, start: '2027-04-01T00:00', end: '2027-04-05T00:00' },
  });
  await app.api(`/api/items/${item}`, { after: Math.max(live.position as number, moved.position as number) });
  return { item, scenario };
}
