import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { planningEventHeaders, planningEventSchema, streamName } from '@fahrplan/contracts';
import type { StoredEvent } from '@fahrplan/contracts';
import { eventMetadata } from '@fahrplan/platform';
import type { EventStore } from '@fahrplan/platform';
import { AsOfStores, MemoryReadStore, allProjections, rebuild } from '@fahrplan/projection-service';
import { seeded } from '@fahrplan/platform/testing';
import { AS_OF_STORES } from '@fahrplan/projection-service/testing';
import { adminApi } from './support/admin-api';
import { publishedUntil } from './support/planning-topic';
import { TestClock, anApplication, caughtUp, startPlatform, uniqueName } from '../src/testing/platform';
import type { Body, Platform, Reply } from '../src/testing/platform';

/*
 * Issue 8, time travel through the real embedded app: `?asOf=<instant>` answers what the live queries
 * answered at that instant, and its read models are those a plain replay of the log up to that
 * position builds. Then the upcaster: a version 1 event stored as before this issue reads as today's
 * shape for history, time travel, replay and the published events alike.
 */

const POSITION_HEADER = 'x-fahrplan-as-of-position';

let platform: Platform;
const clock = new TestClock();
const { run, read, userWith } = adminApi(() => platform);

beforeAll(async () => {
  platform = await startPlatform(clock);
}, 30_000);

afterAll(async () => {
  await platform?.stop();
});

/** The time-travel engine of the running app (to compare its folds with an independent replay). */
const asOfStores = () => platform.embedded.app.get<AsOfStores>(AS_OF_STORES, { strict: false });

/**
 * The reference for "the read models as of position P": the ordinary replay (`rebuild`, what `npm run
 * replay` runs), fed by the app's own log through a view that ends at P. It shares with AsOfStores
 * only the projections and the runner's batched catch-up, not the instant → position rule, the
 * `until` limit or the cache; positions stay those of the log, so `_position` compares as is.
 */
const replayUpTo = async (store: EventStore, position: number) => {
  const upTo: EventStore = Object.assign(Object.create(store) as EventStore, {
    readAll: async (options: Parameters<EventStore['readAll']>[0]) =>
      (await store.readAll(options)).filter((event: StoredEvent) => event.position <= position),
  });
  const readStore = new MemoryReadStore();
  await rebuild(upTo, readStore, allProjections);
  return readStore.dump();
};

const asOf = (path: string, instant: Date, token = platform.admin) =>
  platform.api.get(
    `${path}${path.includes('?') ? '&' : '?'}asOf=${encodeURIComponent(instant.toISOString())}`,
    token,
  );

/** The window of "the whole timeline": the demo's plans and ours, every item of the first page of rows. */
const TIMELINE = '/api/timeline?from=2025-06-01&to=2030-06-01&detail=items';

/** What a screen shows: the status and the body (the headers differ by design). */
const answer = ({ status, body }: Reply) => ({ status, body: body as Body });

describe('as of an instant: equal to the live answers then and to a replay up to that position', () => {
  /** One moment of the history: after step `label`, the log's head and what the queries answered live. */
  interface Moment {
    readonly label: string;
    /** An instant after the step's changes and before the next step's. */
    readonly instant: Date;
    readonly position: number;
    readonly answers: Map<string, { status: number; body: Body }>;
  }
  const moments: Moment[] = [];
  /** Every path asked at every moment (records made later answer 404 before they exist). */
  const paths = new Set<string>(['/api/groups', TIMELINE, '/api/applications', '/api/goals']);
  const ids: Record<string, number> = {};

  /** The clock moves a minute per step: each step's events carry their own timestamp. */
  const step = async (label: string, work: () => Promise<void>) => {
    clock.advance(60);
    await work();
    await caughtUp(platform.embedded);
    const answers = new Map<string, { status: number; body: Body }>();
    for (const path of paths) answers.set(path, answer(await platform.api.get(path, platform.admin)));
    // half a minute later: after this step, before the next
    moments.push({
      label,
      instant: new Date(clock.now().getTime() + 30_000),
      position: await platform.embedded.store.headPosition(),
      answers,
    });
  };
  const remember = (name: string, id: number, kind: 'groups' | 'items' | 'applications' | 'accounts') => {
    ids[name] = id;
    paths.add(`/api/${kind}/${id}`);
  };
  let beforeEverything: Date;

  beforeAll(async () => {
    // past the seed's and the provisioning's own (real) timestamps
    clock.advance(600);
    await caughtUp(platform.embedded);
    beforeEverything = new Date(clock.now().getTime() + 30_000);
    await step('start', async () => undefined);

    await step('an application and a project using it', async () => {
      const app = await run(
        'SaveApplication',
        anApplication({ name: uniqueName('Ledger'), status: 'PLANUNG' }),
      );
      remember('app', app.id, 'applications');
      const project = await run('SaveGroup', {
        title: uniqueName('Time travel'),
        projectNr: 'P-TT-1',
        start: '2027-02-01',
        end: '2027-06-30',
        applications: [app.id],
        status: 1,
      });
      remember('project', project.id, 'groups');
    });

    await step('a goal, goal values, a lane, a task and a milestone', async () => {
      const goal = await run('CreateGoal', { name: uniqueName('Goal') });
      ids.goal = goal.id;
      await run('SetGroupGoals', { id: ids.project, goals: [{ goalId: goal.id, value: 4 }] });
      await run('AddSubgroup', { id: ids.project, name: 'Lane A' });
      const task = await run('SaveItem', {
        title: uniqueName('Build'),
        group: ids.project,
        subgroup: 'tasks',
        start: '2027-02-08T00:00',
        end: '2027-02-20T00:00',
        effort: 8,
      });
      remember('task', task.id, 'items');
      const milestone = await run('SaveItem', {
        title: uniqueName('Go-live'),
        group: ids.project,
        subgroup: 'milestones',
        start: '2027-06-01T00:00',
        end: null,
      });
      remember('milestone', milestone.id, 'items');
    });

    await step('a second project with a task, comments and an account with entries', async () => {
      const doomed = await run('SaveGroup', {
        title: uniqueName('Doomed'),
        start: '2027-03-01',
        end: '2027-04-30',
      });
      remember('doomed', doomed.id, 'groups');
      const task = await run('SaveItem', {
        title: uniqueName('Doomed task'),
        group: doomed.id,
        subgroup: 'tasks',
        start: '2027-03-02T00:00',
        end: '2027-03-09T00:00',
      });
      remember('doomedTask', task.id, 'items');
      await run('CreateComment', { refType: 'PROJECT', refId: ids.project, description: 'first thoughts' });
      await run('CreateComment', { refType: 'application', refId: ids.app, description: 'on the app' });
      const account = await run('CreateAccount', { refType: 'group', refId: ids.project });
      remember('account', account.id, 'accounts');
      const project = await read(`/api/groups/${ids.project}`, account.position);
      await run('SaveGroup', { id: ids.project, version: project.body.version, account: account.id });
      await run('AddAccountEntries', {
        accountId: account.id,
        entries: [{ sicht: 'Budget', periode: '2027', amount: 1200 }],
      });
      paths.add(`/api/comments?refType=PROJECT&refId=${ids.project}`);
    });

    await step(
      'items moved (in time and to another project), the project and application renamed',
      async () => {
        const task = (await platform.api.get(`/api/items/${ids.task}`, platform.admin)).body;
        await run('SaveItem', {
          id: ids.task,
          version: task.version,
          start: '2027-02-15T00:00',
          end: '2027-03-01T00:00',
        });
        const milestone = (await platform.api.get(`/api/items/${ids.milestone}`, platform.admin)).body;
        await run('SaveItem', {
          id: ids.milestone,
          version: milestone.version,
          group: ids.doomed,
          subgroup: 'milestones',
        });
        const project = (await platform.api.get(`/api/groups/${ids.project}`, platform.admin)).body;
        await run('SaveGroup', {
          id: ids.project,
          version: project.version,
          title: uniqueName('Renamed'),
          status: 2,
        });
        const app = (await platform.api.get(`/api/applications/${ids.app}`, platform.admin)).body;
        await run('SaveApplication', { id: ids.app, version: app.version, status: 'PRODUKTIV' });
      },
    );

    await step('an item deleted, a comment on the task, entries replaced, the project shared', async () => {
      const doomedTask = (await platform.api.get(`/api/items/${ids.doomedTask}`, platform.admin)).body;
      await run('DeleteItem', { id: ids.doomedTask, version: doomedTask.version });
      await run('CreateComment', { refType: 'task', refId: ids.task, description: 'moved by two weeks' });
      await run('AddAccountEntries', {
        accountId: ids.account,
        entries: [
          { sicht: 'Budget', periode: '2027', amount: 1500 },
          { sicht: 'Ist', periode: '2027', amount: 300 },
        ],
      });
      await run('ShareProject', { id: ids.project, tenant: 'other' });
      paths.add(`/api/comments?refType=task&refId=${ids.task}`);
    });

    await step('the second project deleted', async () => {
      const doomed = (await platform.api.get(`/api/groups/${ids.doomed}`, platform.admin)).body;
      await run('DeleteGroup', { id: ids.doomed, version: doomed.version });
    });

    await step('a project created later', async () => {
      const later = await run('SaveGroup', {
        title: uniqueName('Latecomer'),
        start: '2027-05-01',
        end: '2027-05-31',
      });
      remember('later', later.id, 'groups');
      await run('SaveItem', {
        title: uniqueName('Late task'),
        group: later.id,
        subgroup: 'tasks',
        start: '2027-05-03T00:00',
        end: '2027-05-07T00:00',
      });
    });
  }, 60_000);

  it('builds a history of distinct instants and positions', () => {
    expect(moments.length).toBe(8);
    const positions = moments.map((m) => m.position);
    expect(new Set(positions).size).toBe(positions.length);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('folds exactly the read models a replay up to the position builds, at every moment', async () => {
    const stores = asOfStores();
    expect(stores).toBeInstanceOf(AsOfStores);
    for (const moment of moments) {
      const position = await stores.positionAt(moment.instant);
      const folded = await (await stores.storeAt(position)).dump();
      const replayed = await replayUpTo(platform.embedded.store, moment.position);

      expect({ moment: moment.label, position }).toEqual({ moment: moment.label, position: moment.position });
      // the reference holds the moment's own records (the demo's and ours), so equality means something
      const projects = new Set(replayed.groups?.map((g) => g.id));
      expect({ moment: moment.label, project: projects.has(ids.project) }).toEqual({
        moment: moment.label,
        project: moment.label !== 'start',
      });
      expect({ moment: moment.label, folded }).toEqual({ moment: moment.label, folded: replayed });
    }
    // the last moment is now: equal to the live read models
    expect(await replayUpTo(platform.embedded.store, moments.at(-1)!.position)).toEqual(
      await platform.embedded.readStore.dump(),
    );
  }, 60_000);

  it('answers every query as of each moment exactly as it answered live then, naming the position', async () => {
    let compared = 0;
    for (const moment of moments)
      for (const path of paths) {
        const reply = await asOf(path, moment.instant);
        // a path added later was not asked at earlier moments: its record did not exist yet
        const absent = path.startsWith('/api/comments?')
          ? { status: 200, body: { items: [], nextCursor: null } }
          : { status: 404, body: expect.anything() };
        expect({ moment: moment.label, path, ...answer(reply) }).toEqual({
          moment: moment.label,
          path,
          ...(moment.answers.get(path) ?? absent),
        });
        expect(reply.headers.get(POSITION_HEADER)).toBe(String(moment.position));
        compared++;
      }
    expect(compared).toBeGreaterThan(8 * 10);
  }, 60_000);

  it('differs between moments where the history changed (the comparison can fail)', () => {
    const first = moments[1]!.answers.get(TIMELINE)!;
    const later = moments[2]!.answers.get(TIMELINE)!;
    expect(later).not.toEqual(first);
    expect(moments.at(-1)!.answers.get('/api/groups')).not.toEqual(moments[0]!.answers.get('/api/groups'));
  });

  it('answers an instant exactly at a step’s timestamp with that step included', async () => {
    // the step "a second project …" was decided at moments[3].instant − 30 s
    const decided = new Date(moments[3]!.instant.getTime() - 30_000);
    const reply = await asOf(`/api/groups/${ids.doomed}`, decided);
    expect(reply.status).toBe(200);
    expect(reply.headers.get(POSITION_HEADER)).toBe(String(moments[3]!.position));
    const justBefore = await asOf(`/api/groups/${ids.doomed}`, new Date(decided.getTime() - 1));
    expect(justBefore.status).toBe(404);
    expect(justBefore.headers.get(POSITION_HEADER)).toBe(String(moments[2]!.position));
  });

  it('shows a deleted project as it was before its deletion, and a later one not before its creation', async () => {
    const deletedAt = moments.findIndex((m) => m.label === 'the second project deleted');
    const createdAt = moments.findIndex((m) => m.label === 'a project created later');

    expect((await platform.api.get(`/api/groups/${ids.doomed}`, platform.admin)).status).toBe(404);
    const before = await asOf(`/api/groups/${ids.doomed}`, moments[deletedAt - 1]!.instant);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ id: ids.doomed, deleted: false });
    expect((await asOf(`/api/groups/${ids.doomed}`, moments[deletedAt]!.instant)).status).toBe(404);
    // its deleted task, before the deletion, is on the timeline as of then and not now
    const timelineThen = await asOf(TIMELINE, moments[deletedAt - 2]!.instant);
    expect(timelineThen.body.items.map((i: Body) => i.id)).toContain(ids.doomedTask);
    const timelineNow = await platform.api.get(TIMELINE, platform.admin);
    expect(timelineNow.body.items.map((i: Body) => i.id)).not.toContain(ids.doomedTask);

    expect((await platform.api.get(`/api/groups/${ids.later}`, platform.admin)).status).toBe(200);
    expect((await asOf(`/api/groups/${ids.later}`, moments[createdAt - 1]!.instant)).status).toBe(404);
    expect((await asOf(`/api/groups/${ids.later}`, moments[createdAt]!.instant)).status).toBe(200);
  });

  it('answers from an empty past before the first event: 404 for records, empty lists', async () => {
    const dawn = new Date('2001-01-01T00:00:00Z');
    const project = await asOf(`/api/groups/${ids.project}`, dawn);
    expect({ status: project.status, position: project.headers.get(POSITION_HEADER) }).toEqual({
      status: 404,
      position: '0',
    });
    expect((await asOf('/api/groups', dawn)).body).toEqual({ items: [], nextCursor: null });
    // and before the history built here, the demo's projects (only)
    const start = await asOf('/api/groups', beforeEverything);
    expect(start.body.items.map((g: Body) => g.id)).not.toContain(ids.project);
    expect(start.body.items.length).toBeGreaterThan(0);
  });
});

describe('as of random instants of a generated history: the SQLite store’s versions, no fold', () => {
  /** After each step: its instant (the clock of its events), the log's head, and what the queries answered live. */
  const moments: {
    instant: number;
    position: number;
    answers: Map<string, { status: number; body: Body }>;
  }[] = [];
  const paths = ['/api/groups', TIMELINE, '/api/applications'];
  const { next, pick } = seeded(2026);

  const record = async () => {
    await caughtUp(platform.embedded);
    const answers = new Map<string, { status: number; body: Body }>();
    for (const path of paths) answers.set(path, answer(await platform.api.get(path, platform.admin)));
    moments.push({
      instant: clock.now().getTime(),
      position: await platform.embedded.store.headPosition(),
      answers,
    });
  };
  const current = async (path: string) => (await platform.api.get(path, platform.admin)).body as Body;
  const day = (offset: number) => new Date(Date.UTC(2027, 0, 4 + offset)).toISOString().slice(0, 10);

  beforeAll(async () => {
    clock.advance(600);
    await record();
    const projects: number[] = [];
    const items: number[] = [];
    const itemProjects = new Map<number, number>();
    for (let step = 0; step < 30; step++) {
      clock.advance(60);
      const kind =
        projects.length === 0
          ? 'project'
          : pick(['project', 'project', 'rename', 'drop', 'item', 'item', 'move', 'remove']);
      if (kind === 'project' || (kind === 'drop' && projects.length < 2)) {
        const start = Math.floor(next() * 200);
        const { id } = await run('SaveGroup', {
          title: uniqueName('Random'),
          start: day(start),
          end: day(start + 60 + Math.floor(next() * 100)),
        });
        projects.push(id);
        paths.push(`/api/groups/${id}`, `/api/items?group=${id}`);
      } else if (kind === 'rename' || kind === 'drop') {
        const id = pick(projects);
        const { version } = await current(`/api/groups/${id}`);
        if (kind === 'rename') await run('SaveGroup', { id, version, title: uniqueName('Renamed') });
        else {
          await run('DeleteGroup', { id, version });
          projects.splice(projects.indexOf(id), 1);
          // its items went with it
          for (const [item, group] of itemProjects)
            if (group === id) {
              items.splice(items.indexOf(item), 1);
              itemProjects.delete(item);
            }
        }
      } else if (kind === 'item' || items.length === 0) {
        const group = pick(projects);
        const { start } = await current(`/api/groups/${group}`);
        const first = Date.parse(start) + Math.floor(next() * 30) * 86_400_000;
        const { id } = await run('SaveItem', {
          title: uniqueName('Task'),
          group,
          subgroup: 'tasks',
          start: new Date(first).toISOString().slice(0, 16),
          end: new Date(first + (1 + Math.floor(next() * 20)) * 86_400_000).toISOString().slice(0, 16),
        });
        items.push(id);
        itemProjects.set(id, group);
        paths.push(`/api/items/${id}`);
      } else {
        const id = pick(items);
        const item = await current(`/api/items/${id}`);
        if (kind === 'move') {
          const first = Date.parse(item.start) + 7 * 86_400_000;
          await run('SaveItem', {
            id,
            version: item.version,
            start: new Date(first).toISOString().slice(0, 16),
            end: new Date(first + 86_400_000).toISOString().slice(0, 16),
          });
        } else {
          await run('DeleteItem', { id, version: item.version });
          items.splice(items.indexOf(id), 1);
          itemProjects.delete(id);
        }
      }
      await record();
    }
  }, 120_000);

  it('answers at 24 random instants as the live queries did then, from read models equal to a full fold', async () => {
    const first = moments[0]!.instant;
    const span = moments.at(-1)!.instant + 59_000 - first;
    const positions = new Set<number>();
    let compared = 0;
    for (let i = 0; i < 24; i++) {
      const instant = new Date(first + Math.floor(next() * span));
      const moment = moments.filter((m) => m.instant <= instant.getTime()).at(-1)!;
      positions.add(moment.position);

      const view = await asOfStores().storeAt(await asOfStores().positionAt(instant));
      expect(view).not.toBeInstanceOf(MemoryReadStore);
      expect({ instant, folded: await view.dump() }).toEqual({
        instant,
        folded: await replayUpTo(platform.embedded.store, moment.position),
      });
      for (const [path, live] of moment.answers) {
        const reply = await asOf(path, instant);
        expect({ instant, path, ...answer(reply) }).toEqual({ instant, path, ...live });
        expect(reply.headers.get(POSITION_HEADER)).toBe(String(moment.position));
        compared++;
      }
    }
    // the instants fell on many different states of the history
    expect(positions.size).toBeGreaterThan(10);
    expect(compared).toBeGreaterThan(24 * 5);
  }, 120_000);
});

describe('?asOf: validation, permission and the queries that answer now', () => {
  const instant = () => clock.now().toISOString();

  it.each([
    ['yesterday', 'asOf=yesterday'],
    ['a date without a time', 'asOf=2026-11-23'],
    ['a time without an offset', 'asOf=2026-11-23T10:00:00'],
    [
      'given twice',
      `asOf=${encodeURIComponent(new Date().toISOString())}&asOf=${encodeURIComponent(new Date().toISOString())}`,
    ],
    ['empty', 'asOf='],
  ])('refuses %s with a 400 naming asOf', async (_, query) => {
    const reply = await platform.api.get(`/api/groups?${query}`, platform.admin);

    expect(reply.status).toBe(400);
    expect(reply.headers.get('content-type')).toContain('application/problem+json');
    expect(JSON.stringify(reply.body)).toContain('asOf');
    expect(reply.headers.get(POSITION_HEADER)).toBeNull();
  });

  it('refuses the Viewer role (no history VIEW) with a 403, and lets an auditor through', async () => {
    const q = `asOf=${encodeURIComponent(instant())}`;
    expect((await platform.api.get('/api/groups', platform.viewer)).status).toBe(200);
    const refused = await platform.api.get(`/api/groups?${q}`, platform.viewer);
    expect(refused.status).toBe(403);
    expect(refused.headers.get(POSITION_HEADER)).toBeNull();

    const auditor = await userWith({
      'application-details': ['VIEW'],
      'group-details': ['VIEW'],
      items: ['VIEW'],
      history: ['VIEW'],
    });
    const allowed = await platform.api.get(`/api/groups?${q}`, auditor);
    expect(allowed.status).toBe(200);
    expect(Number(allowed.headers.get(POSITION_HEADER))).toBeGreaterThan(0);
    // history VIEW alone opens no record: the query's own permission still counts
    const historyOnly = await userWith({ history: ['VIEW'] });
    expect((await platform.api.get(`/api/groups?${q}`, historyOnly)).status).toBe(403);
  }, 30_000);

  it('names the position it answered from; an answer without asOf carries no such header', async () => {
    const head = await platform.embedded.store.headPosition();
    await caughtUp(platform.embedded);
    const reply = await platform.api.get(`/api/groups?asOf=${encodeURIComponent(instant())}`, platform.admin);
    expect(reply.headers.get(POSITION_HEADER)).toBe(String(head));
    expect((await platform.api.get('/api/groups', platform.admin)).headers.get(POSITION_HEADER)).toBeNull();
  });

  it('ignores asOf on /api/me and /api/tracker/*: they answer now, for the Viewer too', async () => {
    const dawn = encodeURIComponent('2001-01-01T00:00:00Z');
    for (const token of [platform.admin, platform.viewer]) {
      const now = await platform.api.get('/api/me', token);
      const then = await platform.api.get(`/api/me?asOf=${dawn}`, token);
      expect(answer(then)).toEqual(answer(now));
    }
    const connections = await platform.api.get('/api/tracker/connections', platform.admin);
    const connectionsThen = await platform.api.get(`/api/tracker/connections?asOf=${dawn}`, platform.admin);
    expect(connections.status).toBe(200);
    expect(answer(connectionsThen)).toEqual(answer(connections));
  });
});

describe('the upcaster at work: a version 1 ProjectShared from before issue 8', () => {
  let project: { id: number; version: number; position: number };
  let shareEvent: string;
  let before: Date;
  let after: Date;

  beforeAll(async () => {
    clock.advance(60);
    project = await run('SaveGroup', {
      title: uniqueName('Old share'),
      start: '2027-01-04',
      end: '2027-01-29',
    });
    await caughtUp(platform.embedded);
    before = new Date(clock.now().getTime() + 30_000);
    clock.advance(60);
    shareEvent = randomUUID();
    // exactly what the stores hold from before this issue: version 1, no status
    await platform.embedded.store.append(
      streamName('group', project.id),
      [
        {
          id: shareEvent,
          type: 'ProjectShared',
          data: { id: project.id, tenant: 'other' },
          metadata: {
            ...eventMetadata({ tenant: 'demo', user: 'admin', timestamp: clock.now().toISOString() }),
            command: 'ShareProject',
            schemaVersion: 1,
          },
        },
      ],
      project.version,
    );
    await caughtUp(platform.embedded);
    after = new Date(clock.now().getTime() + 30_000);
  });

  it('is stored as version 1 (the row itself is never rewritten)', () => {
    const db = new DatabaseSync(join(platform.dataDir, 'events.db'), { readOnly: true });
    try {
      const row = db.prepare('SELECT data, metadata FROM events WHERE id = ?').get(shareEvent) as
        { data: string; metadata: string } | undefined;
      expect(row).toBeDefined();
      expect(JSON.parse(row!.data)).toEqual({ id: project.id, tenant: 'other' });
      expect(JSON.parse(row!.metadata)).toMatchObject({ schemaVersion: 1 });
    } finally {
      db.close();
    }
  });

  it('reads back in today’s shape from readStream and readAll: status PENDING, schemaVersion 2', async () => {
    const stream = await platform.embedded.store.readStream(streamName('group', project.id));
    const fromStream = stream.find((e) => e.id === shareEvent);
    const fromAll = (await platform.embedded.store.readAll({ after: project.position })).find(
      (e) => e.id === shareEvent,
    );

    for (const event of [fromStream, fromAll]) {
      expect(event?.data).toEqual({ id: project.id, tenant: 'other', status: 'PENDING' });
      expect(event?.metadata.schemaVersion).toBe(2);
    }
  });

  it('shows the share in the project’s history: shares before → after, pending', async () => {
    const reply = await platform.api.get(`/api/history/group/${project.id}`, platform.admin);

    expect(reply.status).toBe(200);
    const row = (reply.body.items as Body[]).find((r) => r.event === 'ProjectShared');
    expect(row).toMatchObject({ command: 'ShareProject', user: 'admin' });
    expect(row.changes).toContainEqual({
      field: 'shares',
      before: expect.not.arrayContaining([expect.objectContaining({ tenant: 'other' })]),
      after: [{ tenant: 'other', status: 'PENDING' }],
    });
  });

  it('shows the pending share as of after it, and none as of before it', async () => {
    const then = await asOf(`/api/groups/${project.id}`, after);
    const earlier = await asOf(`/api/groups/${project.id}`, before);

    expect(then.status).toBe(200);
    expect(then.body.shares).toEqual([expect.objectContaining({ tenant: 'other', status: 'PENDING' })]);
    expect(earlier.status).toBe(200);
    expect(earlier.body.shares).toEqual([]);
  });

  it('lets the deciders fold it: the other tenant accepts the old share', async () => {
    const accepted = await run('AcceptProjectShare', { id: project.id }, platform.otherAdmin);
    const view = await read(`/api/groups/${project.id}`, accepted.position, platform.otherAdmin);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ id: project.id, shared: true, tenant: 'demo' });
  });

  it('replays (npm run replay’s rebuild) to exactly the live read models', async () => {
    await caughtUp(platform.embedded);
    const fresh = new MemoryReadStore();

    const { position } = await rebuild(platform.embedded.store, fresh, allProjections);

    expect(position).toBe(await platform.embedded.store.headPosition());
    const live = await platform.embedded.readStore.dump();
    expect(live.groups!.find((g) => g.id === project.id)).toMatchObject({
      shares: [expect.objectContaining({ tenant: 'other', status: 'ACCEPTED' })],
    });
    expect(await fresh.dump()).toEqual(live);
  });

  it('is published as a version 2 planning event', async () => {
    const received = await publishedUntil(platform.embedded.store, (messages) =>
      messages.some((m) => m.headers[planningEventHeaders.eventId] === shareEvent),
    );
    const message = received.find((m) => m.headers[planningEventHeaders.eventId] === shareEvent)!;
    expect(message.headers[planningEventHeaders.schemaVersion]).toBe('2');
    expect(planningEventSchema.parse(JSON.parse(message.value))).toMatchObject({
      type: 'ProjectShared',
      schemaVersion: 2,
      data: { id: project.id, tenant: 'other', status: 'PENDING' },
    });
  });
});
