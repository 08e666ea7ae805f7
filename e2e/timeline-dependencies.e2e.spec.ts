import type { Locator, Page } from 'playwright-core';
import type { ItemView } from '@fahrplan/contracts';
import { E2eApp, eventually, expectNoSeriousViolations } from './support';
import { dependencyArrow, linkByMouse, timelineBar } from './timeline-support';

jest.setTimeout(180_000);

const SHOTS = process.env.ITEM_SCREENSHOTS ?? '/tmp';
/** What the spec uses of the browser's globals (the e2e specs compile without the DOM library). */
interface BrowserGlobals {
  getComputedStyle(element: unknown): { stroke: string; color: string };
  document: {
    createElement(tag: string): { style: { color: string }; remove(): void };
    body: { append(node: unknown): void };
  };
}

/*
 * Issue 21 on the timeline: three tasks and a milestone linked by mouse from the bars' handles, an
 * arrow removed by selecting it and Delete, a violated dependency in red with its slip in working
 * days, the critical path to the milestone highlighted, and axe on the timeline with its arrows.
 * The tests build on each other, in order.
 */
describe('dependencies on the timeline', () => {
  const app = E2eApp.forSuite({ signIn: true });
  const suffix = Date.now().toString(36);
  const title = {
    first: `Analyse ${suffix}`,
    second: `Build ${suffix}`,
    third: `Test ${suffix}`,
    milestone: `Go-live ${suffix}`,
    early: `Train ${suffix}`,
  };
  const ids: Record<keyof typeof title, number> = { first: 0, second: 0, third: 0, milestone: 0, early: 0 };
  let project = 0;
  let page: Page;

  const items = async () =>
    ((await app.api(`/api/items?group=${project}`)) as unknown as { items: ItemView[] }).items;
  const stored = async (key: keyof typeof title) => (await items()).find((i) => i.id === ids[key])!;

  beforeAll(async () => {
    const group = await app.api('/api/commands/SaveGroup', {
      json: { title: `Linked ${suffix}`, start: '2027-03-01', end: '2027-04-01' },
    });
    project = group.id as number;
    // Monday to Friday each, a weekend between them; the milestone on the Monday after
    const plan = [
      ['first', 'tasks', '2027-03-01T00:00', '2027-03-06T00:00'],
      ['second', 'tasks', '2027-03-08T00:00', '2027-03-13T00:00'],
      ['third', 'tasks', '2027-03-15T00:00', '2027-03-20T00:00'],
      ['milestone', 'milestones', '2027-03-22T00:00', null],
    ] as const;
    let position = group.position as number;
    for (const [key, lane, start, end] of plan) {
      const created = await app.api('/api/commands/SaveItem', {
        json: { title: title[key], group: project, subgroup: lane, start, end },
      });
      ids[key] = created.id as number;
      position = created.position as number;
    }
    await app.api(`/api/items/${ids.milestone}`, { after: position });
    page = await app.login({
      path: `/?project=${project}&from=2027-02-22&to=2027-03-29`,
      ready: (p) => p.getByTestId('timeline'),
    });
    await timelineBar(page, title.milestone).waitFor();
  });

  it('links task1 → task2 → task3 → milestone by mouse from the bars’ edge handles', async () => {
    await linkByMouse(page, title.first, title.second);
    await linkByMouse(page, title.second, title.third);
    await linkByMouse(page, title.third, title.milestone);

    await eventually(async () => {
      const [first, second, third, milestone] = await Promise.all(
        (['first', 'second', 'third', 'milestone'] as const).map(stored),
      );
      return (
        first!.successors.some((l) => l.item === ids.second && l.type === 'finish-to-start' && l.lag === 0) &&
        second!.successors.some((l) => l.item === ids.third) &&
        third!.successors.some((l) => l.item === ids.milestone) &&
        milestone!.predecessors.some((l) => l.item === ids.third)
      );
    }, 'the three dependencies stored');
    expect(await page.getByTestId('dependency-arrow').count()).toBe(3);
    const held = dependencyArrow(page, title.first, title.second);
    expect(await held.getAttribute('aria-label')).toBe(
      `Dependency ${title.first} → ${title.second}, finish to start, lag 0 WD`,
    );
    expect(await held.getAttribute('data-violated')).toBeNull();
    await page.screenshot({ path: `${SHOTS}/timeline-dependencies.png` });
  });

  it('refuses a link that would close a cycle, naming the cycle in a notice', async () => {
    await linkByMouse(page, title.milestone, title.first, { refused: true });
    await page
      .getByText(
        `dependency would form a cycle: ${title.milestone} → ${title.first} → ${title.second} → ${title.third} → ${title.milestone}`,
      )
      .waitFor();
    expect(await page.getByTestId('dependency-arrow').count()).toBe(3);
  });

  it('draws a violated dependency in red with its slip in working days', async () => {
    // Test ends Friday 19 March; four working days later, past Good Friday and Easter Monday (Bern
    // holidays), is Tuesday 30: Train, from Monday 22, starts four working days too early
    const created = await app.api('/api/commands/SaveItem', {
      json: {
        title: title.early,
        group: project,
        subgroup: 'tasks',
        start: '2027-03-22T00:00',
        end: '2027-03-25T00:00',
      },
    });
    ids.early = created.id as number;
    await app.api('/api/commands/AddDependency', {
      json: { predecessor: ids.third, successor: ids.early, type: 'finish-to-start', lag: 4 },
    });
    await page.reload();
    const violated = dependencyArrow(page, title.third, title.early);
    await violated.waitFor();
    expect(await violated.getAttribute('data-violated')).toBe('true');
    expect(await violated.getAttribute('aria-label')).toBe(
      `Dependency ${title.third} → ${title.early}, finish to start, lag 4 WD, violated: −4 WD`,
    );
    expect(await violated.getByTestId('dependency-slip').textContent()).toBe('−4 WD');
    const strokeOf = (arrow: Locator) =>
      arrow
        .locator('path[marker-end]')
        .evaluate((path) => (globalThis as unknown as BrowserGlobals).getComputedStyle(path).stroke);
    const stroke = await strokeOf(violated);
    const held = await strokeOf(dependencyArrow(page, title.first, title.second));
    // Mantine's red for text, as the page resolves it
    const red = await page.evaluate(() => {
      const { document, getComputedStyle } = globalThis as unknown as BrowserGlobals;
      const probe = document.createElement('span');
      probe.style.color = 'var(--mantine-color-red-text)';
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    });
    expect(stroke).toBe(red);
    expect(held).not.toBe(red);
    await page.screenshot({ path: `${SHOTS}/timeline-dependency-violated.png` });
  });

  it('highlights the critical path to the milestone, with each item’s float in its tooltip', async () => {
    await page.getByRole('combobox', { name: 'Critical path to milestone' }).click();
    await page.getByRole('option', { name: title.milestone }).click();
    for (const key of ['first', 'second', 'third', 'milestone'] as const)
      await page.locator(`[data-item-id="${ids[key]}"][data-critical]`).waitFor();
    expect(await timelineBar(page, title.second).getAttribute('title')).toContain(
      'on the critical path, float 0 WD',
    );
    // Train leads nowhere near the milestone: not on the path
    expect(await page.locator(`[data-item-id="${ids.early}"]`).getAttribute('data-critical')).toBeNull();
    expect(await page.locator('[data-testid="dependency-arrow"][data-critical]').count()).toBe(3);
    expect(await dependencyArrow(page, title.third, title.early).getAttribute('data-critical')).toBeNull();
    await page.screenshot({ path: `${SHOTS}/timeline-critical-path.png` });
    await expectNoSeriousViolations(page, 'the timeline with arrows and a critical path');

    // clearing the choice removes the highlight
    await page.getByRole('button', { name: 'Clear the critical path' }).click();
    await eventually(
      async () => (await page.locator('[data-critical]').count()) === 0,
      'the highlight cleared',
    );
  });

  it('selects an arrow by keyboard or click: Esc deselects, Delete removes it', async () => {
    const arrow = dependencyArrow(page, title.third, title.milestone);
    await arrow.focus();
    await page.keyboard.press('Enter');
    const toolbar = page.getByRole('toolbar', {
      name: `Dependency ${title.third} → ${title.milestone}`,
    });
    await toolbar.getByRole('button', { name: 'Remove dependency' }).waitFor();
    await page.keyboard.press('Escape');
    await toolbar.waitFor({ state: 'detached' });

    const straight = dependencyArrow(page, title.first, title.second);
    await straight.click();
    await page.getByRole('toolbar', { name: `Dependency ${title.first} → ${title.second}` }).waitFor();
    expect(await straight.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Delete');
    await straight.waitFor({ state: 'detached' });
    await eventually(
      async () =>
        (await stored('first')).successors.length === 0 && (await stored('second')).predecessors.length === 0,
      'the dependency removed',
    );
    await expectNoSeriousViolations(page, 'the timeline after removing an arrow');
  });
});
