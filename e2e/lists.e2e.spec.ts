import type { Page } from 'playwright-core';
import { E2eApp, eventually } from './support';

jest.setTimeout(240_000);

const SHOTS = process.env.LISTS_SCREENSHOTS ?? '/tmp/lists';

/**
 * Issue 17: the catalogues load a page at a time as they scroll, keep their search and sort in the URL,
 * and the pickers search on the server: on a tenant with more applications than one page holds.
 */
describe('lists that page, on a tenant of more than one page of applications', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const prefix = `Paged ${Date.now().toString(36)}`;
  const count = 150;
  const nameOf = (i: number) => `${prefix} ${String(i).padStart(3, '0')}`;

  beforeAll(async () => {
    let position = 0;
    for (let i = 1; i <= count; i++)
      position = (await app.api('/api/commands/SaveApplication', { json: { name: nameOf(i) } }))
        .position as number;
    await app.api(`/api/applications?q=${encodeURIComponent(prefix)}`, { after: position });
  });

  const rows = (page: Page) => page.locator('[data-testid^="application-row-"]');
  const names = async (page: Page) =>
    page.locator('[data-testid^="application-row-"] td:first-child').allTextContents();

  it('loads the next page as the table scrolls to its bottom, each application once', async () => {
    const page = await app.login({
      path: `/applications?q=${encodeURIComponent(prefix)}`,
      ready: 'Applications',
    });
    // the search came from the URL
    await expect(page.getByLabel('Search').inputValue()).resolves.toBe(prefix);
    await eventually(async () => (await rows(page).count()) === 100, 'the first page of 100');
    await page.getByText('100 applications loaded, more below').waitFor();
    await expect(names(page)).resolves.toEqual(Array.from({ length: 100 }, (_, i) => nameOf(i + 1)));

    // scrolling the table to its bottom loads the rest
    await rows(page).last().scrollIntoViewIfNeeded();
    await page.getByRole('table', { name: 'applications' }).hover();
    await page.mouse.wheel(0, 20_000);
    await eventually(async () => (await rows(page).count()) === count, 'all 150 after scrolling');
    await page.getByText(`${count} applications`, { exact: true }).waitFor();
    const all = await names(page);
    expect(all).toEqual(Array.from({ length: count }, (_, i) => nameOf(i + 1)));
    expect(new Set(all).size).toBe(count);
    await page.screenshot({ path: `${SHOTS}-scrolled.png` });
  });

  it('sorts on the server and keeps the sort and the search in the URL across a reload', async () => {
    const page = await app.login({
      path: `/applications?q=${encodeURIComponent(prefix)}`,
      ready: 'Applications',
    });
    await eventually(async () => (await rows(page).count()) === 100, 'the first page');
    await page.locator('th[data-accessor="name"]').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === '-name');
    await eventually(async () => (await names(page))[0] === nameOf(count), 'the last name first');
    // the server sorted all 150: the first page holds the highest names, not the first page reversed
    await expect(names(page)).resolves.toEqual(Array.from({ length: 100 }, (_, i) => nameOf(count - i)));

    await page.reload();
    await page.getByRole('heading', { name: 'Applications' }).waitFor();
    await expect(page.getByLabel('Search').inputValue()).resolves.toBe(prefix);
    await eventually(async () => (await names(page))[0] === nameOf(count), 'still sorted after a reload');

    // a search typed reaches the URL and the server
    await page.getByLabel('Search').fill(nameOf(42));
    await page.waitForURL((url) => url.searchParams.get('q') === nameOf(42));
    await eventually(async () => (await rows(page).count()) === 1, 'one match');
  });

  it('finds an application the first page of the parent picker does not hold, by searching the server', async () => {
    const page = await app.login({ path: '/applications', ready: 'Applications' });
    await page.getByRole('button', { name: 'New application' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('new application').waitFor();
    await dialog.getByRole('tab', { name: 'Details' }).click();
    const picker = dialog.getByLabel('Parent application', { exact: true });
    await expect(picker.inputValue()).resolves.toBe('not assigned');
    const searched = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/applications' && url.searchParams.get('q') === nameOf(137);
    });
    await picker.click();
    await picker.fill(nameOf(137));
    await searched;
    await page.getByRole('option', { name: nameOf(137), exact: true }).click();
    await expect(picker.inputValue()).resolves.toBe(nameOf(137));
    await page.screenshot({ path: `${SHOTS}-picker.png` });
  });
});
