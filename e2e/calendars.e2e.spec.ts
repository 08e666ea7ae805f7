import type { Page } from 'playwright-core';
import { E2eApp, eventually, expectNoSeriousViolations } from './support';

jest.setTimeout(240_000);

/** The year view shown in `dialog` moved to `year` with its previous/next buttons. */
const showYear = async (page: Page, year: number, previous: string, next: string) => {
  const shown = page.getByTestId('year-shown');
  await shown.waitFor();
  const from = Number(await shown.textContent());
  for (let at = from; at !== year; at += at < year ? 1 : -1)
    await page.getByRole('button', { name: at < year ? next : previous }).click();
  await page
    .getByTestId('year-shown')
    .filter({ hasText: String(year) })
    .waitFor();
};

/**
 * Issue 24: Administration → Calendars. A calendar for Zürich is created, its year shows Zürich's
 * holidays named in French once the user switched language, and a company closing day added to it is
 * previewed (the item of a project on that calendar loses a working day) before it is saved.
 */
describe('calendars in the administration', () => {
  const app = E2eApp.forSuite({ signIn: true });

  it('creates a Zürich calendar, shows its year in French, previews a company day and saves it', async () => {
    const page = await app.adminTab('Calendars');
    await page.getByRole('row').filter({ hasText: 'The tenant’s default calendar' }).waitFor();
    await expectNoSeriousViolations(page, 'the calendars tab');

    await page.getByRole('button', { name: 'New calendar' }).click();
    const dialog = page.getByRole('dialog', { name: 'New calendar' });
    await dialog.getByLabel('Name').fill('Zürich');
    await dialog.getByRole('combobox', { name: 'Canton' }).fill('Zuri');
    await page.getByRole('option', { name: 'Zurich', exact: true }).click();
    await dialog.getByRole('checkbox', { name: 'Saturday' }).waitFor();
    await expectNoSeriousViolations(page, 'the new calendar dialog', { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'Zürich' });
    await row.getByText('0 projects, 0 resources').waitFor();

    // a project on the new calendar, with a task over the day the company will close
    const { items: calendars } = await app.api('/api/calendars');
    const zurich = (calendars as { id: number; name: string }[]).find(
      (calendar) => calendar.name === 'Zürich',
    )!;
    const project = await app.api('/api/commands/SaveGroup', {
      json: { title: 'Umzug Zürich', start: '2027-07-01', end: '2027-09-30', calendar: zurich.id },
    });
    await app.api('/api/commands/SaveItem', {
      json: {
        title: 'Server zügeln',
        group: project.id,
        subgroup: 'tasks',
        start: '2027-08-02T00:00',
        end: '2027-08-09T00:00',
      },
    });

    // in French: the year names Zürich's own holiday (Labour Day) and Bern's shared ones
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await row.getByText('1 projets, 0 ressources').waitFor();
    await row.getByRole('button', { name: 'Vue annuelle de Zürich' }).click();
    const year = page.getByRole('dialog', { name: 'L’année de Zürich' });
    await showYear(page, 2026, 'Année précédente', 'Année suivante');
    const labourDay = year.getByRole('gridcell', {
      name: /^vendredi,? 1 mai 2026 : fermé \(Fête du travail\)$/,
    });
    await labourDay.waitFor();
    await year.getByRole('gridcell', { name: /^samedi,? 1 août 2026 : fermé \(Fête nationale/ }).waitFor();
    // the keyboard moves through the year: from 1 May to the next day and the next week
    await labourDay.click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator(':focus').getAttribute('data-date')).toBe('2026-05-09');
    await expectNoSeriousViolations(page, 'the year view', { include: '[role="dialog"]' });
    await page.keyboard.press('Escape');
    await year.waitFor({ state: 'detached' });

    // a company closing day from 2027: the preview names the task, which loses a working day
    await row.getByRole('button', { name: 'Modifier : Zürich' }).click();
    const editor = page.getByRole('dialog', { name: 'Calendrier Zürich' });
    await editor.getByRole('button', { name: 'Ajouter un jour d’entreprise' }).click();
    await editor.getByLabel('Date de la ligne 1').fill('04.08.2027');
    await editor.getByLabel('Nom de la ligne 1').fill('Betriebsausflug');
    await editor.getByLabel('En vigueur dès le').fill('01.01.2027');
    await editor.getByRole('tab', { name: 'Année' }).click();
    await showYear(page, 2027, 'Année précédente', 'Année suivante');
    await editor
      .getByRole('gridcell', {
        name: /^mercredi,? 4 août 2027 : fermé \(jour d’entreprise Betriebsausflug\)/,
      })
      .waitFor();
    await expectNoSeriousViolations(page, 'the calendar editor', { include: '[role="dialog"]' });
    await editor.getByRole('button', { name: 'Aperçu et enregistrer' }).click();

    const preview = page.getByRole('dialog', { name: 'Ce que fait la modification' });
    const item = preview.getByTestId('preview-items').getByRole('row').filter({ hasText: 'Server zügeln' });
    await item.getByText('5 → 4').waitFor();
    await preview
      .getByTestId('preview-projects')
      .getByRole('row')
      .filter({ hasText: 'Umzug Zürich' })
      .waitFor();
    await expectNoSeriousViolations(page, 'the impact preview', { include: '[role="dialog"]' });
    // Cancel goes back to editing; nothing is saved until Confirm
    await preview.getByRole('button', { name: 'Annuler' }).click();
    await preview.waitFor({ state: 'detached' });
    expect((await app.api(`/api/calendars/${zurich.id}`)).versions).toHaveLength(1);
    await editor.getByRole('button', { name: 'Aperçu et enregistrer' }).click();
    await item.getByText('5 → 4').waitFor();
    await preview.getByRole('button', { name: 'Enregistrer la modification' }).click();
    await editor.waitFor({ state: 'detached' });

    await eventually(async () => {
      const saved = await app.api(`/api/calendars/${zurich.id}`);
      return (saved.versions as unknown[]).length === 2;
    }, 'the calendar’s second version');
    const saved = await app.api(`/api/calendars/${zurich.id}`);
    expect((saved.versions as unknown[])[1]).toMatchObject({
      effectiveFrom: '2027-01-01',
      definition: {
        region: 'ZH',
        companyDays: [{ date: '2027-08-04', kind: 'closed', name: 'Betriebsausflug' }],
      },
    });
    await page.context().close();
  });
});
