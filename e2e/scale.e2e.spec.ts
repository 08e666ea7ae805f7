import { execFileSync } from 'node:child_process';
import type { Page, Response } from 'playwright-core';
import { E2eApp, eventually } from './support';

jest.setTimeout(600_000);

/**
 * Issue 17 in Chromium on a seeded tenant: `npm run seed` writes PROJECTS projects with ITEMS items into
 * the demo tenant (the size CI's time allows; `bench:scale` measures a million), and the console's
 * Projects and Applications pages, the timeline at every zoom and an as-of view stay usable: every list
 * answers a page, never the whole tenant. Restarted on the seeded log, the server listens at once and
 * the console shows how far it has caught up.
 */
const PROJECTS = Number(process.env.E2E_SCALE_PROJECTS ?? 600);
const ITEMS = Number(process.env.E2E_SCALE_ITEMS ?? 60_000);

/** The largest answer a screen may ask for (a page of 100 projects is about 60 kB). */
const MAX_ANSWER_BYTES = 1_000_000;

describe(`the console on a seeded tenant of ${PROJECTS} projects and ${ITEMS} items`, () => {
  const app = E2eApp.forSuite({ signIn: true });
  let beforeSeed: Date;
  /** The API answers the pages asked for, by path and size, and whether each is a page of a list. */
  const answers: { path: string; bytes: number; paged: boolean }[] = [];

  beforeAll(async () => {
    beforeSeed = new Date();
    await eventually(
      async () => Date.now() > beforeSeed.getTime() + 1000,
      'a second between the demo and the seed',
    );
    // the seed goes into the stopped server's log; started again, the server listens at once and its
    // read models catch up with the seed from their checkpoint
    await app.restart(
      () =>
        execFileSync(
          process.execPath,
          [
            'server/dist/seed.js',
            ...['--projects', String(PROJECTS), '--items', String(ITEMS), '--seed', '17'],
            ...['--from', '2027-01-01', '--to', '2028-12-31', '--data-dir', app.dataDir],
          ],
          { stdio: 'pipe' },
        ),
      { readyPath: '/api/health' },
    );
  });

  const record = (page: Page) =>
    page.on('response', (response: Response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/api/') || response.request().method() !== 'GET') return;
      void response.body().then(
        (body) =>
          answers.push({
            path: `${url.pathname}${url.search}`,
            bytes: body.length,
            paged: body.includes('"nextCursor"'),
          }),
        () => undefined,
      );
    });

  const expectBoundedAnswers = () => {
    expect(answers.length).toBeGreaterThan(0);
    const large = answers.filter((answer) => answer.bytes > MAX_ANSWER_BYTES);
    expect(large).toEqual([]);
  };

  const rows = (page: Page, kind: string) => page.locator(`[data-testid^="${kind}-row-"]`);

  it('shows how far the server has caught up while it catches up, then the Projects page', async () => {
    const catchingUp = (p: Page) => p.getByRole('status').filter({ hasText: /^Catching up, \d{1,2} %$/ });
    const page = await app.login({ path: '/projects', ready: catchingUp });
    const bar = page.getByRole('progressbar', { name: 'read models caught up' });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    await page.getByText(/events per second/).waitFor();
    // no page of the console, and none of its errors, meanwhile
    expect(await page.getByRole('heading', { name: 'Projects' }).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('heading', { name: 'Projects' }).waitFor({ timeout: 120_000 });
    expect(await catchingUp(page).count()).toBe(0);
    await page.context().close();
  });

  it('pages the Projects page as it scrolls, and searches on the server', async () => {
    const page = await app.login({ path: '/projects', ready: 'Projects' });
    record(page);
    await eventually(async () => (await rows(page, 'project').count()) === 100, 'the first page of projects');
    await page.getByText('100 projects loaded, more below').waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await eventually(async () => (await rows(page, 'project').count()) === 200, 'the second page');
    // a seeded title ends with its number: the search finds the one project among all
    await page.getByLabel('Search').fill('0317');
    await eventually(async () => (await rows(page, 'project').count()) === 1, 'one project found');
    await page.waitForURL((url) => url.searchParams.get('q') === '0317');
    expect(
      answers.some((answer) => answer.path.startsWith('/api/groups?') && answer.path.includes('q=0317')),
    ).toBe(true);
    expectBoundedAnswers();
    await page.context().close();
  });

  it('shows the Applications page from a page of the catalogue', async () => {
    const page = await app.login({ path: '/applications', ready: 'Applications' });
    record(page);
    await page.reload();
    await rows(page, 'application').first().waitFor();
    await eventually(
      async () => answers.some((answer) => answer.path.startsWith('/api/applications') && answer.paged),
      'a page of applications',
    );
    expectBoundedAnswers();
    await page.context().close();
  });

  it('draws the timeline at every zoom: items by the month, summaries beyond', async () => {
    const page = await app.login({
      path: '/?from=2027-03-01&to=2027-04-01',
      ready: (p) => p.getByTestId('timeline'),
    });
    record(page);
    await page.locator('[data-timeline-item]').first().waitFor();
    // rows are paged: far fewer rows than projects are drawn at first
    const drawn = await page.getByTestId('timeline-row').count();
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(PROJECTS);

    const zoom = (preset: string) =>
      page.getByRole('radiogroup', { name: 'Zoom preset' }).getByText(preset, { exact: true }).click();
    for (const preset of ['Quarter', 'Year', 'Overview']) {
      await zoom(preset);
      const summarised = page.getByTestId('timeline-summarised');
      await summarised.filter({ hasText: /^\d[\d,]* items summarised$/ }).waitFor();
      const count = Number((await summarised.textContent())!.replace(/\D/g, ''));
      // a page of rows summarises hundreds of items at least
      expect(count).toBeGreaterThan(100);
      await page.getByTestId('timeline-summary').first().waitFor();
      expect(await page.locator('[data-timeline-item]').count()).toBe(0);
    }
    await zoom('Month');
    await page.locator('[data-timeline-item]').first().waitFor();
    expectBoundedAnswers();
    await page.context().close();
  });

  it('shows the tenant as of before the seed and after it', async () => {
    const before = beforeSeed.toISOString();
    const page = await app.login({ path: `/projects?asOf=${before}`, ready: 'Projects' });
    record(page);
    const banner = page.getByRole('region', { name: 'as of' });
    await banner.getByText(/^Viewing as of/).waitFor();
    // before the seed: the demo's projects only, all on one page
    await rows(page, 'project').first().waitFor();
    await expect(rows(page, 'project').count()).resolves.toBeLessThan(100);
    await expect(page.getByRole('button', { name: 'Load more' }).count()).resolves.toBe(0);

    const after = new Date().toISOString();
    await page.goto(`${app.url}/projects?asOf=${after}`);
    await banner.getByText(/^Viewing as of/).waitFor();
    await eventually(
      async () => (await rows(page, 'project').count()) === 100,
      'a full first page as of now',
    );
    expectBoundedAnswers();
    await page.context().close();
  });
});
