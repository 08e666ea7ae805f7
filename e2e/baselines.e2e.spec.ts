import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, TestClock, startPlatform, uniqueName } from '@fahrplan/server/testing';
import type { Platform } from '@fahrplan/server/testing';
import { launchChromium } from './support';

jest.setTimeout(180_000);

const SCREENSHOTS = process.env.BASELINES_SCREENSHOTS ?? '/tmp/baselines';

/**
 * Issue 21: a planner names today's plan as a baseline, the plan moves on, and the Baselines page
 * compares a window with it (slipped, added, removed, totals, CSV), by keyboard where a planner types.
 * The one-process platform of the int specs serves the built console (`npm run build` first).
 */
describe('baselines in the console', () => {
  let platform: Platform;
  let browser: Browser;
  const projectTitle = uniqueName('Roll-out');
  const baselineName = uniqueName('Plan of record');
  const titles = {
    moved: uniqueName('Migration'),
    deleted: uniqueName('Pilot'),
    added: uniqueName('Training'),
  };
  const ids: Record<string, number> = {};
  let project = 0;
  /** The instant of the first test's baseline, before the plan moved on. */
  let beforeMoves = '';
  /** The platform's clock: a command decided after the baseline must carry a later time. */
  const clock = new TestClock();

  const command = async (type: string, data: unknown) => {
    const reply = await platform.api.command(type, data, platform.admin);
    if (reply.status !== 200) throw new Error(`${type}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body as { id: number; version: number; position: number };
  };
  const task = (title: string, start: string, end: string) =>
    command('SaveItem', { title, group: project, subgroup: 'tasks', start, end });

  beforeAll(async () => {
    platform = await startPlatform(clock);
    // the demo tenant is seeded on the real clock: the baseline comes after it
    clock.advance(3600);
    browser = await launchChromium();
    project = (await command('SaveGroup', { title: projectTitle, start: '2031-04-01', end: '2031-04-30' }))
      .id;
    ids.moved = (await task(titles.moved, '2031-04-07T00:00', '2031-04-10T00:00')).id;
    ids.deleted = (await task(titles.deleted, '2031-04-14T00:00', '2031-04-18T00:00')).id;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  });

  const login = async (locale = 'en-US'): Promise<Page> => {
    const context = await browser.newContext({
      viewport: { width: 1400, height: 900 },
      acceptDownloads: true,
      locale,
    });
    const page = await context.newPage();
    await page.goto(`${platform.api.baseUrl}/baselines`);
    const german = locale === 'de-CH';
    await page.getByLabel(german ? 'Mandant' : 'Tenant').fill('demo');
    await page.getByLabel(german ? 'Benutzername' : 'Username').fill('admin');
    await page.getByLabel(german ? 'Passwort' : 'Password').fill(DEMO_PASSWORD);
    await page.getByLabel(german ? 'Passwort' : 'Password').press('Enter');
    await page.getByRole('heading', { name: german ? 'Basispläne' : 'Baselines', level: 1 }).waitFor();
    return page;
  };

  it('creates a baseline now, compares a window after the plan moved, downloads the CSV and deletes it', async () => {
    const page = await login();
    await page.getByText('No baselines yet').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}-empty.png`, fullPage: true });

    // by keyboard: the name, then Enter submits (the instant left empty: now)
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(baselineName);
    await page.getByRole('textbox', { name: 'Name', exact: true }).press('Enter');
    const baselines = page.getByRole('table', { name: 'baselines' });
    await baselines.getByRole('row').filter({ hasText: baselineName }).waitFor();

    beforeMoves = clock.now().toISOString();
    clock.advance(60);
    // the plan moves on: across Easter (Good Friday and Easter Monday are Bern holidays), a delete, an addition
    await command('SaveItem', {
      id: ids.moved,
      version: 0,
      start: '2031-04-10T00:00',
      end: '2031-04-16T00:00',
    });
    await command('DeleteItem', { id: ids.deleted, version: 0 });
    await task(titles.added, '2031-04-23T00:00', '2031-04-25T00:00');

    await baselines.getByRole('button', { name: `Compare with ${baselineName}` }).focus();
    await page.keyboard.press('Enter');
    const section = page.getByRole('region', { name: new RegExp(`Compared with ${baselineName}`) });
    await section.getByText('Nothing in this window changed since the baseline.').waitFor();
    for (const [label, value] of [
      ['From', '01.04.2031'],
      ['Until', '01.05.2031'],
    ] as const) {
      await section.getByLabel(label, { exact: true }).fill(value);
      await section.getByLabel(label, { exact: true }).press('Tab');
    }
    const table = section.getByRole('table', { name: 'comparison with the baseline' });
    const row = (title: string) => table.getByRole('row').filter({ hasText: title });
    await row(projectTitle).getByText('1 slipped, 1 added, 1 removed · +2 WD').waitFor();
    await row(titles.moved).getByText('slipped').waitFor();
    await row(titles.moved).getByText('07.04.2031 – 09.04.2031').waitFor();
    await row(titles.moved).getByText('10.04.2031 – 15.04.2031').waitFor();
    await row(titles.moved).getByText('+3 WD').waitFor();
    await row(titles.moved).getByText('+2 WD').waitFor();
    await row(titles.added).getByText('added').waitFor();
    await row(titles.deleted).getByText('removed').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}-comparison.png`, fullPage: true });

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/_2031-04-01_2031-05-01\.csv$/);
    const text = readFileSync((await csv.path())!, 'utf8');
    expect(text).toContain(`${titles.moved},${ids.moved},slipped,2031-04-07T00:00,2031-04-10T00:00`);
    expect(text).toContain(`,${ids.deleted},removed,`);
    expect(text).toContain(`${projectTitle},${project},,,total,,,,,,2,1,1,1`);

    // a delete asks first, then the list is empty again
    await baselines
      .getByRole('row')
      .filter({ hasText: baselineName })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete baseline' }).click();
    await page.getByText('No baselines yet').waitFor();
  });

  it('speaks Swiss German: Basispläne, slips in Arbeitstagen (AT)', async () => {
    const name = uniqueName('Vor Ostern');
    await command('CreateBaseline', { name, at: beforeMoves });
    const page = await login('de-CH');
    await page
      .getByRole('table', { name: 'Basispläne' })
      .getByRole('button', { name: `Mit ${name} vergleichen` })
      .click();
    const section = page.getByRole('region', { name: new RegExp(`Verglichen mit ${name}`) });
    for (const [label, value] of [
      ['Von', '01.04.2031'],
      ['Bis', '01.05.2031'],
    ] as const) {
      await section.getByLabel(label, { exact: true }).fill(value);
      await section.getByLabel(label, { exact: true }).press('Tab');
    }
    const table = section.getByRole('table', { name: 'Vergleich mit dem Basisplan' });
    await table
      .getByRole('row')
      .filter({ hasText: projectTitle })
      .getByText('1 verschoben, 1 hinzugefügt, 1 entfernt · +2 AT')
      .waitFor();
    await table.getByRole('row').filter({ hasText: titles.moved }).getByText('+3 AT').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}-de-CH.png`, fullPage: true });
  });
});
