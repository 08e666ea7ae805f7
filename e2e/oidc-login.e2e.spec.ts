import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Provider from 'oidc-provider';
import type { Browser, Page } from 'playwright-core';
import { ServiceProcess } from '@fahrplan/server/testing';
import { E2E_PASSWORD, freePort, launchChromium } from './support';

const SHOTS = process.env.OIDC_SCREENSHOTS ?? '/tmp';
const CLIENT_SECRET = 'e2e-client-secret-never-shown';

/**
 * `npm start` configured by FAHRPLAN_OIDC_* variables against a real OpenID provider (oidc-provider
 * with its development login and consent pages), signed in through the login page's button.
 */
describe('OIDC login in the browser', () => {
  let providerServer: Server;
  let server: ServiceProcess;
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    const port = await freePort();
    const appUrl = `http://localhost:${port}`;
    providerServer = createServer();
    await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: 'fahrplan-e2e',
          client_secret: CLIENT_SECRET,
          redirect_uris: [`${appUrl}/api/auth/oidc/callback`],
        },
      ],
      claims: { openid: ['sub'], profile: ['name', 'preferred_username'], groups: ['groups'] },
      findAccount: (_ctx, id) => ({
        accountId: id,
        claims: () => ({
          sub: id,
          name: `${id} from the IdP`,
          preferred_username: id,
          groups: id === 'dana' ? ['planners'] : [],
        }),
      }),
      cookies: { keys: ['e2e-provider-cookie-key'] },
      features: { devInteractions: { enabled: true } },
    });
    providerServer.on('request', provider.callback());
    dataDir = mkdtempSync(join(tmpdir(), 'fahrplan-e2e-oidc-'));
    server = new ServiceProcess({
      entry: 'server/dist/main.js',
      port,
      env: {
        DATA_DIR: dataDir,
        FAHRPLAN_DEMO_PASSWORD: E2E_PASSWORD,
        FAHRPLAN_OIDC_ISSUER: issuer,
        FAHRPLAN_OIDC_CLIENT_ID: 'fahrplan-e2e',
        FAHRPLAN_OIDC_CLIENT_SECRET: CLIENT_SECRET,
        FAHRPLAN_OIDC_LABEL: 'Company SSO',
        FAHRPLAN_OIDC_SCOPES: 'openid profile groups',
        FAHRPLAN_OIDC_MAPPING: JSON.stringify([
          { claim: 'groups', value: 'planners', tenant: 'demo', roles: ['Viewer'] },
        ]),
      },
    });
    await server.start();
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => providerServer?.close(resolve));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The provider's development pages: sign in as `user`, then consent. */
  const throughProvider = async (page: Page, user: string) => {
    await page.locator('input[name="login"]').fill(user);
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await page.getByRole('button', { name: 'Continue' }).click();
  };

  it('signs a mapped user in with the button and shows the console', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${server.url}/login`);
    const button = page.getByRole('link', { name: 'Sign in with Company SSO' });
    await button.waitFor();
    await page.screenshot({ path: `${SHOTS}/oidc-login.png` });
    await button.click();
    await throughProvider(page, 'dana');
    await page.waitForURL(`${server.url}/`);
    await expect(page.getByLabel('Password').count()).resolves.toBe(0);
    await page.getByText('dana from the IdP').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/oidc-signed-in.png` });
    await page.close();
  }, 30_000);

  it('brings an unmapped user back to the login page with the reason', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Sign in with Company SSO' }).click();
    await throughProvider(page, 'eve');
    await page.waitForURL(`${server.url}/login?error=oidc-not-mapped`);
    await page.getByRole('alert').getByText('not assigned to any tenant').waitFor();
    await page.screenshot({ path: `${SHOTS}/oidc-refused.png` });
    await page.close();
    expect(server.output).not.toContain(CLIENT_SECRET);
  }, 30_000);
});
