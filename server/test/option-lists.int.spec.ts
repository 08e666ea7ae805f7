import { defaultOptionLists } from '@fahrplan/contracts';
import { storedSince } from '../src/testing/platform';
import { platformForSuite } from './support/platform-suite';

/** Issue 19: option lists over real HTTP, on the embedded server. */
const platform = platformForSuite();

type Lists = Record<string, { value: number; label: string; done: boolean; sharedParent?: boolean }[]>;
const command = (type: string, data: unknown, token = platform.admin) =>
  platform.api.command(type, data, token);
const me = async (token = platform.admin) =>
  (await platform.api.get('/api/me', token)).body as { optionLists: Lists };
const tenantVersion = async () =>
  ((await platform.api.get('/api/admin/tenant', platform.admin)).body as { version: number }).version;

const statuses = [
  { value: 3, label: 'Planned', colour: 'blue', done: false },
  { value: 4, label: 'Running', colour: 'indigo', done: false, sharedParent: true },
  { value: 6, label: 'Finished', colour: 'green', done: true },
];

describe('option lists', () => {
  it('a tenant that never changed them answers the defaults, in /api/me and the admin view', async () => {
    expect((await me(platform.otherAdmin)).optionLists).toEqual(defaultOptionLists);
    const admin = (await platform.api.get('/api/admin/tenant', platform.otherAdmin)).body as {
      optionLists: Lists;
    };
    expect(admin.optionLists).toEqual(defaultOptionLists);
  });

  it('ChangeOptionLists sets the lists it names; the others keep their defaults; the other tenant sees none of it', async () => {
    const reply = await command('ChangeOptionLists', {
      version: await tenantVersion(),
      lists: { projectStatus: statuses },
    });
    expect(reply.status).toBe(200);
    // the directory follows the tenant's stream: read it as of the command's position
    const { position } = reply.body as { position: number };
    const after = { 'x-fahrplan-after': String(position) };
    const { optionLists } = (await platform.api.get('/api/me', platform.admin, after)).body as {
      optionLists: Lists;
    };
    expect(optionLists.projectStatus).toEqual(statuses);
    expect(optionLists.itemStatus).toEqual(defaultOptionLists.itemStatus);
    expect(
      ((await platform.api.get('/api/me', platform.viewer, after)).body as { optionLists: Lists }).optionLists
        .projectStatus,
    ).toEqual(statuses);
    expect((await me(platform.otherAdmin)).optionLists.projectStatus).toEqual(
      defaultOptionLists.projectStatus,
    );
  });

  it("keeps a label per language beside the tenant's own (issue 20); the defaults have all four", async () => {
    const labelled = [
      {
        value: 0,
        label: 'Open',
        colour: 'gray',
        done: false,
        labels: { 'de-CH': 'Offen', 'fr-CH': 'Ouvert' },
      },
      { value: 5, label: 'Done', colour: 'green', done: true },
    ];
    const reply = await command('ChangeOptionLists', {
      version: await tenantVersion(),
      lists: { itemStatus: labelled },
    });
    expect(reply.status).toBe(200);
    const { position } = reply.body as { position: number };
    const { optionLists } = (
      await platform.api.get('/api/me', platform.admin, { 'x-fahrplan-after': String(position) })
    ).body as { optionLists: Lists };
    expect(optionLists.itemStatus).toEqual(labelled);
    expect((await me(platform.otherAdmin)).optionLists.projectStatus?.[3]).toMatchObject({
      label: 'Planned',
      labels: { 'de-CH': 'Geplant', 'fr-CH': 'Planifié', 'it-CH': 'Pianificato' },
    });
    const unknown = await command('ChangeOptionLists', {
      lists: { itemStatus: [{ ...labelled[1], labels: { 'es-ES': 'Hecho' } }] },
    });
    expect(unknown.status).toBe(400);
  });

  it('refuses a bad list (400), a stale version (409) and a user without admin EDIT (403), storing nothing', async () => {
    const before = await platform.embedded.store.headPosition();
    const twice = await command('ChangeOptionLists', {
      lists: { itemStatus: [statuses[0], { ...statuses[1], value: 3 }] },
    });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain('the value 3 is listed twice');
    const unknown = await command('ChangeOptionLists', { lists: { applicationStatus: statuses } });
    expect(unknown.status).toBe(400);
    const stale = await command('ChangeOptionLists', { version: 0, lists: { itemStatus: statuses } });
    expect(stale.status).toBe(409);
    const viewer = await command('ChangeOptionLists', { lists: { itemStatus: statuses } }, platform.viewer);
    expect(viewer.status).toBe(403);
    expect(await storedSince(platform.embedded, before)).toEqual([]);
  });

  it("a project's status must be listed when a command sets it: 400 naming the list, nothing stored", async () => {
    const created = await command('SaveGroup', { title: 'Listed status', status: 4 });
    expect(created.status).toBe(200);
    const { id } = created.body as { id: number };
    const before = await platform.embedded.store.headPosition();
    const refused = await command('SaveGroup', { id, version: 0, status: 5 });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      detail: '5 is not one of the listed values (3 Planned, 4 Running, 6 Finished)',
      errors: [expect.objectContaining({ field: 'status', message: 'not one of the listed values' })],
    });
    const newOne = await command('SaveGroup', { title: 'Unlisted', status: 0 });
    expect(newOne.status).toBe(400);
    expect(await storedSince(platform.embedded, before)).toEqual([]);
    // a listed one passes
    expect((await command('SaveGroup', { id, version: 0, status: 6 })).status).toBe(200);
  });

  it("an item's status must be listed: the default list holds 0 to 5", async () => {
    const { body: project } = await command('SaveGroup', { title: 'Items listed', status: 3 });
    const item = { group: (project as { id: number }).id, subgroup: 'tasks', start: '2027-03-15T00:00' };
    expect((await command('SaveItem', { ...item, title: 'Fine', status: 5 })).status).toBe(200);
    const refused = await command('SaveItem', { ...item, title: 'Not fine', status: 9 });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: [{ field: 'status' }] });
  });
});
