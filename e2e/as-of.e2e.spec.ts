import type { Page } from 'playwright-core';
import { E2eApp, eventually, isFocused } from './support';

jest.setTimeout(180_000);

const SHOTS = process.env.AS_OF_SCREENSHOTS ?? '/tmp';

/** `n` with two digits, as the picker's time fields take it. */
const two = (n: number) => String(n).padStart(2, '0');

/** Pastes `HH:mm:ss` into the picker's time (its fields take a pasted time as a whole). */
const pasteTime = async (page: Page, time: Date) => {
  const text = `${two(time.getHours())}:${two(time.getMinutes())}:${two(time.getSeconds())}`;
  await page.getByLabel('Hours', { exact: true }).focus();
  // a script string: the specs are type-checked without the DOM library
  await page.evaluate(`(() => {
    const data = new DataTransfer();
    data.setData('text', '${text}');
    const paste = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    document.activeElement.dispatchEvent(paste);
  })()`);
  await page
    .getByLabel('Seconds', { exact: true })
    .and(page.locator(`[value="${two(time.getSeconds())}"]`))
    .waitFor();
};

/** The projects table's row of a project. */
const row = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

describe('as of: an auditor views the past, read-only, and compares it with now', () => {
  // the admin has history VIEW, like the Auditor role
  const app = E2eApp.forSuite({ signIn: true });
  const suffix = Date.now().toString(36);
  const oldTitle = `As-of ${suffix} before`;
  const newTitle = `As-of ${suffix} after`;

  it('shows a project as it was, under a banner, without saving, highlights what changed since, and goes back to now', async () => {
    const saved = await app.api('/api/commands/SaveGroup', { json: { title: oldTitle } });
    const id = saved.id as number;
    await app.api(`/api/groups/${id}`, { after: saved.position as number });

    // the picker works in whole seconds: note the first full second after the project was created
    const created = Date.now();
    const noted = new Date(Math.ceil((created + 1) / 1000) * 1000);
    await eventually(async () => Date.now() > noted.getTime(), 'the noted second');

    const renamed = await app.api('/api/commands/SaveGroup', {
      json: { id, version: saved.version, title: newTitle },
    });
    await app.api(`/api/groups/${id}`, { after: renamed.position as number });

    const page = await app.login({ path: '/projects', ready: 'Projects' });
    await row(page, newTitle).waitFor();

    // the header's control: Escape leaves the picker without a change
    const control = page.getByRole('button', { name: 'As of…' });
    await control.click();
    const dropdown = page.getByRole('dialog').filter({ hasText: 'View everything as it was on' });
    await dropdown.waitFor();
    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('asOf')).toBe(false);

    // the noted date and time in the picker (today, so only the time is entered)
    await control.click();
    const picker = page.getByRole('dialog').filter({ hasText: 'View everything as it was on' });
    await picker.waitFor().catch(async (e: unknown) => {
      await page.screenshot({ path: `${SHOTS}/as-of-picker-failed.png` });
      throw e;
    });
    await pasteTime(page, noted);
    await page.screenshot({ path: `${SHOTS}/as-of-picker.png` });
    await picker.getByRole('button', { name: 'View as of', exact: true }).click();

    // the banner, the URL, and the projects table as of the noted time
    const banner = page.getByRole('region', { name: 'as of' });
    await banner.getByText(/^Viewing as of/).waitFor();
    await banner
      .getByText('read-only. Records deleted since are shown as they were.', { exact: false })
      .waitFor();
    expect(new URL(page.url()).searchParams.get('asOf')).toBe(noted.toISOString());
    // said politely, and the focus on the banner that names the way back
    await page
      .getByRole('status')
      .filter({ hasText: /^Viewing as of .*, read-only$/ })
      .waitFor();
    await eventually(() => banner.evaluate(isFocused), 'the focus on the banner');
    await row(page, oldTitle).waitFor();
    expect(await row(page, newTitle).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New project' }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/as-of-projects.png` });

    // the project dialog as of then: old title, read-only, no Save
    await row(page, oldTitle).click();
    const dialog = page.getByRole('dialog', { name: `show group ${oldTitle}` });
    await dialog.waitFor();
    expect(new URL(page.url()).searchParams.get('asOf')).toBe(noted.toISOString());
    await expect(dialog.getByLabel('Title').inputValue()).resolves.toBe(oldTitle);
    await expect(dialog.getByLabel('Title').getAttribute('readonly')).resolves.not.toBeNull();
    expect(await dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);

    // compare with now: the title is highlighted with its value now
    await dialog.getByRole('switch', { name: 'Compare with now' }).click();
    await dialog.getByText('1 field differs from now:').waitFor();
    await dialog.getByText(`now: ${newTitle}`).waitFor();
    await expect(dialog.getByLabel('Title').getAttribute('data-changed-since')).resolves.toBe('true');
    await expect(dialog.getByLabel('Description').getAttribute('data-changed-since')).resolves.toBeNull();
    await page.screenshot({ path: `${SHOTS}/as-of-compare.png` });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // moving to the timeline keeps the instant
    await page.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).searchParams.get('asOf')).toBe(noted.toISOString());
    await banner.waitFor();
    await page.screenshot({ path: `${SHOTS}/as-of-timeline.png` });

    // back to now: the new title, no banner
    await page.getByRole('link', { name: 'Projects' }).click();
    await row(page, oldTitle).waitFor();
    await banner.getByRole('button', { name: 'Back to now' }).click();
    await banner.waitFor({ state: 'detached' });
    await row(page, newTitle).waitFor();
    expect(await row(page, oldTitle).count()).toBe(0);
    expect(new URL(page.url()).searchParams.has('asOf')).toBe(false);
    await page.getByRole('button', { name: 'New project' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Showing now' }).waitFor();
    await eventually(() => control.evaluate(isFocused), 'the focus back on the As of control');

    // a hand-typed offset: its + reaches the page as a space, and still names the instant
    await page.goto(`${app.url}/projects?asOf=${noted.toISOString().replace('Z', '+00:00')}`);
    await banner.getByText(/^Viewing as of/).waitFor();
    await row(page, oldTitle).waitFor();
  });
});
