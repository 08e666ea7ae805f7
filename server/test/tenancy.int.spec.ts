import { bernDefinition, commandCatalogue } from '@fahrplan/contracts';
import { createUser } from '@fahrplan/command-service';
import { anApplication, caughtUp, startPlatform, storedSince } from '../src/testing/platform';
import { demoFeatures } from '../src/demo/demo-data';
import type { Body, Platform, Reply } from '../src/testing/platform';

let platform: Platform;
/** A demo application with an account, for the viewer to read and to aim commands at. */
let mine: { id: number; version: number; account: number; comment: number };
/** A demo project and goal for the group commands. */
let project: { id: number; goal: number };

beforeAll(async () => {
  platform = await startPlatform();
  const run = async (type: string, data: unknown) =>
    (await platform.api.command(type, data, platform.admin)).body;
  const application = await run('SaveApplication', anApplication({ name: 'Demo Own App' }));
  const account = await run('CreateAccount', { refType: 'application', refId: application.id });
  const linked = await run('SaveApplication', { id: application.id, version: 0, account: account.id });
  const comment = await run('CreateComment', {
    refType: 'application',
    refId: application.id,
    description: 'demo note',
  });
  mine = { id: application.id, version: linked.version, account: account.id, comment: comment.id };
  const group = await run('SaveGroup', { title: 'Demo Own Project' });
  const goal = await run('CreateGoal', { name: 'Demo Goal' });
  project = { id: group.id, goal: goal.id };
  await caughtUp(platform.embedded);
}, 30_000);

afterAll(async () => {
  await platform?.stop();
});

/** Sends a refused command and checks that nothing was stored. */
const refused = async (
  token: string,
  type: string,
  data: unknown,
  status: number,
  detail: string,
): Promise<void> => {
  const before = await platform.embedded.store.headPosition();
  const reply = await platform.api.command(type, data, token);
  expect({ type, status: reply.status, detail: reply.body.detail }).toEqual({ type, status, detail });
  expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(await storedSince(platform.embedded, before)).toEqual([]);
};

/** Nothing of tenant 'other' may appear in an answer to tenant 'demo'. */
const expectNothingOfOther = (reply: Reply) =>
  expect(JSON.stringify(reply.body)).not.toMatch(/Other Secret App|only for other|other secret|O-1/);

describe("tenant 'other' is invisible to tenant 'demo'", () => {
  it("answers 404 for other's application by id and by name, and leaves it out of lists and searches", async () => {
    const byId = await platform.api.get(`/api/applications/${platform.other.application}`, platform.admin);
    const byName = await platform.api.get('/api/applications/Other%20Secret%20App', platform.admin);
    const list = await platform.api.get('/api/applications', platform.admin);
    const search = await platform.api.get('/api/applications?q=secret', platform.admin);

    for (const reply of [byId, byName]) {
      expect(reply.status).toBe(404);
      expect(reply.body.detail).toBe('application not found');
      expectNothingOfOther(reply);
    }
    expect(list.status).toBe(200);
    expect((list.body.items as Body[]).map((a) => a.tenant)).toEqual(
      (list.body.items as Body[]).map(() => 'demo'),
    );
    expectNothingOfOther(list);
    expect(search.body).toEqual({ items: [], nextCursor: null });
  });

  it("answers no comments and 404 for the account of other's application", async () => {
    const comments = await platform.api.get(
      `/api/comments?refType=application&refId=${platform.other.application}`,
      platform.admin,
    );
    const account = await platform.api.get(`/api/accounts/${platform.other.account}`, platform.admin);

    expect(comments.status).toBe(200);
    expect(comments.body).toEqual({ items: [], nextCursor: null });
    expect(account.status).toBe(404);
    expect(account.body.detail).toBe('account not found');
    expectNothingOfOther(account);
  });

  it('shows tenant other its own records (the control for the cases above)', async () => {
    const { otherAdmin, other } = platform;

    const application = await platform.api.get(`/api/applications/${other.application}`, otherAdmin);
    const comments = await platform.api.get(
      `/api/comments?refType=application&refId=${other.application}`,
      otherAdmin,
    );
    const account = await platform.api.get(`/api/accounts/${other.account}`, otherAdmin);
    const list = await platform.api.get('/api/applications', otherAdmin);

    expect(application.body).toMatchObject({
      name: 'Other Secret App',
      tenant: 'other',
      account: other.account,
    });
    expect((comments.body.items as Body[]).map((c) => c.description)).toEqual(['other secret']);
    expect(account.body).toMatchObject({
      accountNumber: 'O-1',
      tenant: 'other',
      entries: [expect.objectContaining({ sicht: 'Budget' })],
    });
    expect((list.body.items as Body[]).map((a) => a.name)).toEqual(['Other Secret App']);
    expect((await platform.api.get(`/api/applications/${mine.id}`, otherAdmin)).status).toBe(404);
  });

  it("refuses every command on other's records with 404 and stores nothing", async () => {
    const { admin, other } = platform;
    const app = 'application not found';

    await refused(
      admin,
      'SaveApplication',
      { id: other.application, version: other.version, name: 'taken over' },
      404,
      app,
    );
    await refused(admin, 'DeleteApplication', { id: other.application, version: other.version }, 404, app);
    await refused(
      admin,
      'CreateComment',
      { refType: 'application', refId: other.application, description: 'hi' },
      404,
      app,
    );
    await refused(admin, 'CreateAccount', { refType: 'application', refId: other.application }, 404, app);
    await refused(
      admin,
      'AddAccountEntries',
      { accountId: other.account, entries: [{ sicht: 'Ist', amount: 1 }] },
      404,
      'account not found',
    );
  });

  it("refuses other's application as a parent: 400 parent not found", async () => {
    await refused(
      platform.admin,
      'SaveApplication',
      anApplication({ parent: platform.other.application }),
      400,
      'parent application not found',
    );
    await refused(
      platform.admin,
      'SaveApplication',
      { id: mine.id, version: mine.version, parent: platform.other.application },
      400,
      'parent application not found',
    );
  });

  it("refuses to link other's account, or an account that does not exist, to an application: 404", async () => {
    const application = (await platform.api.command('SaveApplication', anApplication(), platform.admin)).body;

    await refused(
      platform.admin,
      'SaveApplication',
      { id: application.id, version: 0, account: platform.other.account },
      404,
      'account not found',
    );
    await refused(
      platform.admin,
      'SaveApplication',
      anApplication({ account: platform.other.account }),
      404,
      'account not found',
    );
    await refused(
      platform.admin,
      'SaveApplication',
      { id: application.id, version: 0, account: 99_999_999 },
      404,
      'account not found',
    );
  });

  it('leaves the other tenant’s data as it was', async () => {
    await caughtUp(platform.embedded);
    const { body } = await platform.api.get(
      `/api/applications/${platform.other.application}`,
      platform.otherAdmin,
    );

    expect(body).toMatchObject({ name: 'Other Secret App', version: platform.other.version, deleted: false });
  });
});

describe('the tenant comes from the token only', () => {
  it('refuses a tenant in the body as an unknown field', async () => {
    const reply = await platform.api.command(
      'SaveApplication',
      anApplication({ tenant: 'other' }),
      platform.admin,
    );

    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      expect.objectContaining({ field: 'tenant', message: 'unknown field' }),
    ]);
  });

  it("files a record under the caller's tenant: 'admin' of 'other' and 'admin' of 'demo' are different users", async () => {
    const created = (
      await platform.api.command(
        'SaveApplication',
        anApplication({ name: 'Made By Other' }),
        platform.otherAdmin,
      )
    ).body;
    await caughtUp(platform.embedded);

    expect((await platform.api.get(`/api/applications/${created.id}`, platform.otherAdmin)).body.tenant).toBe(
      'other',
    );
    expect((await platform.api.get(`/api/applications/${created.id}`, platform.admin)).status).toBe(404);
    expect((await platform.api.get('/api/applications/Made%20By%20Other', platform.admin)).status).toBe(404);
    expect((await platform.api.get('/api/me', platform.otherAdmin)).body).toMatchObject({
      tenant: 'other',
      displayName: 'Other Admin',
    });
  });

  it('ignores query parameters naming a tenant', async () => {
    const reply = await platform.api.get('/api/applications?tenant=other&q=secret', platform.admin);

    expect(reply.body).toEqual({ items: [], nextCursor: null });
  });
});

describe('permissions', () => {
  /** A valid command of every type in the catalogue, aimed at a demo record. */
  const validCommands = (): Record<string, unknown> => ({
    SaveApplication: anApplication(),
    DeleteApplication: { id: mine.id, version: mine.version },
    RestoreApplication: { id: mine.id, version: mine.version },
    CreateBaseline: { name: 'viewer baseline' },
    DeleteBaseline: { id: mine.id },
    CreateCalendarFeed: { name: 'viewer feed' },
    RegenerateCalendarFeed: { id: mine.id },
    RevokeCalendarFeed: { id: mine.id },
    CreateScenario: { name: 'viewer scenario' },
    RenameScenario: { id: mine.id, version: 0, name: 'viewer scenario' },
    DiscardScenario: { id: mine.id, version: 0 },
    PublishScenario: { id: mine.id, version: 0 },
    ResolveScenarioConflict: {
      scenario: mine.id,
      kind: 'item',
      id: project.id,
      field: 'start',
      keep: 'live',
    },
    CreateComment: { refType: 'application', refId: mine.id, description: 'viewer note' },
    CreateAccount: { refType: 'application', refId: mine.id },
    AddAccountEntries: { accountId: mine.account, entries: [{ sicht: 'Ist', amount: 1 }] },
    RemoveAccountEntry: { accountId: mine.account, sicht: 'Ist', periode: null },
    SaveGroup: { title: 'viewer project' },
    DeleteGroup: { id: project.id, version: 0 },
    RestoreGroup: { id: project.id, version: 0 },
    SetGroupGoals: { id: project.id, goals: [{ goalId: project.goal, value: 1 }] },
    CreateGoal: { name: 'viewer goal' },
    UpdateGoal: { id: project.goal, version: 0, name: 'viewer goal' },
    DeleteGoal: { id: project.goal, version: 0 },
    SaveResource: { name: 'viewer resource' },
    DeleteResource: { id: project.id, version: 0 },
    SaveCalendar: { name: 'viewer calendar', definition: bernDefinition },
    DeleteCalendar: { id: project.id, version: 0 },
    ShareProject: { id: project.id, tenant: 'other' },
    UnshareProject: { id: project.id, tenant: 'other' },
    AcceptProjectShare: { id: project.id },
    DeclineProjectShare: { id: project.id },
    AddSubgroup: { id: project.id, name: 'viewer lane' },
    RenameSubgroup: { id: project.id, subgroup: 'lane-1', name: 'renamed lane' },
    RemoveSubgroup: { id: project.id, subgroup: 'lane-1' },
    RestoreSubgroup: { id: project.id, subgroup: 'lane-1' },
    SaveItem: { title: 'viewer item', group: project.id, subgroup: 'tasks', start: '2026-03-02T00:00' },
    DeleteItem: { id: project.id, version: 0 },
    RestoreItem: { id: project.id, version: 0 },
    AddDependency: { predecessor: project.id, successor: project.id + 1 },
    RemoveDependency: { id: project.id },
    Reschedule: {
      id: '9b6a1f4e-0c1d-4e57-9a63-2f1e8d7c5b40',
      moves: [{ item: project.id, version: 0, start: '2026-03-02T00:00', end: '2026-03-03T00:00' }],
    },
    CreateTenant: { name: 'viewer-tenant' },
    ChangeTenantFeatures: { features: demoFeatures },
    ChangeAttributeSchemas: { applicationAttributes: [], taskAttributes: [] },
    ChangeOptionLists: { lists: { itemStatus: [{ value: 0, label: 'Open', colour: 'gray', done: false }] } },
    SaveRole: { name: 'viewer role', permissions: { items: ['VIEW'] } },
    DeleteRole: { id: project.id },
    ChangeMemberRoles: { user: project.id, roles: [] },
    InviteMember: { tenant: 'other', username: 'admin', roles: [] },
    RemoveMember: { user: project.id },
    AcceptInvitation: { tenant: 'other' },
    DeclineInvitation: { tenant: 'other' },
    ChangeMyPreferences: { language: 'en' },
    CreateUser: { username: 'viewer-made', displayName: 'V', password: 'long enough password', roles: [] },
    UpdateUser: { id: project.id, displayName: 'renamed' },
    SetUserPassword: { id: project.id, password: 'long enough password' },
    DisableUser: { id: project.id },
    EnableUser: { id: project.id },
    SaveTrackerConnection: {
      name: 'viewer tracker',
      baseUrl: 'https://tracker.example.com',
      deployment: 'cloud',
      authMode: 'pat',
      secret: 'viewer-token',
    },
    DeleteTrackerConnection: { id: project.id, version: 0 },
    SyncTrackerConnection: { id: project.id },
    SaveWebhook: { url: 'https://hooks.example.com/viewer', events: ['ItemCreated'], active: true },
    DeleteWebhook: { id: project.id, version: 0 },
  });
  /** Answering one's own invitation needs no permission: the viewer has none to answer, so 404. */
  const signedInOnly = ['AcceptInvitation', 'DeclineInvitation'];
  /** A user's own calendar feeds (issue 23): the viewer has none by that id, so 404. */
  const ownFeeds = ['RegenerateCalendarFeed', 'RevokeCalendarFeed'];

  it('lets the viewer read everything', async () => {
    for (const path of [
      '/api/me',
      '/api/applications',
      '/api/applications?q=erp',
      `/api/applications/${mine.id}`,
      `/api/comments?refType=application&refId=${mine.id}`,
      `/api/accounts/${mine.account}`,
      '/api/calendar/working-days?from=2026-01-01&to=2026-02-01',
      '/api/calendar/holidays?region=GE&from=2026&to=2027&lang=it-CH',
      '/api/groups',
      `/api/groups/${project.id}`,
      `/api/groups/${project.id}/goals`,
      '/api/goals',
      '/api/resources',
      '/api/calendars',
      '/api/calendars/0',
      `/api/groups/${project.id}/calendar`,
      '/api/shares?direction=incoming',
      '/api/shares?direction=outgoing',
      `/api/applications/${mine.id}/projects`,
      `/api/items?group=${project.id}`,
      '/api/timeline?from=2026-01-01&to=2026-02-01',
      '/api/scenarios',
    ]) {
      const reply = await platform.api.get(path, platform.viewer);
      expect({ path, status: reply.status }).toEqual({ path, status: 200 });
    }
  });

  it('refuses every command of the catalogue to the viewer: 403 not permitted, nothing stored', async () => {
    const commands = validCommands();
    expect(Object.keys(commands).sort()).toEqual(Object.keys(commandCatalogue).sort());

    // a user's own preferences are everyone's to choose (issue 20); the viewer's change is theirs alone,
    // and so is a calendar feed of what the viewer may view (issue 23)
    const { ChangeMyPreferences: own, CreateCalendarFeed: feed, ...others } = commands;
    const chosen = await platform.api.command('ChangeMyPreferences', own, platform.viewer);
    expect(chosen.status).toBe(200);
    const subscribed = await platform.api.command('CreateCalendarFeed', feed, platform.viewer);
    expect(subscribed.status).toBe(200);
    for (const [type, data] of Object.entries(others))
      if (signedInOnly.includes(type))
        await refused(platform.viewer, type, data, 404, 'invitation not found');
      else if (ownFeeds.includes(type))
        await refused(platform.viewer, type, data, 404, 'calendar feed not found');
      else await refused(platform.viewer, type, data, 403, 'not permitted');
    await refused(
      platform.viewer,
      'SaveApplication',
      { id: mine.id, version: mine.version, name: 'renamed' },
      403,
      'not permitted',
    );
  });

  it('lets the admin run the same commands (the control)', async () => {
    const commands = validCommands();
    const fresh = (await platform.api.command('SaveApplication', anApplication(), platform.admin)).body;
    // CreateAccount needs an application without an account, DeleteApplication goes last.
    commands.CreateAccount = { refType: 'application', refId: fresh.id };
    // DeleteGroup aims at a fresh project: the others move the demo project's version on.
    const freshGroup = (await platform.api.command('SaveGroup', { title: 'doomed' }, platform.admin)).body;
    commands.DeleteGroup = { id: freshGroup.id, version: 0 };
    for (const type of [
      'SaveApplication',
      'CreateComment',
      'CreateAccount',
      'AddAccountEntries',
      'DeleteApplication',
      'SaveGroup',
      'CreateGoal',
      'SetGroupGoals',
      'ShareProject',
      'UnshareProject',
      'AddSubgroup',
      'RenameSubgroup',
      'SaveItem',
      'DeleteGroup',
    ]) {
      const reply = await platform.api.command(type, commands[type], platform.admin);
      expect({ type, status: reply.status }).toEqual({ type, status: 200 });
    }
  });

  it('refuses queries to a user without VIEW permission: 403', async () => {
    const position = await createUser(platform.embedded.store, platform.embedded.ids, {
      tenant: 'other',
      username: 'nobody',
      displayName: 'No Permissions',
      password: 'nobody-password',
      permissions: {},
    });
    await platform.embedded.directory.waitFor(position);
    const token = await platform.api.token('other', 'nobody', 'nobody-password');

    for (const path of [
      '/api/applications',
      `/api/applications/${platform.other.application}`,
      `/api/accounts/${platform.other.account}`,
      '/api/scenarios',
    ]) {
      const reply = await platform.api.get(path, token);
      expect({ path, status: reply.status, detail: reply.body.detail }).toEqual({
        path,
        status: 403,
        detail: 'not permitted',
      });
    }
    await refused(token, 'SaveApplication', anApplication(), 403, 'not permitted');
  });
});

describe('query parameters', () => {
  it('answers 400, not 500, when a query parameter is given twice', async () => {
    for (const path of [
      '/api/applications?q=a&q=b',
      '/api/applications?status=PRODUKTIV&status=PLANUNG',
      '/api/comments?refType=application&refType=x&refId=1',
    ]) {
      const reply = await platform.api.get(path, platform.admin);
      expect({ path, status: reply.status }).toEqual({ path, status: 400 });
      expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
  });
});
