import type { Locator, Page } from 'playwright-core';
import { eventually } from '@fahrplan/platform/testing';
import { E2eApp } from './support';

jest.setTimeout(120_000);

interface StoredItem {
  id: number;
  title: string;
  group: number;
  subgroup: string | null;
  start: string;
  end: string | null;
  version: number;
}

const DAY_MS = 86_400_000;
const dayOf = (dateTime: string) => Date.parse(`${dateTime.slice(0, 10)}T00:00:00Z`) / DAY_MS;
const days = (item: StoredItem) => dayOf(item.end!) - dayOf(item.start);

/**
 * Issue 5 "Done when", by mouse on the home timeline against a real server: drag-move, drag-resize,
 * create by double-click, a conflict, and undo. Each test plans its own items in its own project; what
 * the mouse did is checked in what the server stored.
 */
describe('the timeline, planned by mouse', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const stamp = Date.now().toString(36);
  let project: number;
  let page: Page;

  const item = async (id: number) => (await app.api(`/api/items/${id}`)) as unknown as StoredItem;

  /** Polls the stored item until `done` holds (the save and its projection are asynchronous). */
  const storedWhen = async (id: number, done: (stored: StoredItem) => boolean, what: string) => {
    let last: StoredItem | undefined;
    await eventually(
      async () => {
        last = await item(id);
        if (!done(last)) throw new Error(`${what}: item is ${JSON.stringify(last)}`);
      },
      { timeoutMs: 10_000, intervalMs: 150 },
    );
    return last!;
  };

  const createTask = async (title: string, start: string, end: string) => {
    const { id, position } = await app.api('/api/commands/SaveItem', {
      json: { title, group: project, subgroup: 'tasks', start, end },
    });
    await app.api(`/api/items/${String(id)}`, { after: position as number });
    return id as number;
  };

  const bar = (id: number): Locator => page.locator(`[data-item-id="${id}"]`);

  /** Drags from a point inside the item by dx pixels horizontally (and dy vertically), in small steps. */
  const drag = async (from: { x: number; y: number }, dx: number, dy = 0) => {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + dx / 4, from.y + dy / 4, { steps: 4 });
    await page.mouse.move(from.x + dx, from.y + dy, { steps: 10 });
    await page.mouse.up();
  };

  /** Pixels per day of the visible window: the lane area is the timeline minus the project column. */
  const dayWidth = async () => {
    const lane = await page.locator('[data-row$="|tasks"]').first().boundingBox();
    expect(lane).not.toBeNull();
    // the window is 4 weeks (from/to in the URL); the lane row spans it after the project column
    return (lane!.width - 240) / 28;
  };
  /** Pixels per day as the item's own bar shows it. */
  const barDayWidth = (box: { width: number }, stored: StoredItem) => box.width / days(stored);

  beforeAll(async () => {
    const { id, position } = await app.api('/api/commands/SaveGroup', {
      json: { title: `Timeline e2e ${stamp}`, start: '2027-01-04', end: '2027-03-01' },
    });
    project = id as number;
    await app.api(`/api/groups/${project}`, { after: position as number });
    page = await app.login({
      path: `/?project=${project}&from=2027-01-04&to=2027-02-01`,
      ready: (p) => p.getByTestId('timeline'),
    });
  });

  const reload = async () => {
    await page.goto(`${app.url}/?project=${project}&from=2027-01-04&to=2027-02-01`);
    await page.getByTestId('timeline').waitFor();
  };

  it('names its window in the Swiss form (issue 20: dates 27.11.2026 in every language)', async () => {
    await reload();
    expect(await page.getByTestId('timeline-window').textContent()).toBe('04.01.2027 – 31.01.2027');
  });

  it('moves a task by dragging it: one SaveItem, later dates, the same length, whole days', async () => {
    const id = await createTask(`Move ${stamp}`, '2027-01-11T00:00', '2027-01-16T00:00');
    await reload();
    const box = (await bar(id).boundingBox())!;
    const before = await item(id);
    await drag({ x: box.x + box.width / 2, y: box.y + box.height / 2 }, 3 * barDayWidth(box, before));
    const moved = await storedWhen(id, (s) => s.version > before.version, 'after the drag');
    expect(dayOf(moved.start) - dayOf(before.start)).toBe(3);
    expect(days(moved)).toBe(days(before));
    expect(moved.start.endsWith('T00:00') && moved.end!.endsWith('T00:00')).toBe(true);
    expect(moved.version).toBe(before.version + 1);
  });

  it('resizes a task by dragging its right edge: the end moves, the start stays', async () => {
    const id = await createTask(`Resize ${stamp}`, '2027-01-11T00:00', '2027-01-14T00:00');
    await reload();
    const box = (await bar(id).boundingBox())!;
    const before = await item(id);
    await drag({ x: box.x + box.width - 2, y: box.y + box.height / 2 }, 4 * barDayWidth(box, before));
    const resized = await storedWhen(id, (s) => s.version > before.version, 'after the resize');
    expect(resized.start).toBe(before.start);
    expect(days(resized)).toBe(days(before) + 4);
  });

  it('creates an item by double-clicking empty lane space: the dialog opens at that project and date', async () => {
    await reload();
    const lane = (await page.locator(`[data-row="${project}|tasks"]`).boundingBox())!;
    const perDay = await dayWidth();
    // the middle of the 10th day of the window: 2027-01-14
    await page.mouse.dblclick(lane.x + 240 + perDay * 10.5, lane.y + lane.height / 2);
    const dialog = page.getByRole('dialog', { name: /new item/i });
    await dialog.waitFor();
    await dialog.getByLabel('Title', { exact: true }).fill(`Created ${stamp}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const timeline = (await app.api(
      `/api/timeline?from=2027-01-04&to=2027-02-01&group=${project}`,
    )) as unknown as {
      items: StoredItem[];
    };
    const created = timeline.items.find((i) => i.title === `Created ${stamp}`);
    expect(created).toMatchObject({ group: project, subgroup: 'tasks' });
    expect(created!.start.slice(0, 10)).toBe('2027-01-14');
    await bar(created!.id).waitFor();
  });

  it('shows a conflict when someone else changed the item, reloads it and stores nothing from the drag', async () => {
    const id = await createTask(`Conflict ${stamp}`, '2027-01-18T00:00', '2027-01-21T00:00');
    await reload();
    const seen = await item(id);
    // someone else renames it: the timeline still holds the old version
    const { position } = await app.api('/api/commands/SaveItem', {
      json: { id, version: seen.version, title: `Conflict ${stamp} (renamed)` },
    });
    await app.api(`/api/items/${id}`, { after: position as number });
    const box = (await bar(id).boundingBox())!;
    await drag({ x: box.x + box.width / 2, y: box.y + box.height / 2 }, 2 * (await dayWidth()));
    await page.getByText('Changed by someone else — reloaded').waitFor();
    // the reload brings the other user's title
    await page.locator(`[data-item-id="${id}"][aria-label*="(renamed)"]`).waitFor();
    const stored = await item(id);
    expect(stored).toMatchObject({ start: seen.start, end: seen.end, version: seen.version + 1 });
  });

  it('undoes the last drag with Ctrl+Z as a new command back to the previous dates', async () => {
    const id = await createTask(`Undo ${stamp}`, '2027-01-25T00:00', '2027-01-27T00:00');
    await reload();
    const before = await item(id);
    const box = (await bar(id).boundingBox())!;
    await drag({ x: box.x + box.width / 2, y: box.y + box.height / 2 }, -3 * barDayWidth(box, before));
    const moved = await storedWhen(id, (s) => s.version === before.version + 1, 'after the drag');
    expect(dayOf(moved.start) - dayOf(before.start)).toBe(-3);
    // the change is on the undo stack once the console has the answer: its notice offers Undo
    await page.getByRole('button', { name: 'Undo', exact: true }).waitFor();
    await page.keyboard.press('Control+z');
    const undone = await storedWhen(id, (s) => s.version === before.version + 2, 'after Ctrl+Z');
    expect(undone).toMatchObject({ start: before.start, end: before.end });
  });
});
