import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import type { TFunction } from 'i18next';
import type { Locator, Page } from 'playwright-core';
import { E2E_PASSWORD, E2eApp, eventually, expectNoSeriousViolations } from './support';

jest.setTimeout(900_000);

const SHOTS = process.env.JOURNEY_SCREENSHOTS ?? '/tmp/i20-journey';

const languages = ['de-CH', 'fr-CH', 'it-CH', 'en'] as const;
const themes = ['light', 'dark'] as const;
type Language = (typeof languages)[number];
type Theme = (typeof themes)[number];

/** The console's own catalogues, one namespace per feature folder: the texts the screens show. */
// jest runs from the repository's root
const features = join(process.cwd(), 'console', 'src', 'features');
const texts = i18next.createInstance();
const catalogues = Object.fromEntries(
  languages.map((language) => [
    language,
    Object.fromEntries(
      readdirSync(features, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .flatMap((entry) => {
          try {
            const file = join(features, entry.name, 'messages', `${language}.json`);
            return [[entry.name, JSON.parse(readFileSync(file, 'utf8')) as object]];
          } catch {
            return [];
          }
        }),
    ),
  ]),
);

/** Where a stored item starts, as a day. */
const dayOf = (value: string) => value.slice(0, 10);

/**
 * Issue 20, "Done when": the planner's journey (log in, open the timeline, create and move a task, open a
 * project, change a rating, save) in each of the four languages and both themes, with axe-core checks at
 * each step. Every text the spec looks for comes from the console's catalogues of that language.
 */
describe("the planner's journey in four languages and two themes", () => {
  const app = E2eApp.forSuite({ signIn: true });
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    await texts.init({ resources: catalogues, fallbackLng: false, interpolation: { escapeValue: false } });
  });

  const stored = async <T>(path: string) => (await app.api(path)) as unknown as T;

  /** Signs in through the login form as the browser of `language` and an OS in `theme` would. */
  const signIn = async (t: TFunction, language: Language, theme: Theme, path: string): Promise<Page> => {
    const context = await app.browser.newContext({
      viewport: { width: 1400, height: 1000 },
      locale: language,
      colorScheme: theme,
    });
    const page = await context.newPage();
    await page.goto(`${app.url}${path}`);
    await page.getByLabel(t('auth:tenant')).fill('demo');
    await page.getByLabel(t('auth:username')).fill('admin');
    await page.getByLabel(t('auth:password')).fill(E2E_PASSWORD);
    await expectNoSeriousViolations(page, `login (${language}, ${theme})`);
    await page.getByRole('button', { name: t('auth:logIn') }).click();
    return page;
  };

  /** What shows <html> in: its language and the colour scheme Mantine applied. */
  const shownAs = (page: Page) =>
    page.evaluate(() => {
      const root = (
        globalThis as unknown as {
          document: { documentElement: { getAttribute(name: string): string | null } };
        }
      ).document.documentElement;
      return { lang: root.getAttribute('lang'), scheme: root.getAttribute('data-mantine-color-scheme') };
    });

  describe.each(languages.flatMap((language) => themes.map((theme) => [language, theme] as const)))(
    'in %s, %s',
    (language, theme) => {
      const t = texts.getFixedT(language);
      const title = `Reise ${language} ${theme} ${stamp}`;
      const taskTitle = `Aufgabe ${language} ${theme} ${stamp}`;
      const window = 'from=2027-01-04&to=2027-02-01';
      let project = 0;
      let page: Page;

      beforeAll(async () => {
        // the user's own choices, as the header's switches store them
        await app.api('/api/commands/ChangeMyPreferences', { json: { language, theme } });
        const saved = await app.api('/api/commands/SaveGroup', {
          json: { title, start: '2027-01-04', end: '2027-03-01' },
        });
        project = saved.id as number;
        await app.api(`/api/groups/${project}`, { after: saved.position as number });
      });

      afterAll(async () => {
        await page?.context().close();
      });

      const shot = async (name: string) => {
        if ((language === 'de-CH' && theme === 'dark') || (language === 'fr-CH' && theme === 'light'))
          await page.screenshot({ path: `${SHOTS}-${language}-${theme}-${name}.png` });
      };

      it('signs in and opens the timeline in the language and theme chosen', async () => {
        page = await signIn(t, language, theme, `/?project=${project}&${window}`);
        await page.getByTestId('timeline').waitFor();
        await page.locator(`[data-row="${project}|tasks"]`).waitFor();
        await expect(shownAs(page)).resolves.toEqual({ lang: language, scheme: theme });
        await expectNoSeriousViolations(page, `timeline (${language}, ${theme})`);
      });

      it('creates a task by double-clicking its lane and moves it a day with the keyboard', async () => {
        const lane = (await page.locator(`[data-row="${project}|tasks"]`).boundingBox())!;
        const perDay = (lane.width - 240) / 28;
        // the middle of the window's 10th day: 2027-01-14
        await page.mouse.dblclick(lane.x + 240 + perDay * 10.5, lane.y + lane.height / 2);
        const dialog = page.getByRole('dialog', { name: t('items:dialogTitle.newItem') });
        await dialog.waitFor();
        await dialog.getByLabel(t('items:overview.title'), { exact: true }).fill(taskTitle);
        await expectNoSeriousViolations(page, `new task dialog (${language}, ${theme})`, {
          include: '[role="dialog"]',
        });
        await dialog.getByRole('button', { name: t('record-dialog:save'), exact: true }).click();
        await dialog.waitFor({ state: 'detached' });

        let task = { id: 0, start: '', version: 0 };
        await eventually(async () => {
          const timeline = await stored<{
            items: { id: number; title: string; start: string; version: number }[];
          }>(`/api/timeline?${window}&group=${project}`);
          task = timeline.items.find((item) => item.title === taskTitle) ?? task;
          return task.id > 0;
        }, 'the created task');
        expect(dayOf(task.start)).toBe('2027-01-14');

        const bar: Locator = page.locator(`[data-item-id="${task.id}"]`);
        // the closed dialog gives the focus back to where it was opened, a moment later: focus the task
        // once the focus stays there
        await eventually(async () => {
          await bar.focus();
          await page.waitForTimeout(100);
          return bar.evaluate((element) => element.matches(':focus'));
        }, 'the task focused');
        await page.keyboard.press('ArrowRight');
        let moved = task;
        await eventually(async () => {
          moved = await stored<typeof task>(`/api/items/${task.id}`);
          return moved.version > task.version;
        }, 'the task moved');
        expect(dayOf(moved.start)).toBe('2027-01-15');
        await expectNoSeriousViolations(page, `timeline with the task (${language}, ${theme})`);
        await shot('timeline');
      });

      it('opens the project, changes a rating on its key figures and saves', async () => {
        await page.getByRole('link', { name: t('layout:nav.projects') }).click();
        await page.getByRole('heading', { name: t('projects:page.title'), level: 1 }).waitFor();
        await expectNoSeriousViolations(page, `projects (${language}, ${theme})`);
        await page.getByRole('row').filter({ hasText: title }).getByText(title).click();
        const dialog = page.getByRole('dialog', { name: t('projects:dialog.title', { title }) });
        await dialog.getByRole('tab', { name: t('projects:dialog.keyFigures') }).click();
        const metric = dialog.getByRole('slider', { name: t('projects:kpi.metric', { n: 1 }) });
        await metric.focus();
        await metric.press('ArrowRight');
        await metric.press('ArrowRight');
        await expectNoSeriousViolations(page, `project dialog, key figures (${language}, ${theme})`, {
          include: '[role="dialog"]',
        });
        await shot('project-dialog');
        await dialog.getByRole('button', { name: t('record-dialog:save'), exact: true }).click();
        await dialog.waitFor({ state: 'detached' });
        await eventually(
          async () => (await stored<{ metric1: number }>(`/api/groups/${project}`)).metric1 === 2,
          'the rating saved',
        );
      });
    },
  );
});
