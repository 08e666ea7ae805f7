import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, OTHER_PASSWORD, startPlatform, uniqueName } from '@fahrplan/server/testing';
import type { Platform } from '@fahrplan/server/testing';
import { launchChromium, platformCommand } from './support';

jest.setTimeout(180_000);

const SCREENSHOTS = process.env.SHARING_SCREENSHOTS ?? '/tmp/sharing';

/**
 * The Sharing page with two tenants side by side: the one-process platform of the int specs (tenants
 * 'demo' and 'other'), serving the built console (`npm run build -w console` first).
 */
describe('sharing projects between tenants in the console', () => {
  let platform: Platform;
  let browser: Browser;
  const accepted = uniqueName('Shared roll-out');
  const declined = uniqueName('Shared pilot');
  const theirs = uniqueName('Their project');
  let declinedId = 0;
  let itemId = 0;
  const task = uniqueName('Shared task');

  beforeAll(async () => {
    platform = await startPlatform();
    browser = await launchChromium();
    const command = platformCommand(() => platform);
    for (const title of [accepted, declined]) {
      const project = await command('SaveGroup', { title, start: '2031-03-03', end: '2031-03-31' });
      await command('ShareProject', { id: project.id, tenant: 'other' });
      if (title === declined) declinedId = project.id;
      else
        itemId = (
          await command('SaveItem', {
            title: task,
            group: project.id,
            subgroup: 'tasks',
            start: '2031-03-03T00:00',
            end: '2031-03-08T00:00',
          })
        ).id;
    }
    const project = await command('SaveGroup', { title: theirs }, platform.otherAdmin);
    await command('ShareProject', { id: project.id, tenant: 'demo' }, platform.otherAdmin);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  const login = async (tenant: string, password: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${platform.api.baseUrl}/shares`);
    await page.getByLabel('Tenant').fill(tenant);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('heading', { name: 'Sharing' }).waitFor();
    return page;
  };

  const row = (page: Page, table: string, title: string) =>
    page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: title });

  it('the receiving tenant accepts one share, declines another, and opens the accepted project read-only', async () => {
    const page = await login('other', OTHER_PASSWORD);
    const navigation = page.getByRole('navigation', { name: 'main navigation' });
    await navigation.getByLabel('2 pending shares').waitFor();
    await row(page, 'incoming shares', accepted).getByText('PENDING').waitFor();
    await row(page, 'outgoing shares', theirs).getByText('PENDING').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}-incoming.png`, fullPage: true });

    await row(page, 'incoming shares', accepted).getByRole('button', { name: 'Accept' }).click();
    await row(page, 'incoming shares', accepted).getByText('ACCEPTED').waitFor();
    await navigation.getByLabel('1 pending shares').waitFor();
    await row(page, 'incoming shares', declined).getByRole('button', { name: 'Decline' }).click();
    // a declined share names no project any more
    const declinedRow = page.getByTestId(`share-row-${declinedId}:other`);
    await declinedRow.getByText('DECLINED').waitFor();
    await declinedRow.getByText(`project #${declinedId}`).waitFor();
    await navigation.getByLabel(/pending shares/).waitFor({ state: 'detached' });

    // the row expands to its history: the request by demo, the decision by other
    await row(page, 'incoming shares', accepted).getByText('demo', { exact: true }).click();
    const history = page.getByLabel(`history of ${accepted}`);
    await history.getByText('admin (demo) shared').waitFor();
    await history.getByText('admin (other) accepted').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}-decided.png`, fullPage: true });

    await row(page, 'incoming shares', accepted).getByRole('button', { name: accepted }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`show group ${accepted}`).waitFor();
    await dialog.getByLabel('shared by demo').first().waitFor();
    await expect(dialog.getByRole('button', { name: 'Save' }).count()).resolves.toBe(0);

    // issue 19: its History as the share shows it: the project's changes and this tenant's share, no exports
    await dialog.getByRole('tab', { name: 'History' }).click();
    const rows = dialog.getByRole('table', { name: 'history' }).locator('tbody tr');
    await rows
      .filter({ hasText: 'AcceptProjectShare' })
      .getByText('Share with other: pending → accepted')
      .waitFor();
    await rows.filter({ hasText: 'SaveGroup' }).getByText(accepted).first().waitFor();
    await expect(dialog.getByRole('button', { name: 'Export CSV' }).count()).resolves.toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}-history.png` });

    // its items open read-only too (the timeline's shared bars link to them), their history the owner's
    await page.goto(`${platform.api.baseUrl}/task-details/${itemId}`);
    const itemDialog = page.getByRole('dialog');
    await itemDialog.getByText(task).first().waitFor();
    await expect(itemDialog.getByRole('button', { name: 'Save' }).count()).resolves.toBe(0);
    await expect(itemDialog.getByRole('tab', { name: 'History' }).count()).resolves.toBe(0);
  });

  it('the owner sees the decisions and revokes the accepted share after confirming', async () => {
    const page = await login('demo', DEMO_PASSWORD);
    await page.getByRole('navigation', { name: 'main navigation' }).getByLabel('1 pending shares').waitFor();
    await row(page, 'outgoing shares', declined).getByText('DECLINED').waitFor();
    const share = row(page, 'outgoing shares', accepted);
    await share.getByText('ACCEPTED').waitFor();

    await share.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke the share?' });
    await confirm.getByText(`other will no longer see ${accepted}`).waitFor();
    await confirm.getByRole('button', { name: 'Revoke' }).click();

    await share.getByText('REVOKED').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}-outgoing.png`, fullPage: true });
  });

  it("the project dialog's share step gives the 'tenant not found' notice", async () => {
    const page = await login('demo', DEMO_PASSWORD);
    await row(page, 'outgoing shares', declined).getByRole('button', { name: declined }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`show group ${declined}`).waitFor();
    await dialog.getByRole('tab', { name: 'details' }).click();
    const chips = dialog.getByLabel('Shared with tenants');
    await chips.fill('no-such-tenant');
    await chips.press('Enter');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await page
      .locator('.mantine-Notifications-root')
      .getByText(/tenant not found/)
      .waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}-tenant-not-found.png`, fullPage: true });
  });
});
