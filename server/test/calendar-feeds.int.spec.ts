import ICAL from 'ical.js';
import type { CalendarFeedView, Page } from '@fahrplan/contracts';
import { adminApi } from './support/admin-api';
import { platformForSuite } from './support/platform-suite';
import { uniqueName } from '../src/testing/platform';

/*
 * Issue 23 "Calendar feeds", through the one-process platform and real HTTP: a user's secret feed is
 * fetched without a login and parsed back with ical.js, an independent RFC 5545 parser.
 */
const platform = platformForSuite();
const { run, refused, read } = adminApi(() => platform);

/** A day `offset` days from today (UTC), as §9 writes a midnight. */
const day = (offset: number) =>
  `${new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)}T00:00`;

interface Created {
  id: number;
  version: number;
  position: number;
  secret?: string;
  path?: string;
}

const createFeed = async (data: Record<string, unknown>, token = platform.admin) => {
  const reply = await platform.api.command('CreateCalendarFeed', data, token);
  expect(reply.status).toBe(200);
  return reply.body as Created;
};

const listed = async (position: number, token = platform.admin, query = '') => {
  const reply = await read(`/api/calendar-feeds${query}`, position, token);
  expect(reply.status).toBe(200);
  return reply.body as Page<CalendarFeedView>;
};

/** The feed at `path` once the read models passed `position`, without any login. */
const fetchFeed = async (path: string, position: number, headers: Record<string, string> = {}) => {
  await listed(position);
  return fetch(`${platform.api.baseUrl}${path}`, { headers });
};

const parsed = async (path: string, position: number) => {
  const response = await fetchFeed(path, position);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => ({
    uid: vevent.getFirstPropertyValue('uid') as string,
    sequence: Number(vevent.getFirstPropertyValue('sequence')),
    summary: vevent.getFirstPropertyValue('summary') as string,
    start: String(vevent.getFirstPropertyValue('dtstart')),
    end: String(vevent.getFirstPropertyValue('dtend')),
    url: vevent.getFirstPropertyValue('url') as string,
  }));
  return { calendar, events, etag: response.headers.get('etag') };
};

describe('calendar feeds', () => {
  let project: { id: number; title: string };
  let other: { id: number };
  let milestone: { id: number; title: string };
  let task: { id: number; title: string };
  let elsewhere: { id: number };

  beforeAll(async () => {
    const title = uniqueName('Feed project; with, specials');
    project = { id: (await run('SaveGroup', { title })).id, title };
    other = await run('SaveGroup', { title: uniqueName('Another project') });
    const item = async (group: number, subgroup: string, start: string, end: string | null) => {
      const itemTitle = uniqueName(end === null ? 'Go-live' : 'Build');
      const saved = await run('SaveItem', { title: itemTitle, group, subgroup, start, end });
      return { id: saved.id, title: itemTitle };
    };
    milestone = await item(project.id, 'milestones', day(30), null);
    task = await item(project.id, 'tasks', day(10), day(20));
    elsewhere = await item(other.id, 'milestones', day(40), null);
    await item(project.id, 'milestones', day(-200), null); // before the window
  });

  it('answers the secret once, lists the feed without it, and serves a valid iCalendar of the filtered milestones without a login', async () => {
    const name = uniqueName('My milestones');
    const feed = await createFeed({ name, projects: [project.id] });
    expect(feed.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(feed.path).toBe(`/feeds/${feed.secret}.ics`);

    const page = await listed(feed.position);
    const view = page.items.find((f) => f.id === feed.id);
    expect(view).toEqual({
      id: feed.id,
      name,
      owner: 'admin',
      includeTasks: false,
      projects: [project.id],
      resources: null,
      applications: null,
      version: 0,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(page)).not.toContain(feed.secret);
    expect(JSON.stringify(page)).not.toMatch(/secret/i);

    const { calendar, events } = await parsed(feed.path!, feed.position);
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('prodid')).toMatch(/Fahrplan/);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(name);
    // the milestone of the chosen project only: no task, no other project, nothing before the window
    expect(events).toEqual([
      {
        uid: `item-${milestone.id}@demo.fahrplan`,
        sequence: 0,
        summary: `${milestone.title} (${project.title})`,
        start: day(30).slice(0, 10),
        end: day(31).slice(0, 10),
        url: `${platform.api.baseUrl}/task-details/${milestone.id}`,
      },
    ]);
  });

  it('shows tasks from start to end when asked, and every project without a project filter', async () => {
    const feed = await createFeed({ name: uniqueName('Everything'), includeTasks: true });
    const { events } = await parsed(feed.path!, feed.position);
    const uids = events.map((e) => e.uid);
    expect(uids).toEqual(
      expect.arrayContaining([
        `item-${milestone.id}@demo.fahrplan`,
        `item-${task.id}@demo.fahrplan`,
        `item-${elsewhere.id}@demo.fahrplan`,
      ]),
    );
    expect(events.find((e) => e.uid === `item-${task.id}@demo.fahrplan`)).toMatchObject({
      start: day(10).slice(0, 10),
      end: day(20).slice(0, 10),
    });
    expect(new Set(uids).size).toBe(uids.length);
  });

  it('keeps the UID and raises SEQUENCE when an item changes, drops a deleted item, and answers 304 to an unchanged poll', async () => {
    const feed = await createFeed({ name: uniqueName('Polled'), projects: [project.id] });
    const first = await parsed(feed.path!, feed.position);
    expect(first.etag).toEqual(expect.any(String));
    const unchanged = await fetchFeed(feed.path!, feed.position, { 'if-none-match': first.etag! });
    expect(unchanged.status).toBe(304);

    const moved = await run('SaveItem', { id: milestone.id, version: 0, start: day(33) });
    const after = await parsed(feed.path!, moved.position);
    expect(after.etag).not.toBe(first.etag);
    expect(after.events).toEqual([
      expect.objectContaining({
        uid: `item-${milestone.id}@demo.fahrplan`,
        sequence: 1,
        start: day(33).slice(0, 10),
      }),
    ]);

    const deleted = await run('DeleteItem', { id: milestone.id, version: 1 });
    expect((await parsed(feed.path!, deleted.position)).events).toEqual([]);
    const restored = await run('RestoreItem', { id: milestone.id, version: 2 });
    expect((await parsed(feed.path!, restored.position)).events).toHaveLength(1);
  });

  it('answers 404 after a revocation or a regeneration, and for a secret it never gave', async () => {
    const feed = await createFeed({ name: uniqueName('Short-lived') });
    expect((await fetchFeed(feed.path!, feed.position)).status).toBe(200);

    const regenerated = await run('RegenerateCalendarFeed', { id: feed.id, version: 0 });
    const renewed = regenerated as Created;
    expect(renewed.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(renewed.secret).not.toBe(feed.secret);
    expect((await fetchFeed(feed.path!, renewed.position)).status).toBe(404);
    expect((await fetchFeed(renewed.path!, renewed.position)).status).toBe(200);

    const revoked = await run('RevokeCalendarFeed', { id: feed.id });
    expect(revoked.version).toBe(2);
    const gone = await fetchFeed(renewed.path!, revoked.position);
    expect(gone.status).toBe(404);
    expect((await listed(revoked.position)).items.map((f) => f.id)).not.toContain(feed.id);
    expect((await fetchFeed(`/feeds/${'A'.repeat(43)}.ics`, revoked.position)).status).toBe(404);
    expect((await fetchFeed('/feeds/not-a-secret.ics', revoked.position)).status).toBe(404);
  });

  it("neither lists nor lets another user or tenant revoke or regenerate a user's feed; an administrator may revoke it", async () => {
    const viewerFeed = await createFeed({ name: uniqueName('Viewer feed') }, platform.viewer);
    expect(viewerFeed.secret).toEqual(expect.any(String));
    const adminFeed = await createFeed({ name: uniqueName('Admin feed') });

    const viewerList = await listed(adminFeed.position, platform.viewer);
    expect(viewerList.items.map((f) => f.id)).toEqual([viewerFeed.id]);
    expect(viewerList.items.map((f) => f.id)).not.toContain(adminFeed.id);
    const otherList = await listed(adminFeed.position, platform.otherAdmin);
    expect(otherList.items.map((f) => f.id)).not.toEqual(expect.arrayContaining([adminFeed.id]));

    await refused('RevokeCalendarFeed', { id: adminFeed.id }, 404, platform.viewer);
    await refused('RegenerateCalendarFeed', { id: viewerFeed.id }, 404);
    await refused('RevokeCalendarFeed', { id: adminFeed.id }, 404, platform.otherAdmin);
    await refused('RegenerateCalendarFeed', { id: adminFeed.id }, 404, platform.otherAdmin);
    // demo/admin administers the demo tenant: it may revoke the viewer's feed
    const revoked = await run('RevokeCalendarFeed', { id: viewerFeed.id });
    expect((await fetchFeed(viewerFeed.path!, revoked.position)).status).toBe(404);
  });

  it("delivers a project shared with the tenant once accepted, under its owner's UIDs, and drops it when the share ends", async () => {
    const partner = uniqueName('Partner project');
    const theirs = await run('SaveGroup', { title: partner }, platform.otherAdmin);
    const goLive = await run(
      'SaveItem',
      {
        title: uniqueName('Partner go-live'),
        group: theirs.id,
        subgroup: 'milestones',
        start: day(15),
        end: null,
      },
      platform.otherAdmin,
    );
    const naming = { name: uniqueName('Partner milestones'), projects: [theirs.id, project.id] };
    // another tenant's project is unknown here until it is shared and accepted
    const never = await refused('CreateCalendarFeed', naming, 400);
    expect(never.body.errors).toEqual([expect.objectContaining({ field: 'projects' })]);
    await run('ShareProject', { id: theirs.id, tenant: 'demo' }, platform.otherAdmin);
    await refused('CreateCalendarFeed', naming, 400);
    await run('AcceptProjectShare', { id: theirs.id });

    const feed = await createFeed(naming);

    const shared = await parsed(feed.path!, feed.position);
    expect(shared.events.map((e) => [e.uid, e.summary])).toEqual([
      [`item-${goLive.id}@other.fahrplan`, expect.stringContaining(`(${partner})`)],
      [`item-${milestone.id}@demo.fahrplan`, expect.stringContaining(`(${project.title})`)],
    ]);
    const ownOnly = [`item-${milestone.id}@demo.fahrplan`];
    const unshared = await run('UnshareProject', { id: theirs.id, tenant: 'demo' }, platform.otherAdmin);
    expect((await parsed(feed.path!, unshared.position)).events.map((e) => e.uid)).toEqual(ownOnly);
    // shared again but not accepted (yet): still nothing of it
    const pending = await run('ShareProject', { id: theirs.id, tenant: 'demo' }, platform.otherAdmin);
    expect((await parsed(feed.path!, pending.position)).events.map((e) => e.uid)).toEqual(ownOnly);
  });

  it('refuses a bad command and a tenant or owner in the body, storing nothing', async () => {
    await refused('CreateCalendarFeed', { name: ' ' }, 400);
    await refused('CreateCalendarFeed', { name: 'x', owner: 'viewer' }, 400);
    await refused('CreateCalendarFeed', { name: 'x', tenant: 'other' }, 400);
    await refused('CreateCalendarFeed', { name: 'x', projects: ['1'] }, 400);
  });

  it('answers a retried creation without a secret it never stored', async () => {
    const key = `feed-retry-${process.pid}-${Date.now()}`;
    const data = { name: uniqueName('Retried') };
    const first = await platform.api.command('CreateCalendarFeed', data, platform.admin, {
      'idempotency-key': key,
    });
    const again = await platform.api.command('CreateCalendarFeed', data, platform.admin, {
      'idempotency-key': key,
    });
    expect(first.body.secret).toEqual(expect.any(String));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      id: first.body.id,
      version: first.body.version,
      position: first.body.position,
    });
  });

  it('limits the requests of one client address per minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await fetch(`${platform.api.baseUrl}/feeds/${'B'.repeat(43)}.ics`)).status);
    expect(statuses).toContain(429);
    const limited = await fetch(`${platform.api.baseUrl}/feeds/${'B'.repeat(43)}.ics`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('calendar feeds behind a proxy (FAHRPLAN_PUBLIC_URL)', () => {
  const proxied = platformForSuite(undefined, { publicUrl: 'https://fahrplan.example.com' });
  const api = adminApi(() => proxied);

  it('links every event to the console at the configured address, not at the address the request came to', async () => {
    const { id: group } = await api.run('SaveGroup', { title: uniqueName('Proxied') });
    const milestone = await api.run('SaveItem', {
      title: uniqueName('Go-live'),
      group,
      subgroup: 'milestones',
      start: day(5),
      end: null,
    });
    const feed = (await api.run('CreateCalendarFeed', { name: 'Proxied', projects: [group] })) as Created;
    await api.read('/api/calendar-feeds', feed.position);
    const text = await (await fetch(`${proxied.api.baseUrl}${feed.path!}`)).text();
    const [event] = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
    expect(event!.getFirstPropertyValue('url')).toBe(
      `https://fahrplan.example.com/task-details/${milestone.id}`,
    );
    expect(text).not.toContain(proxied.api.baseUrl);
  });
});
