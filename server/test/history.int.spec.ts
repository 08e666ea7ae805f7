import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { REDACTED, historyCategories, nameAt, referenceAt, referenceKey } from '@fahrplan/contracts';
import type { ExportedEvent, HistoryChange, HistoryPage, HistoryRow, StoredEvent } from '@fahrplan/contracts';
import Papa from 'papaparse';
import { eventually } from '@fahrplan/platform/testing';
import { groupsProjection } from '@fahrplan/projection-service/testing';
import type { GroupDoc } from '@fahrplan/projection-service/testing';
import {
  DEMO_PASSWORD,
  TestClock,
  anApplication,
  caughtUp,
  startPlatform,
  storedSince,
  uniqueName,
} from '../src/testing/platform';
import type { Body, Platform, Reply } from '../src/testing/platform';

/*
 * Issue 8 through the one-process platform and real HTTP: every category's history after commands
 * (field-level before → after, command, event, user, source, when), paging and filters, the permission
 * rules (history VIEW; the Auditor role reads and changes nothing), and the project exports (CSV, and
 * an event log that replays to the live project).
 */
// scrypt at OWASP's cost makes each sign-in and password change take a while on a busy machine
jest.setTimeout(30_000);

const clock = new TestClock();
let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform(clock);
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

type Result = { id: number; version: number; position: number; at: string };

/**
 * A command that must succeed, a minute after the one before (the test clock), so that every change
 * has its own time: the result carries the time it was decided at.
 */
const step = async (
  type: string,
  data: unknown,
  token = platform.admin,
  headers?: Record<string, string>,
): Promise<Result> => {
  clock.advance(60);
  const reply = await platform.api.command(type, data, token, headers);
  expect({ type, status: reply.status, body: reply.body }).toEqual({
    type,
    status: 200,
    body: expect.anything(),
  });
  return { ...(reply.body as Omit<Result, 'at'>), at: clock.now().toISOString() };
};

/** A command that must be refused with `status`, storing nothing. */
const refused = async (
  type: string,
  data: unknown,
  status: number,
  token = platform.admin,
  headers?: Record<string, string>,
): Promise<Reply> => {
  const before = await platform.embedded.store.headPosition();
  const reply = await platform.api.command(type, data, token, headers);
  expect({ type, status: reply.status }).toEqual({ type, status });
  expect(await storedSince(platform.embedded, before)).toEqual([]);
  return reply;
};

const get = (path: string, token = platform.admin) => platform.api.get(path, token);

/** A history page with its rows under the name the assertions below use. */
type Listed = HistoryPage & { readonly rows: readonly HistoryRow[] };

/** GET /api/history/<category>/<id>, which must answer 200; the raw text too (for leak checks). */
const history = async (
  category: string,
  id: number,
  query = '',
  token = platform.admin,
): Promise<Listed & { raw: string }> => {
  const reply = await get(`/api/history/${category}/${id}${query}`, token);
  expect({ status: reply.status, body: reply.status === 200 ? 'page' : reply.body }).toEqual({
    status: 200,
    body: 'page',
  });
  const page = reply.body as HistoryPage;
  return { ...page, rows: page.items, raw: JSON.stringify(reply.body) };
};

/** Every row of a record's history (one page of the largest size). */
const allRows = async (category: string, id: number, token = platform.admin) => {
  const all = await history(category, id, '?limit=1000', token);
  expect(all.nextCursor).toBeNull();
  return all;
};

const byField = (changes: readonly HistoryChange[]) =>
  [...changes].sort((a, b) => a.field.localeCompare(b.field));

const bookkeeping = ['version', 'tenant', 'id', '_id', '_position'];

interface ExpectedRow {
  readonly command: string | null;
  readonly event: string;
  /** When it was decided: a step's `at`. */
  readonly at: string;
  readonly user?: string;
  readonly source?: string | null;
  /** Exactly these changes (in any order). */
  readonly changes?: readonly HistoryChange[];
  /** A creation: every change starts from null, and these fields are among them. */
  readonly created?: Readonly<Record<string, unknown>>;
}

/** The rows, newest first, are exactly `expected`; no row shows a bookkeeping field. */
const expectRows = (page: Listed, id: number, expected: readonly ExpectedRow[]) => {
  expect(
    page.rows.map(({ command, event, user, source, at }) => ({ command, event, user, source, at })),
  ).toEqual(
    expected.map(({ command, event, user = 'admin', source = null, at }) => ({
      command,
      event,
      user,
      source,
      at,
    })),
  );
  page.rows.forEach((row, i) => {
    const want = expected[i]!;
    if (want.changes)
      expect({ event: row.event, changes: byField(row.changes) }).toEqual({
        event: row.event,
        changes: byField(want.changes),
      });
    if (want.created) {
      expect(row.changes.filter((change) => change.before !== null)).toEqual([]);
      expect(row.changes).toEqual(
        expect.arrayContaining(
          Object.entries(want.created).map(([field, after]) => ({ field, before: null, after })),
        ),
      );
    }
  });
  expectWellFormed(page, id);
};

/** Newest first by position and time, one stream counting down its revisions, no bookkeeping fields. */
const expectWellFormed = (page: Listed, id: number) => {
  const rows = page.rows as readonly HistoryRow[];
  for (let i = 1; i < rows.length; i++) {
    expect(rows[i]!.position).toBeLessThan(rows[i - 1]!.position);
    expect(rows[i]!.revision).toBe(rows[i - 1]!.revision - 1);
    expect(Date.parse(rows[i]!.at)).toBeLessThanOrEqual(Date.parse(rows[i - 1]!.at));
  }
  expect(new Set(rows.map((row) => row.stream))).toEqual(new Set([`${page.category}-${id}`]));
  const fields = rows.flatMap((row) => row.changes.map((change) => change.field));
  expect(fields.filter((field) => bookkeeping.includes(field))).toEqual([]);
  expect(page.fields.filter((field) => bookkeeping.includes(field))).toEqual([]);
};

const roleId = async (token: string, name: string): Promise<number> => {
  const reply = await get('/api/admin/roles', token);
  expect(reply.status).toBe(200);
  return (reply.body as Body[]).find((role) => role.name === name).id as number;
};

/** Turns the tenant's jira feature on, and waits until the services know. */
const switchJiraOn = async (token: string) => {
  const tenant = (await get('/api/admin/tenant', token)).body as Body;
  await step('ChangeTenantFeatures', { features: { ...tenant.features, jira: true } }, token);
  await eventually(async () => expect(((await get('/api/me', token)).body as Body).features.jira).toBe(true));
};

const FLOW_STEP = 'flow:save-project/step-2';

/** A project with everything a project's history shows: flow steps, lanes, goals and a share. */
interface ProjectStory {
  readonly id: number;
  readonly title: string;
  readonly goal: number;
  readonly lane: string;
  readonly steps: Readonly<Record<string, Result>>;
}

let project: ProjectStory;

/** Made once, for the project tests, paging, filters and exports. */
const tellProjectStory = async (): Promise<ProjectStory> => {
  const title = uniqueName('Project');
  const created = await step('SaveGroup', { title, start: '2031-03-03', end: '2031-03-31' });
  const described = await step(
    'SaveGroup',
    { id: created.id, version: created.version, description: 'planned in a flow' },
    platform.admin,
    { 'X-Fahrplan-Source': FLOW_STEP },
  );
  const lane = await step('AddSubgroup', { id: created.id, name: 'Backend lane' });
  // the lane's id, as the project dialog learns it
  const read = await platform.api.get(`/api/groups/${created.id}`, platform.admin, {
    'x-fahrplan-after': String(lane.position),
  });
  const laneId = (read.body.subgroups as Body[]).find((s) => s.name === 'Backend lane').id as string;
  const renamed = await step('RenameSubgroup', { id: created.id, subgroup: laneId, name: 'Server lane' });
  const goal = await step('CreateGoal', { name: uniqueName('Goal') });
  const goals = await step('SetGroupGoals', { id: created.id, goals: [{ goalId: goal.id, value: 3 }] });
  const shared = await step('ShareProject', { id: created.id, tenant: 'other' });
  const accepted = await step('AcceptProjectShare', { id: created.id }, platform.otherAdmin);
  const retitled = await step('SaveGroup', {
    id: created.id,
    version: accepted.version,
    title: `${title} v2`,
  });
  return {
    id: created.id,
    title,
    goal: goal.id,
    lane: laneId,
    steps: { created, described, lane, renamed, goals, shared, accepted, retitled },
  };
};

beforeAll(async () => {
  project = await tellProjectStory();
});

describe('the history of every category', () => {
  it('application: created, changed and deleted, with field-level differences', async () => {
    const data = anApplication({ description: null });
    const created = await step('SaveApplication', data);
    const changed = await step('SaveApplication', {
      id: created.id,
      version: created.version,
      release: '2.0',
      description: 'now described',
    });
    const deleted = await step('DeleteApplication', { id: created.id, version: changed.version });

    const page = await allRows('application', created.id);

    expectRows(page, created.id, [
      {
        command: 'DeleteApplication',
        event: 'ApplicationDeleted',
        at: deleted.at,
        changes: [{ field: 'deleted', before: false, after: true }],
      },
      {
        command: 'SaveApplication',
        event: 'ApplicationUpdated',
        at: changed.at,
        changes: [
          { field: 'release', before: data.release, after: '2.0' },
          { field: 'description', before: null, after: 'now described' },
        ],
      },
      {
        command: 'SaveApplication',
        event: 'ApplicationCreated',
        at: created.at,
        created: { name: data.name, release: data.release, assetNr: data.assetNr, deleted: false },
      },
    ]);
    expect(page).toMatchObject({
      category: 'application',
      id: String(created.id),
      total: 3,
      nextCursor: null,
    });
  });

  it('group: flow steps, lanes, goals and sharing, with their sources and the sharing user', async () => {
    const { steps, title, goal, lane } = project;
    const backend = { id: lane, name: 'Backend lane', type: 'INDIVIDUAL' };
    const sharedTo = [{ tenant: 'other', status: 'PENDING' }];

    const page = await allRows('group', project.id);

    expectRows(page, project.id, [
      {
        command: 'SaveGroup',
        event: 'GroupUpdated',
        at: steps.retitled!.at,
        changes: [{ field: 'title', before: title, after: `${title} v2` }],
      },
      {
        command: 'AcceptProjectShare',
        event: 'ProjectShareAccepted',
        at: steps.accepted!.at,
        user: 'admin@other',
        source: 'share:other',
        changes: [
          { field: 'shares', before: sharedTo, after: [{ tenant: 'other', status: 'ACCEPTED' }] },
          { field: 'acceptedBy', before: [], after: ['other'] },
        ],
      },
      {
        command: 'ShareProject',
        event: 'ProjectShared',
        at: steps.shared!.at,
        changes: [
          { field: 'shares', before: [], after: sharedTo },
          { field: 'sharedWith', before: [], after: ['other'] },
        ],
      },
      {
        command: 'SetGroupGoals',
        event: 'GroupGoalsSet',
        at: steps.goals!.at,
        changes: [{ field: 'goals', before: [], after: [{ goalId: goal, value: 3 }] }],
      },
      {
        command: 'RenameSubgroup',
        event: 'SubgroupRenamed',
        at: steps.renamed!.at,
        changes: [
          {
            field: 'subgroups',
            before: [backend],
            after: [{ ...backend, name: 'Server lane' }],
          },
        ],
      },
      {
        command: 'AddSubgroup',
        event: 'SubgroupAdded',
        at: steps.lane!.at,
        changes: [
          {
            field: 'subgroups',
            before: [],
            after: [backend],
          },
        ],
      },
      {
        command: 'SaveGroup',
        event: 'GroupUpdated',
        at: steps.described!.at,
        source: FLOW_STEP,
        changes: [{ field: 'description', before: null, after: 'planned in a flow' }],
      },
      {
        command: 'SaveGroup',
        event: 'GroupCreated',
        at: steps.created!.at,
        created: { title, start: '2031-03-03', end: '2031-03-31', deleted: false, shares: [] },
      },
    ]);
    expect(page.users).toEqual(['admin', 'admin@other']);
  });

  it('group: a deletion shows as deleted false → true', async () => {
    const created = await step('SaveGroup', { title: uniqueName('Doomed') });
    const deleted = await step('DeleteGroup', { id: created.id, version: created.version });

    expectRows(await allRows('group', created.id), created.id, [
      {
        command: 'DeleteGroup',
        event: 'GroupDeleted',
        at: deleted.at,
        changes: [{ field: 'deleted', before: false, after: true }],
      },
      { command: 'SaveGroup', event: 'GroupCreated', at: created.at, created: { deleted: false } },
    ]);
  });

  it('refuses a malformed X-Fahrplan-Source with 400, storing nothing', async () => {
    const before = (await allRows('group', project.id)).total;
    for (const source of [
      'flow:Save-Project/step-2',
      'flow:save-project',
      'share:other',
      'tracker:jira',
      'x',
    ])
      await refused(
        'SaveGroup',
        { id: project.id, version: project.steps.retitled!.version, description: 'never' },
        400,
        platform.admin,
        { 'X-Fahrplan-Source': source },
      );
    expect((await allRows('group', project.id)).total).toBe(before);
    expect(before).toBe(Object.keys(project.steps).length);
  });

  it('item: created, changed and deleted', async () => {
    const data = {
      title: uniqueName('Task'),
      group: project.id,
      subgroup: 'tasks',
      start: '2031-03-03T00:00',
      end: '2031-03-08T00:00',
      effort: 5,
    };
    const created = await step('SaveItem', data);
    const changed = await step('SaveItem', {
      id: created.id,
      version: created.version,
      title: `${data.title} v2`,
      effort: 8,
    });
    const deleted = await step('DeleteItem', { id: created.id, version: changed.version });

    expectRows(await allRows('item', created.id), created.id, [
      {
        command: 'DeleteItem',
        event: 'ItemDeleted',
        at: deleted.at,
        changes: [{ field: 'deleted', before: false, after: true }],
      },
      {
        command: 'SaveItem',
        event: 'ItemUpdated',
        at: changed.at,
        changes: [
          { field: 'title', before: data.title, after: `${data.title} v2` },
          { field: 'effort', before: 5, after: 8 },
        ],
      },
      {
        command: 'SaveItem',
        event: 'ItemCreated',
        at: created.at,
        created: { title: data.title, group: project.id, start: data.start, end: data.end, effort: 5 },
      },
    ]);
  });

  it('goal: created, changed and deleted', async () => {
    const name = uniqueName('Goal');
    const created = await step('CreateGoal', { name, description: 'first' });
    const changed = await step('UpdateGoal', {
      id: created.id,
      version: created.version,
      name: `${name} v2`,
      description: null,
    });
    const deleted = await step('DeleteGoal', { id: created.id, version: changed.version });

    expectRows(await allRows('goal', created.id), created.id, [
      {
        command: 'DeleteGoal',
        event: 'GoalDeleted',
        at: deleted.at,
        changes: [{ field: 'deleted', before: false, after: true }],
      },
      {
        command: 'UpdateGoal',
        event: 'GoalUpdated',
        at: changed.at,
        changes: [
          { field: 'name', before: name, after: `${name} v2` },
          { field: 'description', before: 'first', after: null },
        ],
      },
      {
        command: 'CreateGoal',
        event: 'GoalCreated',
        at: created.at,
        created: { name, description: 'first' },
      },
    ]);
  });

  it('resource: created, renamed and deleted', async () => {
    const name = uniqueName('Team');
    const created = await step('SaveResource', { name });
    const renamed = await step('SaveResource', {
      id: created.id,
      version: created.version,
      name: `${name} v2`,
    });
    const deleted = await step('DeleteResource', { id: created.id, version: renamed.version });

    expectRows(await allRows('resource', created.id), created.id, [
      {
        command: 'DeleteResource',
        event: 'ResourceDeleted',
        at: deleted.at,
        changes: [{ field: 'deleted', before: false, after: true }],
      },
      {
        command: 'SaveResource',
        event: 'ResourceRenamed',
        at: renamed.at,
        changes: [{ field: 'name', before: name, after: `${name} v2` }],
      },
      {
        command: 'SaveResource',
        event: 'ResourceCreated',
        at: created.at,
        changes: [
          { field: 'name', before: null, after: name },
          // issue 24: no calendar of its own (null), full time
          { field: 'share', before: null, after: 100 },
          { field: 'deleted', before: null, after: false },
        ],
      },
    ]);
  });

  it('calendar: created, changed from a date, renamed and deleted (issue 24)', async () => {
    const name = uniqueName('Calendar');
    const definition = { region: 'ZH', workingWeekdays: [1, 2, 3, 4, 5], companyDays: [], exceptions: [] };
    const changed = { ...definition, workingWeekdays: [1, 2, 3, 4] };
    const created = await step('SaveCalendar', { name, definition });
    const saved = await step('SaveCalendar', {
      id: created.id,
      version: created.version,
      name: `${name} v2`,
      definition: changed,
      effectiveFrom: '2031-07-01',
    });
    const deleted = await step('DeleteCalendar', { id: created.id, version: saved.version });
    const first = { effectiveFrom: null, definition };

    expectRows(await allRows('calendar', created.id), created.id, [
      {
        command: 'DeleteCalendar',
        event: 'CalendarDeleted',
        at: deleted.at,
        changes: [{ field: 'deleted', before: false, after: true }],
      },
      {
        command: 'SaveCalendar',
        event: 'CalendarRenamed',
        at: saved.at,
        changes: [{ field: 'name', before: name, after: `${name} v2` }],
      },
      {
        command: 'SaveCalendar',
        event: 'CalendarChanged',
        at: saved.at,
        changes: [
          {
            field: 'versions',
            before: [first],
            after: [first, { effectiveFrom: '2031-07-01', definition: changed }],
          },
        ],
      },
      {
        command: 'SaveCalendar',
        event: 'CalendarCreated',
        at: created.at,
        changes: [
          { field: 'name', before: null, after: name },
          { field: 'versions', before: null, after: [first] },
          { field: 'deleted', before: null, after: false },
        ],
      },
    ]);
  });

  it('comment: created (comments never change)', async () => {
    const app = await step('SaveApplication', anApplication());
    const created = await step('CreateComment', {
      refType: 'application',
      refId: app.id,
      description: 'a remark',
    });

    expectRows(await allRows('comment', created.id), created.id, [
      {
        command: 'CreateComment',
        event: 'CommentCreated',
        at: created.at,
        created: { refType: 'application', refId: app.id, description: 'a remark', createdBy: 'admin' },
      },
    ]);
  });

  it('account: created, and entries added and replaced', async () => {
    const app = await step('SaveApplication', anApplication());
    const created = await step('CreateAccount', { refType: 'application', refId: app.id });
    const first = { sicht: 'Budget', periode: '2026', amount: 10 };
    const added = await step('AddAccountEntries', { accountId: created.id, entries: [first] });
    const second = { ...first, amount: 12 };
    const replaced = await step('AddAccountEntries', { accountId: created.id, entries: [second] });

    expectRows(await allRows('account', created.id), created.id, [
      {
        command: 'AddAccountEntries',
        event: 'AccountEntriesAdded',
        at: replaced.at,
        changes: [
          {
            field: 'entries',
            before: [expect.objectContaining(first)],
            after: [expect.objectContaining(second)],
          },
        ],
      },
      {
        command: 'AddAccountEntries',
        event: 'AccountEntriesAdded',
        at: added.at,
        changes: [{ field: 'entries', before: [], after: [expect.objectContaining(first)] }],
      },
      {
        command: 'CreateAccount',
        event: 'AccountCreated',
        at: created.at,
        created: { refType: 'application', refId: app.id, entries: [] },
      },
    ]);
  });

  it('trackerConnection: a changed secret shows only as ••••••, never sealed or in clear', async () => {
    await switchJiraOn(platform.admin);
    const settings = {
      name: uniqueName('Jira'),
      baseUrl: 'https://jira.example.com',
      deployment: 'cloud',
      authMode: 'basic',
      email: 'ops@example.com',
    };
    const secrets = ['first-secret-0123456789', 'second-secret-9876543210'];
    const created = await step('SaveTrackerConnection', { ...settings, secret: secrets[0] });
    const renamed = await step('SaveTrackerConnection', {
      ...settings,
      id: created.id,
      version: created.version,
      name: `${settings.name} v2`,
    });
    const rekeyed = await step('SaveTrackerConnection', {
      ...settings,
      name: `${settings.name} v2`,
      id: created.id,
      version: renamed.version,
      secret: secrets[1],
    });
    const deleted = await step('DeleteTrackerConnection', { id: created.id, version: rekeyed.version });

    const page = await allRows('trackerConnection', created.id);

    expectRows(page, created.id, [
      {
        command: 'DeleteTrackerConnection',
        event: 'TrackerConnectionDeleted',
        at: deleted.at,
        changes: [{ field: 'deleted', before: false, after: true }],
      },
      {
        command: 'SaveTrackerConnection',
        event: 'TrackerConnectionUpdated',
        at: rekeyed.at,
        changes: [{ field: 'secret', before: REDACTED, after: REDACTED }],
      },
      {
        command: 'SaveTrackerConnection',
        event: 'TrackerConnectionUpdated',
        at: renamed.at,
        changes: [{ field: 'name', before: settings.name, after: `${settings.name} v2` }],
      },
      {
        command: 'SaveTrackerConnection',
        event: 'TrackerConnectionCreated',
        at: created.at,
        created: { ...settings, secret: REDACTED, deleted: false },
      },
    ]);
    const sealed = (await platform.embedded.store.readStream(`trackerConnection-${created.id}`)).flatMap(
      (event) => {
        const secret = (event.data as { secret?: { iv: string; tag: string; data: string } }).secret;
        return secret ? [secret.iv, secret.tag, secret.data] : [];
      },
    );
    expect(sealed).toHaveLength(6);
    for (const text of [...sealed, ...secrets]) expect(page.raw).not.toContain(text);
  });

  it('tenant: created with its roles, features changed, a role saved and deleted', async () => {
    const name = `hist-${process.pid}`;
    const createdTenant = await step('CreateTenant', { name, features: { admin: true } });
    const token = await platform.api.token(name, 'admin', DEMO_PASSWORD);
    const tenant = (await get('/api/admin/tenant', token)).body as Body;
    const creation = await platform.embedded.store.readStream(`tenant-${tenant.id}`);
    const features = { ...tenant.features, hermes: true };
    const changed = await step('ChangeTenantFeatures', { version: tenant.version, features }, token);
    const permissions = { items: ['VIEW'] };
    const saved = await step('SaveRole', { name: 'Planner', permissions }, token);
    const planner = await roleId(token, 'Planner');
    const removed = await step('DeleteRole', { id: planner }, token);

    const page = await allRows('tenant', tenant.id, token);

    const role = { id: planner, name: 'Planner', permissions };
    expectRows(page, tenant.id, [
      {
        command: 'DeleteRole',
        event: 'RoleDeleted',
        at: removed.at,
        changes: [
          {
            field: 'roles',
            before: expect.objectContaining({ [planner]: role }),
            after: expect.not.objectContaining({ [planner]: expect.anything() }),
          },
        ],
      },
      {
        command: 'SaveRole',
        event: 'RoleSaved',
        at: saved.at,
        changes: [
          {
            field: 'roles',
            before: expect.not.objectContaining({ [planner]: expect.anything() }),
            after: expect.objectContaining({ [planner]: role }),
          },
        ],
      },
      {
        command: 'ChangeTenantFeatures',
        event: 'TenantFeaturesChanged',
        at: changed.at,
        changes: [{ field: 'features', before: tenant.features, after: features }],
      },
      // the creation: one append of the tenant, its built-in roles and its creator's membership
      ...creation
        .map((event) => ({ command: 'CreateTenant', event: event.type, at: createdTenant.at }))
        .reverse(),
    ]);
    expect(page.rows.at(-1)!.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: null, after: name },
        { field: 'status', before: null, after: 'active' },
      ]),
    );
    const builtIn = page.rows
      .filter((row) => row.event === 'RoleSaved' && row.command === 'CreateTenant')
      .map((row) => Object.values(row.changes.find((c) => c.field === 'roles')!.after as object).length);
    expect(builtIn).toEqual([3, 2, 1]);
    // another tenant's administrator finds no such record
    expect((await get(`/api/history/tenant/${tenant.id}`)).status).toBe(404);
  });

  it('user: created, renamed, password set, disabled and enabled; the password only as ••••••', async () => {
    const username = `hist-user-${process.pid}`;
    const passwords = ['first-password-0123', 'second-password-4567'];
    const viewer = await roleId(platform.admin, 'Viewer');
    const created = await step('CreateUser', {
      username,
      displayName: 'Hilde',
      password: passwords[0],
      roles: [viewer],
    });
    const renamed = await step('UpdateUser', { id: created.id, displayName: 'Hilde H.' });
    const password = await step('SetUserPassword', { id: created.id, password: passwords[1] });
    const disabled = await step('DisableUser', { id: created.id });
    const enabled = await step('EnableUser', { id: created.id });

    const page = await allRows('user', created.id);

    expectRows(page, created.id, [
      {
        command: 'EnableUser',
        event: 'UserEnabled',
        at: enabled.at,
        changes: [{ field: 'disabled', before: true, after: false }],
      },
      {
        command: 'DisableUser',
        event: 'UserDisabled',
        at: disabled.at,
        changes: [{ field: 'disabled', before: false, after: true }],
      },
      {
        command: 'SetUserPassword',
        event: 'UserPasswordChanged',
        at: password.at,
        changes: [{ field: 'password', before: REDACTED, after: REDACTED }],
      },
      {
        command: 'UpdateUser',
        event: 'UserUpdated',
        at: renamed.at,
        changes: [{ field: 'displayName', before: 'Hilde', after: 'Hilde H.' }],
      },
      {
        command: 'CreateUser',
        event: 'UserCreated',
        at: created.at,
        changes: [
          { field: 'status', before: null, after: 'active' },
          { field: 'username', before: null, after: username },
          { field: 'displayName', before: null, after: 'Hilde' },
          { field: 'disabled', before: null, after: false },
          { field: 'password', before: null, after: REDACTED },
        ],
      },
    ]);
    const hashes = (await platform.embedded.store.readStream(`user-${created.id}`)).flatMap((event) => {
      const { passwordHash } = event.data as { passwordHash?: string };
      return passwordHash ? [passwordHash] : [];
    });
    expect(hashes).toHaveLength(2);
    for (const text of [...hashes, ...passwords]) expect(page.raw).not.toContain(text);
  });

  it('scenario: branched, renamed and discarded (issue 22)', async () => {
    const name = uniqueName('Q3 cut');
    const created = await step('CreateScenario', { name, description: 'postpone CRM' });
    const renamed = await step('RenameScenario', { id: created.id, version: 0, name: `${name} v2` });
    const discarded = await step('DiscardScenario', { id: created.id, version: renamed.version });

    const page = await allRows('scenario', created.id);

    expectRows(page, created.id, [
      {
        command: 'DiscardScenario',
        event: 'ScenarioDiscarded',
        at: discarded.at,
        changes: [{ field: 'deleted', before: false, after: true }],
      },
      {
        command: 'RenameScenario',
        event: 'ScenarioRenamed',
        at: renamed.at,
        changes: [{ field: 'name', before: name, after: `${name} v2` }],
      },
      {
        command: 'CreateScenario',
        event: 'ScenarioCreated',
        at: created.at,
        created: { name, description: 'postpone CRM', from: created.at, deleted: false },
      },
    ]);
  });

  it('covers every history category', () => {
    // the tests above, one per category: a category added later needs its own
    expect([...historyCategories].sort()).toEqual(
      [
        'application',
        'group',
        'item',
        'goal',
        'resource',
        'calendar',
        'comment',
        'account',
        'scenario',
        'trackerConnection',
        'tenant',
        'user',
      ].sort(),
    );
  });
});

describe('an event written in an older schema version', () => {
  it("reads in today's shape in the history and in the event log, marked with today's version", async () => {
    const created = await step('SaveGroup', { title: uniqueName('Old share') });
    clock.advance(60);
    const at = clock.now().toISOString();
    // ProjectShared as version 1 wrote it: no status, and no command recorded yet
    await platform.embedded.store.append(
      `group-${created.id}`,
      [
        {
          id: randomUUID(),
          type: 'ProjectShared',
          data: { id: created.id, tenant: 'other' },
          metadata: {
            tenant: 'demo',
            user: 'admin',
            correlationId: randomUUID(),
            causationId: randomUUID(),
            timestamp: at,
            schemaVersion: 1,
          },
        },
      ],
      created.version,
    );

    expectRows(await allRows('group', created.id), created.id, [
      {
        command: null,
        event: 'ProjectShared',
        at,
        changes: [
          { field: 'shares', before: [], after: [{ tenant: 'other', status: 'PENDING' }] },
          { field: 'sharedWith', before: [], after: ['other'] },
        ],
      },
      { command: 'SaveGroup', event: 'GroupCreated', at: created.at, created: { deleted: false } },
    ]);
    const { events } = (await get(`/api/history/group/${created.id}/events.json`)).body as {
      events: ExportedEvent[];
    };
    expect(
      events.map(({ type, data, metadata }) => ({ type, data, schemaVersion: metadata.schemaVersion })),
    ).toEqual([
      { type: 'GroupCreated', data: expect.objectContaining({ id: created.id }), schemaVersion: 1 },
      {
        type: 'ProjectShared',
        data: { id: created.id, tenant: 'other', status: 'PENDING' },
        schemaVersion: 2,
      },
    ]);
  });
});

describe('paging and filters', () => {
  it('pages newest first with the total: each page after the cursor of the one before, to the last', async () => {
    const all = await allRows('group', project.id);
    expect(all.total).toBe(all.rows.length);
    expect(all.total).toBeGreaterThanOrEqual(7);

    const first = await history('group', project.id, '?limit=3');
    expect(first.rows).toEqual(all.rows.slice(0, 3));
    const second = await history('group', project.id, `?limit=3&cursor=${first.nextCursor}`);
    expect(second).toMatchObject({ total: all.total, fields: all.fields, users: all.users });
    expect(second.rows).toEqual(all.rows.slice(3, 6));
    const walked = [...first.rows, ...second.rows];
    let cursor = second.nextCursor;
    while (cursor !== null) {
      const page = await history('group', project.id, `?limit=3&cursor=${cursor}`);
      expect(page.total).toBe(all.total);
      walked.push(...page.rows);
      cursor = page.nextCursor;
    }
    expect(walked).toEqual(all.rows);
    // the default page: 100 rows
    expect(await history('group', project.id)).toMatchObject({
      items: all.rows.slice(0, 100),
      nextCursor: null,
      total: all.total,
    });
  });

  it('filters by field and by user; fields and users list the whole history', async () => {
    const all = await allRows('group', project.id);
    const fields = [...new Set(all.rows.flatMap((row) => row.changes.map((c) => c.field)))].sort();
    expect(all.fields).toEqual(fields);
    expect(all.fields).toEqual(
      expect.arrayContaining(['title', 'description', 'subgroups', 'goals', 'shares']),
    );
    expect(all.users).toEqual(['admin', 'admin@other']);

    const titles = await history('group', project.id, '?field=title');
    const titleRows = all.rows.filter((row) => row.changes.some((c) => c.field === 'title'));
    expect(titles.rows).toEqual(titleRows);
    expect(titles.total).toBe(2);
    expect({ fields: titles.fields, users: titles.users }).toEqual({ fields: all.fields, users: all.users });

    const sharing = await history('group', project.id, `?user=${encodeURIComponent('admin@other')}`);
    expect(sharing.rows.map((row) => [row.event, row.source])).toEqual([
      ['ProjectShareAccepted', 'share:other'],
    ]);
    expect(sharing.total).toBe(1);

    // the creation starts the lanes too (null → [])
    const page1 = await history('group', project.id, '?user=admin&field=subgroups&limit=1');
    const both = await history(
      'group',
      project.id,
      `?user=admin&field=subgroups&limit=1&cursor=${page1.nextCursor}`,
    );
    expect({ total: both.total, rows: both.rows.map((row) => row.event) }).toEqual({
      total: 3,
      rows: ['SubgroupAdded'],
    });
    expect((await history('group', project.id, '?field=nothing-like-it')).total).toBe(0);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=1001', 'limit'],
    ['limit=ten', 'limit'],
    ['cursor=not-one', 'cursor'],
    // the page numbers of before: a list pages by cursor now
    ['page=2', 'query'],
    ['pageSize=50', 'query'],
    ['colour=blue', 'query'],
  ])('answers 400 for ?%s, naming %s', async (query, field) => {
    const reply = await get(`/api/history/group/${project.id}?${query}`);
    expect(reply.status).toBe(400);
    expect((reply.body.errors as Body[]).map((e) => e.field)).toEqual([field]);
  });
});

describe('references by their names at each instant (issue 19)', () => {
  it('answers the names each referenced record had, so a row names them as they were then', async () => {
    const [oldName, newName] = [uniqueName('Old parent'), uniqueName('New parent')];
    const oldParent = await step('SaveGroup', { title: oldName });
    const newParent = await step('SaveGroup', { title: newName });
    const resource = await step('SaveResource', { name: uniqueName('Team') });
    const goal = await step('CreateGoal', { name: uniqueName('Cloud first') });
    const app = await step('SaveApplication', anApplication({ name: uniqueName('CRM') }));
    const created = await step('SaveGroup', {
      title: uniqueName('Referring'),
      parent: oldParent.id,
      resource: resource.id,
      applications: [app.id],
    });
    const goals = await step('SetGroupGoals', { id: created.id, goals: [{ goalId: goal.id, value: 3 }] });
    const moved = await step('SaveGroup', { id: created.id, version: goals.version, parent: newParent.id });
    const rated = await step('SetGroupGoals', { id: created.id, goals: [{ goalId: goal.id, value: 5 }] });
    // renamed after the move: the move's row still names it by its old name
    const renamed = await step('SaveGroup', {
      id: oldParent.id,
      version: oldParent.version,
      title: `${oldName} renamed`,
    });

    const page = await allRows('group', created.id);
    const refs = page.refs!;
    expect(refs[referenceKey('group', oldParent.id)]).toEqual([
      { position: oldParent.position, name: oldName },
      { position: renamed.position, name: `${oldName} renamed` },
    ]);
    expect(refs[referenceKey('group', newParent.id)]).toEqual([
      { position: newParent.position, name: newName },
    ]);
    expect(Object.keys(refs).sort()).toEqual(
      [
        referenceKey('group', oldParent.id),
        referenceKey('group', newParent.id),
        referenceKey('resource', resource.id),
        referenceKey('goal', goal.id),
        referenceKey('application', app.id),
        // issue 24: a project without a calendar has the default one, named as it was then
        referenceKey('calendar', 0),
      ].sort(),
    );
    const moveRow = page.rows.find((row) => row.position === moved.position)!;
    expect(moveRow.changes).toContainEqual({ field: 'parent', before: oldParent.id, after: newParent.id });
    expect(nameAt(refs[referenceKey('group', oldParent.id)], moveRow.position)).toBe(oldName);
    const goalRow = page.rows.find((row) => row.position === rated.position)!;
    expect(goalRow.changes).toEqual([
      { field: 'goals', before: [{ goalId: goal.id, value: 3 }], after: [{ goalId: goal.id, value: 5 }] },
    ]);

    // a page names only what its rows refer to: the newest row's goals
    const newest = await history('group', created.id, '?limit=1');
    expect(Object.keys(newest.refs!)).toEqual([referenceKey('goal', goal.id)]);
  });

  it("names an item's project and resource", async () => {
    const team = await step('SaveResource', { name: uniqueName('Crew') });
    const created = await step('SaveItem', {
      title: uniqueName('Task'),
      group: project.id,
      subgroup: 'tasks',
      resource: team.id,
      start: '2031-03-04T00:00',
      end: '2031-03-06T00:00',
    });
    const page = await allRows('item', created.id);
    expect(nameAt(page.refs![referenceKey('group', project.id)], created.position)).toBe(
      `${project.title} v2`,
    );
    expect(nameAt(page.refs![referenceKey('resource', team.id)], created.position)).toMatch(/^Crew/);
  });
});

describe('a shared project in the receiving tenant (issue 19)', () => {
  it("shows the project's own changes and only the receiving tenant's share; a third tenant gets 404", async () => {
    const third = `hist3-${process.pid}`;
    await step('CreateTenant', { name: third, features: { admin: true } });
    const thirdAdmin = await platform.api.token(third, 'admin', DEMO_PASSWORD);
    const title = uniqueName('Shared');
    const goal = await step('CreateGoal', { name: uniqueName('Secret goal') });
    const created = await step('SaveGroup', { title });
    const goals = await step('SetGroupGoals', { id: created.id, goals: [{ goalId: goal.id, value: 2 }] });
    const retitled = await step('SaveGroup', {
      id: created.id,
      version: goals.version,
      title: `${title} v2`,
    });
    const shared = await step('ShareProject', { id: created.id, tenant: 'other' });
    const accepted = await step('AcceptProjectShare', { id: created.id }, platform.otherAdmin);
    const toThird = await step('ShareProject', { id: created.id, tenant: third });

    const owner = await allRows('group', created.id);
    expect(owner.rows.map((row) => row.position)).toContain(toThird.position);
    const theirs = await allRows('group', created.id, platform.otherAdmin);
    // every row of the project but the one that shared it with the third tenant
    expect(theirs.rows.map((row) => row.position)).toEqual(
      [accepted, shared, retitled, goals, created].map((r) => r.position),
    );
    expect(theirs.rows[2]!.changes).toEqual([{ field: 'title', before: title, after: `${title} v2` }]);
    expect(theirs.rows[0]!.changes).toEqual([
      {
        field: 'shares',
        before: [{ tenant: 'other', status: 'PENDING' }],
        after: [{ tenant: 'other', status: 'ACCEPTED' }],
      },
    ]);
    expect(theirs.raw).not.toContain(third);
    expect(theirs.raw).not.toContain('acceptedBy');
    // the goal is the owner's record: its id shows in the change, its name in no reference
    expect(theirs.refs).toEqual({});
    expect(owner.refs![referenceKey('goal', goal.id)]).toBeDefined();
    // the exports are the owner's whole log
    expect((await get(`/api/history/group/${created.id}/export.csv`, platform.otherAdmin)).status).toBe(404);

    // a pending share shows nothing, no more than no share; a revoked one neither
    expect((await get(`/api/history/group/${created.id}`, thirdAdmin)).status).toBe(404);
    await step('UnshareProject', { id: created.id, tenant: 'other' });
    await caughtUp(platform.embedded);
    expect((await get(`/api/history/group/${created.id}`, platform.otherAdmin)).status).toBe(404);
  });
});

describe("a parent of another tenant's in the child's History (issue 19)", () => {
  it('names the shared parent while the share lets the viewer see it, else by its owner; its owner sees its own names', async () => {
    const other = platform.otherAdmin;
    const parentTitle = uniqueName('Joint parent');
    const parent = await step('SaveGroup', { title: parentTitle }, other);
    await step('ShareProject', { id: parent.id, tenant: 'demo' }, other);
    const accepted = await step('AcceptProjectShare', { id: parent.id });
    const child = await step('SaveGroup', { title: uniqueName('Child'), parent: parent.id });
    const retitled = await step(
      'SaveGroup',
      { id: parent.id, version: accepted.version, title: `${parentTitle} v2` },
      other,
    );
    const unshared = await step('UnshareProject', { id: parent.id, tenant: 'demo' }, other);
    // renamed while demo may not see it: demo never reads this title
    const secret = uniqueName('Unshared title');
    await step('SaveGroup', { id: parent.id, version: unshared.version, title: secret }, other);
    const detached = await step('SaveGroup', { id: child.id, version: child.version, parent: null });
    await caughtUp(platform.embedded);

    const demo = await allRows('group', child.id);
    const names = demo.refs![referenceKey('group', parent.id)]!;
    expect(names).toEqual([
      { position: parent.position, name: null, tenant: 'other' },
      { position: accepted.position, name: parentTitle, tenant: 'other' },
      { position: retitled.position, name: `${parentTitle} v2`, tenant: 'other' },
      { position: unshared.position, name: null, tenant: 'other' },
    ]);
    const created = demo.rows.find((row) => row.position === child.position)!;
    expect(created.changes).toContainEqual({ field: 'parent', before: null, after: parent.id });
    expect(nameAt(names, created.position)).toBe(parentTitle);
    const detachedRow = demo.rows.find((row) => row.position === detached.position)!;
    expect(detachedRow.changes).toContainEqual({ field: 'parent', before: parent.id, after: null });
    expect(referenceAt(names, detachedRow.position)).toEqual({
      position: unshared.position,
      name: null,
      tenant: 'other',
    });
    expect(demo.raw).not.toContain(secret);

    // the parent's owner, once demo shares the child with it, reads its own project's names, all of them
    await step('ShareProject', { id: child.id, tenant: 'other' });
    await step('AcceptProjectShare', { id: child.id }, other);
    await caughtUp(platform.embedded);
    const owner = await allRows('group', child.id, other);
    const ownNames = owner.refs![referenceKey('group', parent.id)]!;
    expect(ownNames.map((entry) => entry.name)).toEqual([parentTitle, `${parentTitle} v2`, secret]);
    expect(ownNames.every((entry) => entry.tenant === undefined)).toBe(true);
    expect(nameAt(ownNames, detached.position)).toBe(secret);
    // and the parent's own History, no longer shared with demo, is not demo's to read
    expect((await get(`/api/history/group/${parent.id}`)).status).toBe(404);
  });
});

describe('who may read a history', () => {
  it("answers 404 for another tenant's record, an unknown id and an unknown category", async () => {
    const { other } = platform;
    for (const path of [
      `/api/history/application/${other.application}`,
      `/api/history/comment/${other.comment}`,
      `/api/history/account/${other.account}`,
      '/api/history/application/987654321',
      `/api/history/widget/${project.id}`,
    ]) {
      const reply = await get(path);
      expect({ path, status: reply.status }).toEqual({ path, status: 404 });
    }
    // and the other way round: demo's project is not other's, even though it is shared with other: its
    // History shows what the share shows (below), its exports (the owner's whole log) stay the owner's
    for (const path of [
      `/api/history/group/${project.id}/export.csv`,
      `/api/history/group/${project.id}/events.json`,
    ])
      expect((await get(path, platform.otherAdmin)).status).toBe(404);
    expect((await get('/api/history/group/not-a-number')).status).toBe(400);
  });

  it('refuses the Viewer role (no history VIEW) with 403, for the history and both exports', async () => {
    for (const path of [
      `/api/history/group/${project.id}`,
      `/api/history/group/${project.id}/export.csv`,
      `/api/history/group/${project.id}/events.json`,
    ]) {
      const reply = await get(path, platform.viewer);
      expect({ path, status: reply.status }).toEqual({ path, status: 403 });
    }
    expect((await get(`/api/groups/${project.id}`, platform.viewer)).status).toBe(200);
  });

  describe('the Auditor role', () => {
    let auditor: string;

    beforeAll(async () => {
      const role = await roleId(platform.admin, 'Auditor');
      const username = `auditor-${process.pid}`;
      await step('CreateUser', {
        username,
        displayName: 'Audrey Auditor',
        password: DEMO_PASSWORD,
        roles: [role],
      });
      auditor = await platform.api.token('demo', username, DEMO_PASSWORD);
    });

    it('reads every history and both exports', async () => {
      expect(await allRows('group', project.id, auditor)).toEqual(await allRows('group', project.id));
      for (const path of [
        `/api/history/group/${project.id}/export.csv`,
        `/api/history/group/${project.id}/events.json`,
        `/api/groups/${project.id}`,
      ])
        expect((await get(path, auditor)).status).toBe(200);
      const tenant = (await get('/api/admin/tenant', auditor)).body as Body;
      expect((await get(`/api/history/tenant/${tenant.id}`, auditor)).status).toBe(200);
    });

    it('changes nothing: every command is refused with 403 and nothing is stored', async () => {
      const app = await step('SaveApplication', anApplication());
      const attempts: [string, unknown][] = [
        ['SaveGroup', { title: uniqueName('Audited') }],
        ['SaveGroup', { id: project.id, version: project.steps.retitled!.version, title: 'audited' }],
        ['SaveApplication', anApplication()],
        ['SaveApplication', { id: app.id, version: app.version, release: '9' }],
        ['DeleteApplication', { id: app.id, version: app.version }],
        ['CreateComment', { refType: 'application', refId: app.id, description: 'audited' }],
        [
          'SaveItem',
          { title: 'audited', group: project.id, subgroup: 'tasks', start: '2031-03-03T00:00', end: null },
        ],
        ['CreateGoal', { name: 'audited' }],
        ['SaveResource', { name: 'audited' }],
        ['ShareProject', { id: project.id, tenant: 'other' }],
        ['CreateTenant', { name: `audited-${process.pid}` }],
        ['CreateUser', { username: 'audited', displayName: 'A', password: DEMO_PASSWORD, roles: [] }],
      ];
      for (const [type, data] of attempts) await refused(type, data, 403, auditor);
    });
  });
});

describe('exports of a project', () => {
  const url = (suffix: string) => `${platform.api.baseUrl}/api/history/group/${project.id}/${suffix}`;

  it('CSV: a byte order mark, the header, and one line per changed field, oldest first', async () => {
    const response = await fetch(url('export.csv'), {
      headers: { authorization: `Bearer ${platform.admin}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);

    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });

    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([
      'at',
      'user',
      'command',
      'event',
      'source',
      'revision',
      'position',
      'field',
      'before',
      'after',
    ]);
    const rows = [...(await allRows('group', project.id)).rows].reverse();
    const cell = (value: unknown) =>
      value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
    expect(parsed.data).toEqual(
      rows.flatMap((row) =>
        row.changes.map((change) => ({
          at: row.at,
          user: row.user,
          command: row.command ?? '',
          event: row.event,
          source: row.source ?? '',
          revision: String(row.revision),
          position: String(row.position),
          field: change.field,
          before: cell(change.before),
          after: cell(change.after),
        })),
      ),
    );
    expect(parsed.data).toContainEqual(
      expect.objectContaining({
        command: 'SaveGroup',
        source: FLOW_STEP,
        field: 'description',
        before: '',
        after: 'planned in a flow',
      }),
    );
    expect(parsed.data).toContainEqual(
      expect.objectContaining({
        user: 'admin@other',
        source: 'share:other',
        field: 'acceptedBy',
        after: '["other"]',
      }),
    );
  });

  it('CSV: a cell a spreadsheet would run as a formula starts with an apostrophe; numbers stay', async () => {
    const formula = '=HYPERLINK("https://evil.example","open")';
    const created = await step('SaveGroup', { title: uniqueName('Formula') });
    await step('SaveGroup', {
      id: created.id,
      version: created.version,
      title: formula,
      description: '@SUM(1+1)',
      parentOrder: -3,
    });
    const response = await fetch(`${platform.api.baseUrl}/api/history/group/${created.id}/export.csv`, {
      headers: { authorization: `Bearer ${platform.admin}` },
    });
    const parsed = Papa.parse<Record<string, string>>(await response.text(), {
      header: true,
      skipEmptyLines: true,
    });
    const changed = Object.fromEntries(
      parsed.data.filter((line) => line.event === 'GroupUpdated').map((line) => [line.field, line.after]),
    );
    expect(changed).toEqual({ title: `'${formula}`, description: "'@SUM(1+1)", parentOrder: '-3' });
  });

  it('events.json: the events in order with their metadata; folding them gives the live project', async () => {
    const reply = await get(`/api/history/group/${project.id}/events.json`);
    expect(reply.status).toBe(200);
    const { stream, events } = reply.body as { stream: string; events: ExportedEvent[] };

    const stored = await platform.embedded.store.readStream(`group-${project.id}`);
    expect(stream).toBe(`group-${project.id}`);
    expect(events.map((e) => [e.revision, e.position, e.id, e.type])).toEqual(
      stored.map((e) => [e.revision, e.position, e.id, e.type]),
    );
    expect(events.map((e) => e.revision)).toEqual(events.map((_, i) => i));
    expect(events.find((e) => e.type === 'ProjectShareAccepted')!.metadata).toMatchObject({
      tenant: 'demo',
      user: 'admin@other',
      command: 'AcceptProjectShare',
      source: 'share:other',
      timestamp: project.steps.accepted!.at,
    });
    expect(events.find((e) => e.metadata.source === FLOW_STEP)).toMatchObject({
      type: 'GroupUpdated',
      data: { changes: { description: 'planned in a flow' } },
    });
    // today's shape: a share names its status (schema version 2)
    expect(events.find((e) => e.type === 'ProjectShared')!.data).toEqual({
      id: project.id,
      tenant: 'other',
      status: 'PENDING',
    });

    // a downstream system replays the log with nothing but the events
    const replayed = events.reduce<GroupDoc | null>(
      // the log's metadata is a plain JSON object: exactly what a stored event carries
      (doc, { stream: streamId, ...event }) =>
        groupsProjection.evolve(doc, { streamId, ...event } as unknown as StoredEvent),
      null,
    );
    await caughtUp(platform.embedded);
    const { _id, _position, ...live } = (await platform.embedded.readStore.get(
      'groups',
      String(project.id),
    ))!;
    expect({ _id, _position }).toEqual({ _id: String(project.id), _position: stored.at(-1)!.position });
    expect(replayed).toEqual(live);
    expect(replayed).toMatchObject({ title: `${project.title} v2`, acceptedBy: ['other'] });
  });
});
