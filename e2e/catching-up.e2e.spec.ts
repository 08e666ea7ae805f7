import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { E2E_PASSWORD, FahrplanProcess, eventually, freePort, launchChromium } from './support';

jest.setTimeout(90_000);

/** How long the server reports catching up after its start (FAHRPLAN_TEST_READY_DELAY_MS). */
const HOLD_MS = 12_000;

/**
 * Issue 17 "listen first": the console shows how far the server's read models are instead of errors,
 * then the page asked for. The demo's log is short, so the server holds its catch-up for a while (the
 * test-only FAHRPLAN_TEST_READY_DELAY_MS); `/api/ready`, the query guard and the screen are the real ones.
 */
describe('a console opened while the server catches up', () => {
  let dataDir: string;
  let server: FahrplanProcess;
  let browser: Browser;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'fahrplan-e2e-'));
    server = new FahrplanProcess(await freePort(), dataDir, E2E_PASSWORD, {
      env: { FAHRPLAN_TEST_READY_DELAY_MS: String(HOLD_MS) },
      readyPath: '/api/health',
    });
    await server.start();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows "catching up, N %" with a progress bar, then the page', async () => {
    // the demo is seeded once the server listens: sign in once it is there
    await eventually(
      async () =>
        (
          await fetch(`${server.url}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ tenant: 'demo', username: 'admin', password: E2E_PASSWORD }),
          })
        ).ok,
      'the demo tenant',
    );
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${server.url}/applications`);
    await page.getByLabel('Tenant').fill('demo');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByLabel('Password').press('Enter');

    const status = page.getByRole('status').filter({ hasText: /^Catching up, \d{1,2} %$/ });
    await status.waitFor();
    const bar = page.getByRole('progressbar', { name: 'read models caught up' });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    expect(await page.getByText(/events per second/).isVisible()).toBe(true);
    // no page of the console, and none of its errors, meanwhile
    expect(await page.getByRole('heading', { name: 'Applications' }).count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.getByRole('heading', { name: 'Applications' }).waitFor({ timeout: HOLD_MS + 20_000 });
    expect(await status.count()).toBe(0);
    expect(await page.getByRole('row').count()).toBeGreaterThan(1);
  });
});
