import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { E2E_PASSWORD, E2eApp, eventually } from './support';

jest.setTimeout(300_000);

const SHOTS = process.env.THEME_SCREENSHOTS ?? '/tmp';

type Scheme = 'light' | 'dark';

/** The attributes the head script and the switch set on <html>. */
const shown = (page: Page): Promise<{ scheme: string | null; contrast: string | null }> =>
  page.evaluate(`({
    scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
    contrast: document.documentElement.getAttribute('data-fahrplan-contrast'),
  })`);

/** The browser's window, as far as these checks use it (the e2e specs compile without the DOM types). */
interface StyleWindow {
  getComputedStyle(element: unknown): { getPropertyValue(property: string): string };
}
const computed = (target: Locator, property: string): Promise<string> =>
  target.evaluate(
    (element, name) =>
      (globalThis as unknown as StyleWindow).getComputedStyle(element).getPropertyValue(name),
    property,
  );

/** WCAG relative luminance of a computed `rgb(…)` colour: 0 black, 1 white. */
const luminance = (colour: string) => {
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
    const s = Number(c) / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  if (b === undefined) throw new Error(`not an rgb colour: ${colour}`);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b;
};
const isFocused = (element: unknown) =>
  (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement === element;
const isDark = (colour: string) => luminance(colour) < 0.1;
const isLight = (colour: string) => luminance(colour) > 0.4;

/**
 * Every change of the scheme or contrast attribute during a page load, and whether the page's body and
 * stylesheets existed then: recorded from before the first script of the page runs.
 */
const recordSchemes = `
  window.__schemes = [];
  // <html> does not exist yet when this runs: the document with its subtree catches its attributes
  new MutationObserver(() => window.__schemes.push({
    scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
    contrast: document.documentElement.getAttribute('data-fahrplan-contrast'),
    rootParsed: document.getElementById('root') !== null,
    stylesheets: document.styleSheets.length,
  })).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['data-mantine-color-scheme', 'data-fahrplan-contrast'],
  });
`;
interface Recorded {
  scheme: string | null;
  contrast: string | null;
  rootParsed: boolean;
  stylesheets: number;
}

/** What axe-core's color-contrast rule (WCAG 2.2 AA) finds on the page: each failing element and why. */
const contrastFailures = async (page: Page): Promise<string[]> => {
  const { violations } = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  );
};

/** Issue 20: light, dark and the system's scheme per user, high contrast, and WCAG AA colours in all four. */
describe('themes', () => {
  const app = E2eApp.forSuite({ signIn: true });

  const me = async () => (await app.api('/api/me')).preferences as { theme: string; highContrast: boolean };
  const choose = (preferences: { theme?: string; highContrast?: boolean }) =>
    app.api('/api/commands/ChangeMyPreferences', { json: preferences });

  const login = (path: string, colorScheme: Scheme, ready: (page: Page) => Locator) =>
    app.login({ path, colorScheme, viewportHeight: 1000, ready });
  const timelineReady = (page: Page) => page.getByTestId('timeline-task').first();

  const openAppearance = async (page: Page) => {
    await page.getByTestId('appearance-switch').click();
    return page.getByRole('dialog');
  };

  beforeAll(() => choose({ theme: 'system', highContrast: false }));

  it('an OS in dark mode with nothing chosen shows the console dark, from before the first paint', async () => {
    const context = await app.browser.newContext({ colorScheme: 'dark', locale: 'en-US' });
    const page = await context.newPage();
    await page.addInitScript(recordSchemes);
    await page.goto(`${app.url}/login`);
    await page.getByLabel('Username').waitFor();
    const records = await page.evaluate<Recorded[]>('window.__schemes');
    expect(records[0]).toEqual({ scheme: 'dark', contrast: null, rootParsed: false, stylesheets: 0 });
    expect(records.every((r) => r.scheme === 'dark')).toBe(true);
    expect(isDark(await computed(page.locator('body'), 'background-color'))).toBe(true);
    expect(isLight(await computed(page.getByLabel('Username'), 'color'))).toBe(true);
    expect(await contrastFailures(page)).toEqual([]);
    await context.close();
  });

  it('Light chosen in the header beats a dark OS, stays without a flash on reload, and follows the user to another browser', async () => {
    const page = await login('/', 'dark', timelineReady);
    expect(await shown(page)).toEqual({ scheme: 'dark', contrast: null });
    const switcher = page.getByRole('button', { name: 'Appearance: System' });
    await switcher.focus();
    await page.keyboard.press('Enter');
    // the popover keeps the focus: on the scheme chosen (System), the arrow moves it to Light
    const popover = page.getByRole('dialog');
    await eventually(
      () => popover.getByRole('radio', { name: 'System' }).evaluate(isFocused),
      'the focus on the chosen scheme',
    );
    await page.keyboard.press('ArrowRight');
    await eventually(async () => (await shown(page)).scheme === 'light', 'Light shown');
    expect(await popover.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Appearance: Light' }).waitFor();
    expect(isLight(await computed(page.locator('body'), 'background-color'))).toBe(true);
    await eventually(async () => (await me()).theme === 'light', 'the choice is kept on the server');

    // a reload paints light from the start: the attribute is never dark on the way
    await page.addInitScript(recordSchemes);
    await page.reload();
    await timelineReady(page).waitFor();
    const records = await page.evaluate<Recorded[]>('window.__schemes');
    expect(records[0]).toMatchObject({ scheme: 'light', rootParsed: false, stylesheets: 0 });
    expect(records.map((r) => r.scheme)).not.toContain('dark');
    await page.context().close();

    // a fresh browser on a dark OS: dark until the user signs in, then their Light
    const other = await app.browser.newContext({ colorScheme: 'dark', locale: 'en-US' });
    const fresh = await other.newPage();
    await fresh.goto(`${app.url}/`);
    await fresh.getByLabel('Username').waitFor();
    expect((await shown(fresh)).scheme).toBe('dark');
    await fresh.getByLabel('Tenant').fill('demo');
    await fresh.getByLabel('Username').fill('admin');
    await fresh.getByLabel('Password').fill(E2E_PASSWORD);
    await fresh.getByLabel('Password').press('Enter');
    await fresh.getByRole('button', { name: 'Appearance: Light' }).waitFor();
    expect((await shown(fresh)).scheme).toBe('light');
    await other.close();
    await choose({ theme: 'system' });
  });

  it('high contrast goes on and off by keyboard, is kept, and darkens the text', async () => {
    const page = await login('/', 'light', timelineReady);
    const text = () => computed(page.getByRole('link', { name: 'Projects' }), 'color');
    const normalText = await text();
    const popover = await openAppearance(page);
    const toggle = popover.getByRole('switch', { name: 'High contrast' });
    await toggle.focus();
    await page.keyboard.press('Space');
    expect(await shown(page)).toEqual({ scheme: 'light', contrast: 'high' });
    expect(await text()).toBe('rgb(0, 0, 0)');
    await eventually(async () => (await me()).highContrast, 'high contrast is kept');
    await page.getByRole('button', { name: 'Appearance: System, high contrast' }).waitFor();
    await page.addInitScript(recordSchemes);
    await page.reload();
    await timelineReady(page).waitFor();
    expect((await shown(page)).contrast).toBe('high');
    // high contrast from before the first paint as well
    const records = await page.evaluate<Recorded[]>('window.__schemes');
    expect(records[0]).toMatchObject({ contrast: 'high', rootParsed: false, stylesheets: 0 });

    await (await openAppearance(page)).getByRole('switch', { name: 'High contrast' }).uncheck();
    expect((await shown(page)).contrast).toBeNull();
    expect(await text()).toBe(normalText);
    await eventually(async () => !(await me()).highContrast, 'high contrast off is kept');
    await page.context().close();
  });

  it('the timeline and the portfolio chart take dark colours in dark', async () => {
    await choose({ theme: 'dark' });
    const page = await login('/', 'light', timelineReady);
    await page.getByRole('button', { name: 'Appearance: Dark' }).waitFor();
    const sidebar = page.locator('[data-timeline-sidebar]').first();
    expect(isDark(await computed(sidebar, 'background-color'))).toBe(true);
    expect(isLight(await computed(sidebar.locator('.mantine-Text-root').first(), 'color'))).toBe(true);
    const row = page.getByTestId('timeline-row').first();
    expect(isDark(await computed(row, 'border-top-color'))).toBe(true);
    const bar = timelineReady(page).locator(':scope > div > div');
    expect(await computed(bar, 'color')).toBe('rgb(255, 255, 255)');

    await page.goto(`${app.url}/projects?view=chart`);
    const chart = page.getByTestId('portfolio-chart');
    await chart.locator('.apexcharts-series-bubble .apexcharts-marker').first().waitFor();
    expect(isLight(await computed(chart.locator('.apexcharts-xaxis-label').first(), 'fill'))).toBe(true);
    expect(isLight(await computed(chart.locator('.apexcharts-legend-text').first(), 'color'))).toBe(true);
    expect(isDark(await computed(chart.locator('.apexcharts-gridline').first(), 'stroke'))).toBe(true);
    await page.context().close();
    await choose({ theme: 'system' });
  });

  describe('colour contrast (axe-core, WCAG 2.2 AA) in every variant', () => {
    const variants = [
      { name: 'light', theme: 'light', highContrast: false },
      { name: 'dark', theme: 'dark', highContrast: false },
      { name: 'high-contrast-light', theme: 'light', highContrast: true },
      { name: 'high-contrast-dark', theme: 'dark', highContrast: true },
    ] as const;

    const projectDialog = (page: Page) => page.getByRole('dialog', { name: /Cloud Landing Zone/ });
    const screens: {
      path: string;
      /** What to do there first (a tab to open). */
      open?: (page: Page) => Promise<void>;
      ready: (page: Page) => Locator;
      shot?: string;
    }[] = [
      { path: '/', ready: timelineReady, shot: 'timeline' },
      { path: '/projects', ready: (page) => page.getByRole('row').nth(1) },
      {
        path: '/projects?view=chart',
        ready: (page) => page.locator('.apexcharts-series-bubble .apexcharts-marker').first(),
      },
      { path: '/applications', ready: (page) => page.getByRole('row').nth(1) },
      {
        path: '/project-details/Cloud%20Landing%20Zone',
        ready: projectDialog,
        shot: 'project-dialog',
      },
      {
        path: '/project-details/Cloud%20Landing%20Zone',
        open: (page) => projectDialog(page).getByRole('tab', { name: 'Strategy' }).click(),
        ready: (page) => projectDialog(page).locator('.apexcharts-svg'),
        shot: 'project-strategy',
      },
    ];

    it.each(variants)('$name: no text or chart label below AA', async ({ name, theme, highContrast }) => {
      await choose({ theme, highContrast });
      const page = await login('/', 'light', timelineReady);
      // no fade in the middle of a measurement
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const failures: string[] = [];
      for (const screen of screens) {
        await page.goto(`${app.url}${screen.path}`);
        await screen.open?.(page);
        await screen.ready(page).waitFor();
        expect(await shown(page)).toEqual({ scheme: theme, contrast: highContrast ? 'high' : null });
        failures.push(...(await contrastFailures(page)).map((failure) => `${screen.path} ${failure}`));
        if (screen.shot) await page.screenshot({ path: `${SHOTS}/i20-themes-${screen.shot}-${name}.png` });
      }
      // signed out, the login page keeps the last appearance of this browser
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.getByLabel('Username').waitFor();
      expect(await shown(page)).toEqual({ scheme: theme, contrast: highContrast ? 'high' : null });
      failures.push(...(await contrastFailures(page)).map((failure) => `/login ${failure}`));
      expect(failures).toEqual([]);
      await page.context().close();
    });

    afterAll(() => choose({ theme: 'system', highContrast: false }));
  });
});
