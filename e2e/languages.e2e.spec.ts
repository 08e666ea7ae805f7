import type { Page } from 'playwright-core';
import { E2E_PASSWORD, E2eApp } from './support';

jest.setTimeout(180_000);

const htmlLang = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement
        .lang,
  );

/** Issue 20: the console's language from the browser, the switch, and the user's own choice. */
describe('languages', () => {
  const app = E2eApp.forSuite();

  const loginPage = async (locale: string) => {
    const context = await app.browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    return page;
  };

  it('a de-CH browser gets the login page in German, <html lang> says so', async () => {
    const page = await loginPage('de-CH');
    await page.getByLabel('Benutzername').waitFor();
    await page.getByLabel('Mandant').waitFor();
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
    expect(await htmlLang(page)).toBe('de-CH');
    await page.context().close();
  });

  it('a French browser of another region gets Swiss French; a language the console lacks gets German', async () => {
    const french = await loginPage('fr-FR');
    await french.getByLabel('Nom d’utilisateur').waitFor();
    expect(await htmlLang(french)).toBe('fr-CH');
    await french.context().close();
    const japanese = await loginPage('ja-JP');
    await japanese.getByLabel('Benutzername').waitFor();
    expect(await htmlLang(japanese)).toBe('de-CH');
    await japanese.context().close();
  });

  it('the switch on the login page shows another language at once and after a reload', async () => {
    const page = await loginPage('en-US');
    await page.getByLabel('Username').waitFor();
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Italiano' }).click();
    await page.getByLabel('Nome utente').waitFor();
    expect(await htmlLang(page)).toBe('it-CH');
    await page.reload();
    await page.getByRole('button', { name: 'Accedi' }).waitFor();
    await page.context().close();
  });

  it("a user's choice in the header is theirs: a fresh English browser signs in and shows it", async () => {
    const page = await app.login({ path: '/', ready: (p) => p.getByRole('link', { name: 'Projects' }) });
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await page.getByRole('link', { name: 'Projets' }).waitFor();
    await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
    expect(await htmlLang(page)).toBe('fr-CH');
    // the tenant's option lists speak it too: the demo's projects planned and running
    await page.getByRole('link', { name: 'Projets' }).click();
    await page.getByText('Planifié', { exact: true }).first().waitFor();
    await page.getByText('En cours', { exact: true }).first().waitFor();
    await page.context().close();

    // another browser, English, nothing kept: the choice comes with the user from the server
    const other = await app.browser.newContext({ locale: 'en-US' });
    const fresh = await other.newPage();
    await fresh.goto(`${app.url}/`);
    await fresh.getByLabel('Tenant').fill('demo');
    await fresh.getByLabel('Username').fill('admin');
    await fresh.getByLabel('Password').fill(E2E_PASSWORD);
    await fresh.getByLabel('Password').press('Enter');
    await fresh.getByRole('link', { name: 'Projets' }).waitFor();
    expect(await htmlLang(fresh)).toBe('fr-CH');
    await other.close();
  });
});
