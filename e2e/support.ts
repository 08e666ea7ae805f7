import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium } from 'playwright-core';
import type { Browser, Locator, Page } from 'playwright-core';
import { ServiceProcess, freePort, nodeFlagsOf } from '@fahrplan/server/testing';
import type { Platform } from '@fahrplan/server/testing';

export { freePort };

/** `npm start`'s process, exactly as a user runs it (built by `npm run build` first). */
export class FahrplanProcess extends ServiceProcess {
  constructor(
    port: number,
    dataDir: string,
    password: string,
    /** More variables, and `/api/health` to resolve `start()` before the read models caught up. */
    more: { env?: Record<string, string>; readyPath?: string } = {},
  ) {
    super({
      entry: 'server/dist/main.js',
      nodeFlags: nodeFlagsOf(),
      port,
      env: { DATA_DIR: dataDir, FAHRPLAN_DEMO_PASSWORD: password, ...more.env },
      ...(more.readyPath ? { readyPath: more.readyPath } : {}),
    });
  }
}

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });

/** The demo users' password in every e2e server (FAHRPLAN_DEMO_PASSWORD). */
export const E2E_PASSWORD = 'e2e-demo-password';

export interface ApiInit {
  /** Bearer token; none for anonymous calls (login). */
  token?: string;
  /** The body: the call is a POST with it, a GET without. */
  json?: unknown;
  /** Read your writes: the answer waits until the read models passed this event position. */
  after?: number;
  /** More request headers (X-Fahrplan-Scenario, say). */
  headers?: Record<string, string>;
}

/** One call to the server's HTTP API; the JSON answer, or an error naming the path and the status. */
export const api = async (baseUrl: string, path: string, init: ApiInit = {}) => {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.json === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.after === undefined ? {} : { 'x-fahrplan-after': String(init.after) }),
      ...init.headers,
    },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
};

export interface LoginOptions {
  /** Where the browser starts; the login form shows there. */
  path: string;
  username?: string;
  /** The tenant to sign in to (demo) and the password (the demo users'). */
  tenant?: string;
  password?: string;
  viewportHeight?: number;
  viewportWidth?: number;
  /** The browser's language (navigator.languages, Accept-Language): English unless a spec asks. */
  locale?: string;
  /** The operating system's colour scheme (prefers-color-scheme): light unless a spec asks. */
  colorScheme?: 'light' | 'dark';
  /** What shows once the user is in: the heading of that name, or whatever `ready` finds. */
  ready: string | ((page: Page) => Locator);
}

/** One suite's Fahrplan: a server on its own data dir and a Chromium; `start` in beforeAll, `stop` in afterAll. */
export class E2eApp {
  /** An E2eApp started before the suite's tests (as the admin with `signIn`) and stopped after them. */
  static forSuite(options: { signIn?: boolean; env?: Record<string, string> } = {}): E2eApp {
    const app = new E2eApp();
    beforeAll(() => app.start(options));
    afterAll(() => app.stop());
    return app;
  }

  dataDir = '';
  /** The admin's API token once `start({ signIn: true })` ran. */
  token = '';
  private process?: FahrplanProcess;
  private chromium?: Browser;

  get server(): FahrplanProcess {
    if (!this.process) throw new Error('E2eApp not started');
    return this.process;
  }

  get browser(): Browser {
    if (!this.chromium) throw new Error('E2eApp not started');
    return this.chromium;
  }

  get url(): string {
    return this.server.url;
  }

  /** With `env`, the server's own variables beside the suite's (e.g. FAHRPLAN_WEBHOOK_PRIVATE_HOSTS). */
  async start({
    signIn = false,
    env,
  }: { signIn?: boolean; env?: Record<string, string> } = {}): Promise<void> {
    this.dataDir = mkdtempSync(join(tmpdir(), 'fahrplan-e2e-'));
    this.process = new FahrplanProcess(await freePort(), this.dataDir, E2E_PASSWORD, env ? { env } : {});
    await this.process.start();
    this.chromium = await launchChromium();
    if (signIn) {
      const { accessToken } = await this.api('/api/auth/login', {
        json: { tenant: 'demo', username: 'admin', password: E2E_PASSWORD },
      });
      this.token = accessToken as string;
    }
  }

  /**
   * Stops the server, runs `meanwhile` (e.g. `npm run seed` into the data folder), and starts it again
   * on the same port and folder; with `readyPath: '/api/health'` it resolves as soon as the server
   * listens, before its read models have caught up.
   */
  async restart(meanwhile: () => void, { readyPath }: { readyPath?: string } = {}): Promise<void> {
    const port = Number(new URL(this.url).port);
    await this.server.stop();
    meanwhile();
    this.process = new FahrplanProcess(port, this.dataDir, E2E_PASSWORD, readyPath ? { readyPath } : {});
    await this.process.start();
  }

  async stop(): Promise<void> {
    await this.chromium?.close();
    await this.process?.stop();
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** `api` against this server, as the admin once signed in. */
  api(path: string, init: ApiInit = {}) {
    return api(this.url, path, { token: this.token, ...init });
  }

  /** A new browser context signed in on the administration page, on its tab `tab`. */
  async adminTab(tab: string): Promise<Page> {
    const page = await this.login({ path: '/admin', ready: 'Administration' });
    await page.getByRole('tab', { name: tab, exact: true }).click();
    return page;
  }

  /** A new browser context signed in through the login form (tenant demo unless `tenant` says otherwise). */
  async login({
    path,
    username = 'admin',
    tenant = 'demo',
    password = E2E_PASSWORD,
    viewportHeight = 900,
    viewportWidth = 1400,
    locale = 'en-US',
    colorScheme = 'light',
    ready,
  }: LoginOptions): Promise<Page> {
    const context = await this.browser.newContext({
      viewport: { width: viewportWidth, height: viewportHeight },
      locale,
      colorScheme,
    });
    const page = await context.newPage();
    await page.goto(`${this.url}${path}`);
    await page.getByLabel('Tenant').fill(tenant);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Password').press('Enter');
    await (typeof ready === 'string' ? page.getByRole('heading', { name: ready }) : ready(page)).waitFor();
    return page;
  }
}

/** Polls until `check` holds (the read models follow the commands); fails naming `what` after `timeoutMs`. */
export const eventually = async (check: () => Promise<boolean>, what = 'condition', timeoutMs = 15_000) => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** Whether an element has the focus (run in the page: `locator.evaluate(isFocused)`; the specs are compiled without the DOM library). */
export const isFocused = (element: unknown) =>
  element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement;

/** Answers every request matching `pattern` with a 503 problem saying `detail`, until `page.unroute(pattern)`. */
export const failRequests = (page: Page, pattern: string, detail: string) =>
  page.route(pattern, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'about:blank', title: 'Unavailable', status: 503, detail }),
    }),
  );

/** The header's current tenant. */
export const sessionTenant = (page: Page) => page.getByTestId('session-user').locator('span').first();

/** The header's tenant menu, then the new tenant's home page. */
export const switchTenant = async (page: Page, tenant: string) => {
  await page.getByRole('button', { name: /switch tenant/ }).click();
  await page.getByRole('menuitem', { name: tenant }).click();
  await sessionTenant(page)
    .filter({ hasText: new RegExp(`^${tenant}$`) })
    .waitFor();
  await page.waitForURL((url) => url.pathname === '/');
};

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules the console is held to (issue 20). */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export interface AxeCheckOptions {
  /** Analyse only this part (a dialog's selector); the whole page when left out. */
  include?: string;
  /** Rules left out, each with the reason printed on every run, so an exclusion is never silent. */
  skip?: Record<string, string>;
}

/**
 * Runs axe-core with the WCAG A and AA rules on `page` and throws on any serious or critical violation,
 * listing each with its rule, impact, the nodes' selectors and an excerpt of their html: what to fix.
 */
export const expectNoSeriousViolations = async (page: Page, where: string, options: AxeCheckOptions = {}) => {
  const skip = options.skip ?? {};
  for (const [rule, reason] of Object.entries(skip))
    console.warn(`axe on ${where}: ${rule} left out: ${reason}`);
  // a table under its loading veil is inactive (WCAG 1.4.3's exception): judge it once loaded
  await page.locator('.mantine-datatable-loader-fetching').first().waitFor({ state: 'detached' });
  // a notice fading in or an overlay fading out mixes colours for a moment: judge the settled page
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document
      .getAnimations()
      .every((animation) => animation.playState !== 'running'),
  );
  // a Mantine tooltip mounts transparent and fades in on the next frame, before any transition runs:
  // judge it once it is fully shown (or gone). (A chart's own tooltip rests hidden: not one of these.)
  await page.waitForFunction(() => {
    const { document, getComputedStyle } = globalThis as unknown as {
      document: { querySelectorAll(selector: string): Iterable<object> };
      getComputedStyle(element: object): { opacity: string };
    };
    return [...document.querySelectorAll('.mantine-Tooltip-tooltip')].every(
      (tooltip) => getComputedStyle(tooltip).opacity === '1',
    );
  });
  let builder = new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).disableRules(Object.keys(skip));
  if (options.include) builder = builder.include(options.include);
  const { violations } = await builder.analyze();
  const serious = violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
  if (serious.length === 0) return;
  const report = serious.flatMap(({ id, impact, help, nodes }) => [
    `${id} (${impact}): ${help}`,
    ...nodes.map(
      ({ target, html, failureSummary }) =>
        `  ${target.join(' ')}\n    ${html.replace(/\s+/g, ' ').slice(0, 160)}\n    ${(failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`,
    ),
  ]);
  throw new Error(
    `axe on ${where}: ${serious.length} serious or critical violation(s)\n${report.join('\n')}`,
  );
};

/** A command on the int specs' platform that must succeed (by demo/admin unless another token is given). */
export const platformCommand =
  (platform: () => Platform) =>
  async (
    type: string,
    data: unknown,
    token = platform().admin,
  ): Promise<{ id: number; position: number }> => {
    const reply = await platform().api.command(type, data, token);
    if (reply.status !== 200) throw new Error(`${type}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body as { id: number; position: number };
  };
