import { addDays, maxTimelineDays, timelineItemsMaxDays } from '@fahrplan/contracts';
import type { TimelineView } from '@fahrplan/contracts';
import { adminApi } from './support/admin-api';
import { TestClock, startPlatform, uniqueName } from '../src/testing/platform';
import type { Platform } from '../src/testing/platform';

let platform: Platform;
const clock = new TestClock();

beforeAll(async () => {
  platform = await startPlatform(clock);
}, 30_000);

afterAll(async () => {
  await platform?.stop();
});

const { run, read } = adminApi(() => platform);

/** Issue 17: the timeline answers a page of rows, each with its items in the window or its summary. */
describe('GET /api/timeline pages by rows', () => {
  // twelve projects with a task and a milestone in March 2036, where nothing else of the demo is planned
  const stamp = uniqueName('Row').replace(/\W/g, '');
  const from = '2036-03-01';
  const to = '2036-04-01';
  let position = 0;
  const created: number[] = [];

  beforeAll(async () => {
    for (const n of [7, 3, 11, 0, 5, 9, 1, 10, 2, 8, 6, 4]) {
      const project = await run('SaveGroup', {
        title: `${stamp} ${String(n).padStart(2, '0')}`,
        start: '2036-01-01',
        end: '2036-12-31',
      });
      created.push(project.id);
      await run('SaveItem', {
        title: `Task ${n}`,
        group: project.id,
        subgroup: 'tasks',
        start: '2036-03-02T00:00',
        end: '2036-03-20T00:00',
      });
      position = (
        await run('SaveItem', {
          title: `Gate ${n}`,
          group: project.id,
          subgroup: 'milestones',
          start: `2036-03-${String(10 + n).padStart(2, '0')}T00:00`,
          end: null,
        })
      ).position;
    }
  }, 60_000);

  const page = async (query: string): Promise<TimelineView> => {
    const reply = await read(`/api/timeline?from=${from}&to=${to}&${query}`, position);
    expect(reply.status).toBe(200);
    return reply.body as TimelineView;
  };

  it('answers the rows in title order across pages, without duplicates, and nextCursor null after the last', async () => {
    const pages = [await page(`group=${created.join(',')}&limit=5`)];
    while (pages.at(-1)!.nextCursor)
      pages.push(
        await page(
          `group=${created.join(',')}&limit=5&cursor=${encodeURIComponent(pages.at(-1)!.nextCursor!)}`,
        ),
      );

    expect(pages.map((p) => p.groups.length)).toEqual([5, 5, 2]);
    const titles = pages.flatMap((p) => p.groups.map((g) => g.content));
    expect(titles).toEqual(Array.from({ length: 12 }, (_, n) => `${stamp} ${String(n).padStart(2, '0')}`));
    expect(pages.map((p) => p.detail)).toEqual(['items', 'items', 'items']);
    // each page carries its own rows' task and milestone
    for (const p of pages) {
      expect(p.items).toHaveLength(2 * p.groups.length);
      expect(new Set(p.items.map((i) => i.group))).toEqual(new Set(p.groups.map((g) => g.id)));
      expect(p.itemCount).toBe(p.items.length);
    }
  });

  it('pages the whole tenant by title too: our rows come in order, once each', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const next: TimelineView = await page(
        `limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...next.groups.map((g) => g.content));
      cursor = next.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((t) => t.startsWith(stamp))).toEqual(
      Array.from({ length: 12 }, (_, n) => `${stamp} ${String(n).padStart(2, '0')}`),
    );
  });

  it('summarises each row beyond the threshold (or when asked): span, counts and milestones, and says so', async () => {
    const wide = `from=2035-06-01&to=${addDays('2035-06-01', timelineItemsMaxDays + 1)}`;
    const narrow = `from=2036-01-01&to=${addDays('2036-01-01', timelineItemsMaxDays)}`;
    const ids = `group=${created.join(',')}`;
    const summarised = (await read(`/api/timeline?${wide}&${ids}`, position)).body as TimelineView;
    const listed = (await read(`/api/timeline?${narrow}&${ids}`, position)).body as TimelineView;
    const asked = await page(`${ids}&detail=summary&limit=3`);

    expect(summarised).toMatchObject({ detail: 'summary', items: [], itemCount: 24, nextCursor: null });
    expect(summarised.summaries).toHaveLength(12);
    const first = summarised.summaries.find((s) => s.group === summarised.groups[0]!.id);
    expect(first).toEqual({
      group: summarised.groups[0]!.id,
      start: '2036-03-02T00:00',
      end: '2036-03-20T00:00',
      taskCount: 1,
      milestoneCount: 1,
      milestones: [{ id: expect.any(Number), title: 'Gate 0', start: '2036-03-10T00:00' }],
    });
    expect(listed).toMatchObject({ detail: 'items', summaries: [], itemCount: 24 });
    expect(asked).toMatchObject({ detail: 'summary', itemCount: 6, nextCursor: expect.any(String) });
    expect(asked.summaries.map((s) => s.group)).toEqual(asked.groups.map((g) => g.id));
  });

  it('refuses a limit outside 1 to 1,000, a cursor it did not give and an unknown detail, naming each', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['limit=-5', 'limit'],
      ['limit=many', 'limit'],
      ['cursor=bm90IGEgY3Vyc29y', 'cursor'],
      ['detail=all', 'detail'],
    ]) {
      const reply = await platform.api.get(`/api/timeline?from=${from}&to=${to}&${query}`, platform.admin);
      expect({ query, status: reply.status, fields: reply.body.errors }).toEqual({
        query,
        status: 400,
        fields: [expect.objectContaining({ field })],
      });
    }
    expect((await page('limit=1000')).groups.length).toBeGreaterThanOrEqual(12);
  });

  it(`answers windows up to ${maxTimelineDays} days and refuses a wider one, naming to`, async () => {
    const widest = await platform.api.get(
      `/api/timeline?from=2020-01-01&to=${addDays('2020-01-01', maxTimelineDays)}`,
      platform.admin,
    );
    expect(widest.status).toBe(200);
    expect(widest.body.detail).toBe('summary');
    const wider = await platform.api.get(
      `/api/timeline?from=2020-01-01&to=${addDays('2020-01-01', maxTimelineDays + 1)}`,
      platform.admin,
    );
    expect({ status: wider.status, fields: wider.body.errors }).toEqual({
      status: 400,
      fields: [expect.objectContaining({ field: 'to' })],
    });
  });
});
