import { randomUUID } from 'node:crypto';
import { bernDefinition, builtInRoles, streamName } from '@fahrplan/contracts';
import type { Permissions } from '@fahrplan/contracts';
import { createUser } from '@fahrplan/command-service';
import { eventMetadata } from '@fahrplan/platform';
import { adminApi } from './support/admin-api';
import { platformForSuite } from './support/platform-suite';
import { DEMO_PASSWORD, TestClock, uniqueName } from '../src/testing/platform';

/*
 * Issue 24: a tenant created before calendars existed has roles stored without them. Its built-in
 * roles read with today's calendars grants (RoleSaved upcast to version 3); a role its administrator
 * saved keeps what it names.
 */
const clock = new TestClock();
const platform = platformForSuite(clock);
const api = adminApi(() => platform);

/** The events of a tenant's creation exactly as stores held them before issue 24 (version 2 roles). */
const tenantBefore24 = async (name: string) => {
  const { embedded } = platform;
  const [tenant, administrator, viewer, auditor] = [
    await embedded.ids.allocate(),
    await embedded.ids.allocate(),
    await embedded.ids.allocate(),
    await embedded.ids.allocate(),
  ];
  const metadata = eventMetadata({
    tenant: name,
    user: 'system',
    timestamp: clock.now().toISOString(),
    source: 'provisioning',
  });
  const roles = builtInRoles(administrator, viewer, auditor).map(
    ({ permissions: { calendars: _calendars, ...before24 }, ...role }) => ({
      ...role,
      permissions: before24,
    }),
  );
  const custom = {
    id: await embedded.ids.allocate(),
    name: 'Old admins',
    permissions: roles[0]!.permissions,
  };
  await embedded.store.append(
    streamName('tenant', tenant),
    [
      {
        id: randomUUID(),
        type: 'TenantCreated',
        data: { id: tenant, name, features: {}, applicationAttributes: [], taskAttributes: [] },
        metadata: { ...metadata, schemaVersion: 1 },
      },
      ...roles.map((data) => ({
        id: randomUUID(),
        type: 'RoleSaved',
        data,
        metadata: { ...metadata, schemaVersion: 2 },
      })),
      {
        id: randomUUID(),
        type: 'RoleSaved',
        data: custom,
        metadata: { ...metadata, source: undefined, command: 'SaveRole', schemaVersion: 2 },
      },
    ],
    'no_stream',
  );
  return { administrator, viewer, auditor, custom: custom.id };
};

const member = async (tenant: string, role: number) => {
  const { embedded, api: http } = platform;
  const username = uniqueName('old').replace(/\W/g, '-');
  const last = await createUser(embedded.store, embedded.ids, {
    tenant,
    username,
    displayName: username,
    password: DEMO_PASSWORD,
    permissions: {},
    roles: [role],
  });
  await embedded.directory.waitFor(last);
  return http.token(tenant, username, DEMO_PASSWORD);
};

describe('roles of a tenant created before calendars existed', () => {
  it('grant the built-in roles today’s calendars permissions; a role an administrator saved keeps what it names', async () => {
    const name = uniqueName('before24').replace(/\W/g, '-');
    const roles = await tenantBefore24(name);
    const [administrator, viewer, auditor, custom] = [
      await member(name, roles.administrator),
      await member(name, roles.viewer),
      await member(name, roles.auditor),
      await member(name, roles.custom),
    ];
    const calendarsOf = async (token: string) =>
      ((await platform.api.get('/api/me', token)).body as { permissions: Permissions }).permissions.calendars;
    expect({
      administrator: await calendarsOf(administrator),
      viewer: await calendarsOf(viewer),
      auditor: await calendarsOf(auditor),
      custom: await calendarsOf(custom),
    }).toEqual({
      administrator: ['VIEW', 'CREATE', 'EDIT'],
      viewer: ['VIEW'],
      auditor: ['VIEW'],
      custom: undefined,
    });

    // the administrator opens Administration → Calendars and saves one; the others may not
    const made = await api.run(
      'SaveCalendar',
      { name: 'Zürich', definition: { ...bernDefinition, region: 'ZH' } },
      administrator,
    );
    const listed = await api.read('/api/calendars', made.position, administrator);
    expect(listed.body).toMatchObject({ items: [{ id: 0 }, { id: made.id, name: 'Zürich' }] });
    for (const token of [viewer, custom])
      await api.refused(
        'SaveCalendar',
        { name: 'Genf', definition: { ...bernDefinition, region: 'GE' } },
        403,
        token,
      );
  }, 60_000);
});
