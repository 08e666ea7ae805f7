import type { AccountView, GoalView, GroupDetailsView, GroupView, Page } from '@fahrplan/contracts';
import { caughtUp, startPlatform } from '../src/testing/platform';
import type { Platform } from '../src/testing/platform';

/** The demo tenant as first start seeds it: the portfolio a new user explores. */
let platform: Platform;
let projects: GroupView[];

const get = async <T>(path: string): Promise<T> => {
  const { status, body } = await platform.api.get(path, platform.admin);
  expect({ path, status }).toEqual({ path, status: 200 });
  return body as T;
};

beforeAll(async () => {
  platform = await startPlatform();
  await caughtUp(platform.embedded);
  // the whole demo portfolio on one page
  const page = await get<Page<GroupView>>('/api/groups?limit=1000');
  expect(page.nextCursor).toBeNull();
  projects = [...page.items];
}, 30_000);

afterAll(async () => {
  await platform?.stop();
});

describe('the seeded demo portfolio', () => {
  it('has about 40 projects with valid dates 2025–2027, ratings 0–9 and varied classifications', () => {
    expect(projects.length).toBeGreaterThanOrEqual(35);
    expect(projects.length).toBeLessThanOrEqual(50);
    for (const p of projects) {
      expect({ title: p.title, start: p.start, end: p.end }).toEqual({
        title: p.title,
        start: expect.stringMatching(/^202[5-7]-\d\d-\d\d$/),
        end: expect.stringMatching(/^202[5-7]-\d\d-\d\d$/),
      });
      expect(p.end! >= p.start!).toBe(true);
      for (const metric of [p.metric1, p.metric2, p.metric3]) expect(metric).toEqual(expect.any(Number));
      expect(Math.max(p.metric1!, p.metric2!, p.metric3!)).toBeLessThanOrEqual(9);
      expect(p.metric4).toBe(p.priority);
    }
    for (const field of ['status', 'phase', 'healthStatus', 'art', 'klasse'] as const)
      expect(new Set(projects.map((p) => p[field])).size).toBeGreaterThan(2);
    expect(projects.filter((p) => p.projectNr).length).toBeGreaterThanOrEqual(5);
  });

  it('has subprojects, listed under their parent', async () => {
    const subs = projects.filter((p) => p.parent !== null);
    expect(subs.length).toBeGreaterThanOrEqual(3);
    const parentId = subs[0]!.parent!;
    const parent = await get<GroupDetailsView>(`/api/groups/${parentId}`);

    const expected = subs.filter((s) => s.parent === parentId).map((s) => ({ id: s.id, title: s.title }));
    expect(parent.subprojects).toEqual(expect.arrayContaining(expected));
    expect(parent.subprojects).toHaveLength(expected.length);
    expect(subs[0]!.parentTitle).toBe(parent.title);
  });

  it('has a goal tree of strategic goals with assignable subgoals, and goal values on most projects', async () => {
    const { items: goals } = await get<Page<GoalView>>('/api/goals');
    const strategic = goals.filter((g) => g.parent === null);
    expect(strategic.length).toBeGreaterThanOrEqual(3);
    for (const root of strategic) {
      expect(root.assignable).toBe(false);
      const children = goals.filter((g) => g.parent === root.id);
      expect(children.length).toBeGreaterThanOrEqual(2);
      expect(children.every((g) => g.assignable)).toBe(true);
    }
    const rated = projects.filter((p) => p.goals.length > 0);
    expect(rated.length).toBeGreaterThan(projects.length / 2);

    const values = await get<{ value: number; goal: GoalView | null }[]>(`/api/groups/${rated[0]!.id}/goals`);
    expect(values.length).toBe(rated[0]!.goals.length);
    for (const { value, goal } of values) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(9);
      expect(goal).toMatchObject({ assignable: true, parent: expect.any(Number) });
    }
  });

  it('has projects with an account of their own that holds entries', async () => {
    const funded = projects.filter((p) => p.account !== null);
    expect(funded.length).toBeGreaterThanOrEqual(3);
    for (const project of funded) {
      const account = await get<AccountView>(`/api/accounts/${project.account}`);
      expect(account).toMatchObject({
        refType: 'group',
        refId: project.id,
        accountNumber: project.projectNr,
        name: project.title,
      });
      expect(account.entries.length).toBeGreaterThan(0);
    }
  });

  it("lists the projects that use an application in the application's projects", async () => {
    const erp = await get<{ id: number }>(`/api/applications/${encodeURIComponent('ERP Core')}`);
    const using = projects.filter((p) => p.applications.includes(erp.id));
    expect(using.length).toBeGreaterThan(0);

    const { items: used, nextCursor } = await get<Page<{ id: number; title: string }>>(
      `/api/applications/${erp.id}/projects`,
    );
    expect(nextCursor).toBeNull();
    expect(used.map((p) => p.id).sort((a, b) => a - b)).toEqual(using.map((p) => p.id).sort((a, b) => a - b));
    expect(used.map((p) => p.title)).toEqual(expect.arrayContaining(['S/4HANA Migration']));
  });

  it('has comments on projects', async () => {
    const s4 = projects.find((p) => p.title === 'S/4HANA Migration');
    expect(s4).toBeDefined();
    const { items: comments } = await get<Page<{ refType: string; refId: number }>>(
      `/api/comments?refType=PROJECT&refId=${s4!.id}`,
    );
    expect(comments.length).toBeGreaterThan(0);
    expect(comments.every((c) => c.refType === 'PROJECT' && c.refId === s4!.id)).toBe(true);
  });
});
