import type { Page } from 'playwright-core';
import { E2eApp, expectNoSeriousViolations, failRequests } from './support';

jest.setTimeout(180_000);

/*
 * Issue 24: a project or item dialog waits for its calendar's rules once; when they fail (or refetch
 * as the editor's own fields subscribe to them) the editor stays, keeps what was typed and says that
 * it counts on Bern's calendar meanwhile.
 */
describe('a dialog whose calendar rules fail', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const holidays = '**/api/calendar/holidays**';

  const login = (path: string): Promise<Page> =>
    app.login({ path, viewportHeight: 1000, ready: (page) => page.getByTestId('session-user') });

  it('keeps the project editor and its unsaved input, warns, and counts on Bern’s calendar', async () => {
    const page = await login('/projects');
    await failRequests(page, holidays, 'holidays down');
    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog', { name: 'new group' });
    const title = dialog.getByLabel('Title');
    await title.waitFor();
    await title.fill('Typed before the rules failed');
    const field = await title.elementHandle();

    await dialog.getByText('durations are counted on Bern’s calendar').waitFor();
    // every retry of the rules (each subscriber refetches a failed query) has had its chance by now
    await page.waitForTimeout(2_000);
    await expect(field!.evaluate((input) => (input as { isConnected: boolean }).isConnected)).resolves.toBe(
      true,
    );
    await expect(title.inputValue()).resolves.toBe('Typed before the rules failed');
    await dialog.getByLabel('Begin').fill('04.01.2027');
    await dialog.getByLabel('End').fill('15.01.2027');
    // 10 working days in 04.01.–15.01.2027 on Bern's calendar, the fallback named in the warning
    await expect(dialog.getByLabel('Duration (working days)').inputValue()).resolves.toBe('10');
    // the warning is part of the dialog as axe-core judges it
    await expectNoSeriousViolations(page, 'the project dialog with its rules failed', {
      include: '[role="dialog"]',
    });
  });
});
