import type { Locator, Page } from 'playwright-core';
import { E2eApp } from './support';

jest.setTimeout(240_000);

const SHOTS = process.env.LAYOUT_SCREENSHOTS ?? '/tmp/i19-layout';

type Box = { x: number; y: number; width: number; height: number };

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box: ${locator.toString()}`);
  return box;
};

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The page itself never scrolls sideways (a table may, inside itself). */
const pageWidth = (page: Page) =>
  page.evaluate(() => {
    // the specs are compiled without the DOM library
    const { document, innerWidth } = globalThis as unknown as {
      document: { documentElement: { scrollWidth: number } };
      innerWidth: number;
    };
    return { scroll: document.documentElement.scrollWidth, viewport: innerWidth };
  });

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Issue 19, "Screens that hold their shape": every main page from 768 px up, measured by bounding
 * boxes, with a 200-character project title without spaces.
 */
describe.each([768, 1440])('the screens at %i px', (width) => {
  const app = E2eApp.forSuite({ signIn: true });
  const title = `Layout${Date.now().toString(36)}${'X'.repeat(200)}`.slice(0, 200);
  let page: Page;

  beforeAll(async () => {
    const saved = await app.api('/api/commands/SaveGroup', {
      json: { title, start: '2027-01-04', end: '2027-12-20' },
    });
    await app.api(`/api/groups?q=${encodeURIComponent(title.slice(0, 20))}`, {
      after: saved.position as number,
    });
    page = await app.login({ path: '/', viewportWidth: width, ready: (p) => p.getByTestId('timeline') });
  });

  const expectNoPageScroll = async () => {
    const { scroll, viewport } = await pageWidth(page);
    expect(scroll).toBeLessThanOrEqual(viewport);
  };

  it('lays the header out without overlaps, within the viewport', async () => {
    const header = page.locator('header');
    const parts = [
      header.getByText('Fahrplan', { exact: true }),
      header.getByRole('button', { name: /as of/i }),
      header.getByRole('button', { name: 'Search' }),
      header.getByTestId('session-user'),
      header.getByRole('button', { name: 'Log out' }),
      header.getByTestId('appearance-switch'),
      header.getByRole('button', { name: /Language: / }),
    ];
    const boxes = await Promise.all(parts.map(boxOf));
    for (const [i, a] of boxes.entries()) {
      expect(a.x).toBeGreaterThanOrEqual(0);
      expect(a.x + a.width).toBeLessThanOrEqual(width);
      for (const b of boxes.slice(i + 1)) expect(overlap(a, b)).toBe(false);
    }
    await expectNoPageScroll();
  });

  it('cuts a long title in the projects table, whole in its tooltip on hover and on focus', async () => {
    await page.goto(`${app.url}/projects`);
    const row = page.locator('[data-testid^="project-row-"]').filter({ hasText: title });
    await row.waitFor();
    // the table (which scrolls inside itself when its columns need more room) stays within the viewport
    const table = await boxOf(page.locator('.mantine-datatable').filter({ has: row }));
    expect(table.x + table.width).toBeLessThanOrEqual(width);
    // and the title takes its share, not the whole row
    const titleCell = await boxOf(row.locator('td').first());
    expect(titleCell.width).toBeLessThan(Math.min(420, width / 2));
    await expectNoPageScroll();

    const cut = row.getByText(title, { exact: true });
    await cut.hover();
    await page.getByRole('tooltip').filter({ hasText: title }).waitFor();
    await page.screenshot({ path: `${SHOTS}-projects-${width}.png` });
    await page.mouse.move(0, 0);
    await page.getByRole('tooltip').waitFor({ state: 'detached' });
    // the keyboard reaches the cut title and its tooltip too
    await cut.focus();
    await page.getByRole('tooltip').filter({ hasText: title }).waitFor();
  });

  it('wraps the dialog title clear of its close button', async () => {
    await page.locator('[data-testid^="project-row-"]').filter({ hasText: title }).click();
    const dialog = page.getByRole('dialog');
    const heading = dialog.locator('.mantine-Modal-title');
    await heading.filter({ hasText: title }).waitFor();
    const close = await boxOf(dialog.getByRole('button', { name: 'close dialog' }));
    const titleBox = await boxOf(heading);
    expect(overlap(close, titleBox)).toBe(false);
    const content = await boxOf(dialog);
    expect(close.x + close.width).toBeLessThanOrEqual(content.x + content.width);
    expect(content.x + content.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SHOTS}-dialog-${width}.png` });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('labels the timeline axis with whole names only, a month cut by the window included', async () => {
    // the window starts a week before February: January's cell is too narrow for "Jan"
    await page.goto(`${app.url}/?from=2027-01-25&to=2028-01-25`);
    const axis = page.getByTestId('timeline-axis');
    await axis.waitFor();
    const scale = await axis.getAttribute('data-scale');
    const whole = scale === 'month' ? monthNames : ['Q1', 'Q2', 'Q3', 'Q4'];
    const labels = axis.getByTestId('axis-minor-label');
    const texts = await labels.allTextContents();
    expect(texts.filter((text) => text !== '').length).toBeGreaterThanOrEqual(3);
    for (const text of texts) if (text !== '') expect(whole).toContain(text);
    // and none is clipped by its cell
    const clipped = await labels.evaluateAll((cells) =>
      cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
    );
    expect(clipped).toEqual([]);
    if (width >= 1440) expect(scale).toBe('month');
    await expectNoPageScroll();
    await page.screenshot({ path: `${SHOTS}-timeline-${width}.png` });
  });

  it.each([
    ['applications', 'Applications'],
    ['admin', 'Administration'],
    ['shares', 'Sharing'],
  ])('shows /%s without sideways scrolling of the page', async (path, heading) => {
    await page.goto(`${app.url}/${path}`);
    await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
    await expectNoPageScroll();
    await page.screenshot({ path: `${SHOTS}-${path}-${width}.png` });
  });
});
