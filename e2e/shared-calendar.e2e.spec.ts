import type { Browser } from 'playwright-core';
import { OTHER_PASSWORD, startPlatform, uniqueName } from '@fahrplan/server/testing';
import type { Platform } from '@fahrplan/server/testing';
import { bernDefinition } from '@fahrplan/contracts';
import { expectNoSeriousViolations, launchChromium, platformCommand } from './support';

jest.setTimeout(180_000);

/*
 * Issue 24: a tenant that accepted a shared project counts its duration on the owner's calendar (read
 * through GET /api/groups/:id/calendar), not on Bern, and names that calendar read-only. The int specs'
 * platform (tenants 'demo' and 'other'), serving the built console.
 */
describe('a shared project’s calendar in the receiving tenant’s console', () => {
  let platform: Platform;
  let browser: Browser;
  const title = uniqueName('Shared on four days');
  const calendarName = uniqueName('Owner four days');
  let projectId = 0;
  let ownerDuration = 0;

  beforeAll(async () => {
    platform = await startPlatform();
    browser = await launchChromium();
    const command = platformCommand(() => platform);
    const calendar = await command('SaveCalendar', {
      name: calendarName,
      definition: { ...bernDefinition, workingWeekdays: [1, 2, 3, 4] },
    });
    projectId = (
      await command('SaveGroup', { title, calendar: calendar.id, start: '2031-03-03', end: '2031-03-17' })
    ).id;
    await command('ShareProject', { id: projectId, tenant: 'other' });
    const accepted = await command('AcceptProjectShare', { id: projectId }, platform.otherAdmin);
    const owners = await platform.api.get(`/api/groups/${projectId}`, platform.admin, {
      'x-fahrplan-after': String(accepted.position),
    });
    ownerDuration = (owners.body as { duration: number }).duration;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  it('shows the duration the owner sees and the owner’s calendar by name', async () => {
    // the control: on the owner's four-day week the duration differs from Bern's 10 days
    expect(ownerDuration).toBe(8);
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    await page.goto(`${platform.api.baseUrl}/project-details/${projectId}`);
    await page.getByLabel('Tenant').fill('other');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(OTHER_PASSWORD);
    await page.getByLabel('Password').press('Enter');
    const dialog = page.getByRole('dialog', { name: `show group ${title}` });
    await dialog.waitFor();
    const duration = dialog.getByLabel('Duration (working days)');
    await expect(duration.inputValue()).resolves.toBe(String(ownerDuration));
    await dialog.getByRole('tab', { name: 'Details' }).click();
    await expect(dialog.getByLabel('Calendar', { exact: true }).inputValue()).resolves.toBe(calendarName);
    await expectNoSeriousViolations(page, 'a shared project’s details with its owner’s calendar', {
      include: '[role="dialog"]',
    });
  });
});
