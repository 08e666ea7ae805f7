import type { Locator, Page } from 'playwright-core';
import { E2eApp, eventually, isFocused } from './support';

jest.setTimeout(180_000);

const SHOTS = process.env.KEYBOARD_SCREENSHOTS ?? '/tmp';

interface StoredItem {
  id: number;
  title: string;
  start: string;
  end: string | null;
  version: number;
}

/**
 * Issue 20 "Accessibility": the keyboard help on `?` (from the one registry of shortcuts), shortcuts
 * switched off as the user's preference, notices spoken by the live region, and a timeline item
 * created, moved and resized without the mouse.
 */
describe('the keyboard and the announcements', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const stamp = Date.now().toString(36);
  const projectTitle = `Keys ${stamp}`;
  const shown = 'from=2027-01-04&to=2027-02-01';
  let project: number;
  let page: Page;

  const timeline = () => page.getByTestId('timeline');
  const help = () => page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  const helpButton = () => page.getByRole('button', { name: 'Keyboard shortcuts' });
  /** The notices' live region: what screen readers hear of saves, undo and refusals. */
  const notices = () => page.getByTestId('notices');
  const urlWindow = () => {
    const params = new URL(page.url()).searchParams;
    return { from: params.get('from'), to: params.get('to') };
  };
  const spanDays = ({ from, to }: { from: string | null; to: string | null }) =>
    (Date.parse(to!) - Date.parse(from!)) / 86_400_000;

  const itemTitled = async (title: string): Promise<StoredItem | undefined> => {
    const answer = (await app.api(`/api/timeline?${shown}&group=${project}`)) as unknown as {
      items: StoredItem[];
    };
    return answer.items.find((i) => i.title === title);
  };
  const storedWhen = async (title: string, done: (item: StoredItem) => boolean, what: string) => {
    let last: StoredItem | undefined;
    await eventually(async () => {
      last = await itemTitled(title);
      return last !== undefined && done(last);
    }, what);
    return last!;
  };
  const focusOn = async (locator: Locator) => {
    await locator.focus();
    await eventually(() => locator.evaluate(isFocused), 'the focus');
  };

  beforeAll(async () => {
    const { id, position } = await app.api('/api/commands/SaveGroup', {
      json: { title: projectTitle, start: '2027-01-04', end: '2027-03-01' },
    });
    project = id as number;
    await app.api(`/api/groups/${project}`, { after: position as number });
    page = await app.login({
      path: `/?project=${project}&${shown}`,
      ready: (p) => p.getByTestId('timeline'),
    });
  });

  it('lists every shortcut on ?, the timeline moves among them; Esc closes it and the focus returns', async () => {
    await focusOn(timeline());
    await page.keyboard.press('?');
    await help().waitFor();
    const items = help().getByTestId('shortcuts-timelineItems');
    for (const move of [
      'New task or New milestone',
      'Move the focused item a day earlier or later',
      'Move the end of the focused task',
      'Move the focused item to the lane above or below',
    ])
      await items.getByText(move, { exact: false }).waitFor();
    await help().getByTestId('shortcuts-timeline').getByText('Zoom in').waitFor();
    await help().getByTestId('shortcuts-dialogs').getByText('Save the dialog').waitFor();
    await page.screenshot({ path: `${SHOTS}/keyboard-help.png` });
    await page.keyboard.press('Escape');
    await help().waitFor({ state: 'detached' });
    await eventually(() => timeline().evaluate(isFocused), 'the focus back on the timeline');

    // the header's button opens it too, and gets the focus back
    await focusOn(helpButton());
    await page.keyboard.press('Enter');
    await help().waitFor();
    await page.keyboard.press('Escape');
    await help().waitFor({ state: 'detached' });
    await eventually(() => helpButton().evaluate(isFocused), 'the focus back on the header button');
  });

  it('creates, moves and resizes a task by keyboard alone; the live region says each save and the undo', async () => {
    const title = `Typed ${stamp}`;
    // create: the project's actions button, New task, the dialog filled and saved with Ctrl+S
    await focusOn(page.getByRole('button', { name: `Project actions for ${projectTitle}` }));
    await page.keyboard.press('Enter');
    await page.locator('[role="menu"]:focus-within').waitFor();
    while (!(await page.locator('[role="menuitem"]:focus', { hasText: 'New task' }).count()))
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /new item/i });
    await dialog.waitFor();
    await focusOn(dialog.getByLabel('Title', { exact: true }));
    await page.keyboard.type(title);
    // a date field offers today once it has the focus: the typed date replaces it
    for (const [field, date] of [
      ['Begin', '11.01.2027 00:00'],
      ['End', '14.01.2027 00:00'],
    ] as const) {
      await focusOn(dialog.getByLabel(field, { exact: true }));
      await page.keyboard.press('Control+a');
      await page.keyboard.type(date);
    }
    await page.keyboard.press('Control+s');
    await dialog.waitFor({ state: 'detached' });
    await notices().getByText('item created').waitFor();
    // the focus is back on the button whose menu opened the dialog
    await eventually(
      () => page.getByRole('button', { name: `Project actions for ${projectTitle}` }).evaluate(isFocused),
      'the focus back on the project actions button',
    );
    const created = await storedWhen(title, () => true, 'created');
    // the stored end is the day after the end shown
    expect([created.start, created.end]).toEqual(['2027-01-11T00:00', '2027-01-15T00:00']);

    // move a day later with the arrow key
    const bar = page.locator(`[data-item-id="${created.id}"]`);
    await focusOn(bar);
    await page.screenshot({ path: `${SHOTS}/keyboard-focused-item.png` });
    await page.keyboard.press('ArrowRight');
    const moved = await storedWhen(title, (s) => s.version > created.version, 'after ArrowRight');
    expect([moved.start, moved.end]).toEqual(['2027-01-12T00:00', '2027-01-16T00:00']);
    await notices().getByText(`Saved: ${title}`).waitFor();
    expect(await notices().textContent()).toContain(`Saved: ${title}`);

    // one day longer with Shift+arrow: the end moves, the start stays
    await eventually(() => bar.evaluate(isFocused), 'the focus still on the item');
    await page.keyboard.press('Shift+ArrowRight');
    const resized = await storedWhen(title, (s) => s.version > moved.version, 'after Shift+ArrowRight');
    expect([resized.start, resized.end]).toEqual(['2027-01-12T00:00', '2027-01-17T00:00']);

    // Ctrl+Z takes the resize back, and the region says so: once the console has its answer (the
    // server may have stored it a moment before the answer arrives)
    await bar.and(page.locator(':not([aria-busy])')).waitFor();
    await page.keyboard.press('Control+z');
    const undone = await storedWhen(title, (s) => s.version > resized.version, 'after Ctrl+Z');
    expect([undone.start, undone.end]).toEqual(['2027-01-12T00:00', '2027-01-16T00:00']);
    await notices().getByText(`Undone: ${title}`).waitFor();
  });

  it('switched off, ? and + do nothing, in this page, after a reload and in /api/me; the header button still helps', async () => {
    await helpButton().click();
    await help().getByRole('switch', { name: 'Single-key shortcuts' }).click();
    await eventually(
      async () =>
        ((await app.api('/api/me')) as { preferences: { shortcuts: boolean } }).preferences.shortcuts ===
        false,
      'shortcuts off in /api/me',
    );
    await help().getByText('off', { exact: true }).first().waitFor();
    await page.keyboard.press('Escape');
    await help().waitFor({ state: 'detached' });

    const expectCharacterKeysIgnored = async () => {
      await focusOn(timeline());
      const before = urlWindow();
      await page.keyboard.press('?');
      await page.keyboard.press('+');
      // the arrow pans (never switched off): once its window shows, the keys before it were handled
      await page.keyboard.press('ArrowRight');
      await page.waitForURL((url) => url.searchParams.get('from') !== before.from);
      expect(spanDays(urlWindow())).toBe(spanDays(before));
      expect(await help().count()).toBe(0);
    };
    await expectCharacterKeysIgnored();
    await page.reload();
    await timeline().waitFor();
    await expectCharacterKeysIgnored();

    // on again from the header button: ? helps and + zooms
    await helpButton().click();
    await help().getByRole('switch', { name: 'Single-key shortcuts' }).click();
    await page.keyboard.press('Escape');
    await help().waitFor({ state: 'detached' });
    await focusOn(timeline());
    const before = urlWindow();
    await page.keyboard.press('+');
    await page.waitForURL((url) => url.searchParams.get('to') !== before.to);
    expect(spanDays(urlWindow())).toBeLessThan(spanDays(before));
    await page.keyboard.press('?');
    await help().waitFor();
    await page.keyboard.press('Escape');
    await eventually(
      async () =>
        ((await app.api('/api/me')) as { preferences: { shortcuts: boolean } }).preferences.shortcuts,
      'shortcuts on in /api/me',
    );
  });
});
