import { emptyDirectory, evolveDirectory, evolveSession, userInTenant } from './identity';
import type { IdentityEvent, SessionEvent, SessionState } from './identity';
import type { FeatureFlags } from './tenant.commands';
import { viewOnlyPermissions } from '../permissions';
import { freshId } from '../testing/decider-spec';

const absent: SessionState = { status: 'absent' };
const fold = (events: SessionEvent[]) => events.reduce(evolveSession, absent);

const started = (overrides: Partial<Extract<SessionEvent, { type: 'SessionStarted' }>['data']> = {}) =>
  ({
    type: 'SessionStarted',
    data: {
      family: 'family-1',
      userId: 7,
      tenant: 'acme',
      tokenHash: 'hash-1',
      expiresAt: '2026-03-09T09:30:00.000Z',
      ...overrides,
    },
  }) as const;
const refreshed = (tokenHash: string, expiresAt: string) =>
  ({ type: 'SessionRefreshed', data: { tokenHash, expiresAt } }) as const;
const ended = (reason: 'logout' | 'reuse-detected') => ({ type: 'SessionEnded', data: { reason } }) as const;

describe('evolveSession', () => {
  it('starts an active session without earlier tokens', () =>
    expect(fold([started()])).toEqual({
      status: 'active',
      userId: 7,
      tenant: 'acme',
      tokenHash: 'hash-1',
      expiresAt: '2026-03-09T09:30:00.000Z',
      previousHashes: [],
    }));

  it('rotates the token on each refresh and remembers every earlier hash in order', () =>
    expect(
      fold([
        started(),
        refreshed('hash-2', '2026-03-10T00:00:00.000Z'),
        refreshed('hash-3', '2026-03-11T00:00:00.000Z'),
      ]),
    ).toEqual({
      status: 'active',
      userId: 7,
      tenant: 'acme',
      tokenHash: 'hash-3',
      expiresAt: '2026-03-11T00:00:00.000Z',
      previousHashes: ['hash-1', 'hash-2'],
    }));

  it.each(['logout', 'reuse-detected'] as const)('ends the session on %s and keeps its hashes', (reason) =>
    expect(fold([started(), refreshed('hash-2', '2026-03-10T00:00:00.000Z'), ended(reason)])).toMatchObject({
      status: 'ended',
      tokenHash: 'hash-2',
      previousHashes: ['hash-1'],
    }),
  );

  it('stays ended when a refresh follows the end', () =>
    expect(fold([started(), ended('logout'), refreshed('hash-2', '2026-03-10T00:00:00.000Z')])).toMatchObject(
      {
        status: 'ended',
      },
    ));

  it('ignores a refresh or an end without a start', () =>
    expect(fold([refreshed('hash-2', '2026-03-10T00:00:00.000Z'), ended('logout')])).toEqual(absent));

  it('does not change the state it was given', () => {
    const active = fold([started()]);
    evolveSession(active, refreshed('hash-2', '2026-03-10T00:00:00.000Z'));
    expect(active).toMatchObject({ tokenHash: 'hash-1', previousHashes: [] });
  });
});

describe('evolveDirectory', () => {
  const features: FeatureFlags = {
    admin: false,
    jira: true,
    alm: false,
    hermes: false,
    financialPlanning: true,
    agileLifecycle: false,
  };
  const tenantCreated = (name: string): IdentityEvent & { streamId: string } => {
    const id = freshId();
    return {
      type: 'TenantCreated',
      data: { id, name, features, applicationAttributes: [] },
      streamId: `tenant-${id}`,
    };
  };
  const userCreated = (
    tenant: string,
    username: string,
    displayName = username,
  ): IdentityEvent & { streamId: string } => {
    const id = freshId();
    return {
      type: 'UserCreated',
      data: {
        id,
        tenant,
        username,
        displayName,
        passwordHash: 'scrypt$hash',
        permissions: viewOnlyPermissions,
      },
      streamId: `user-${id}`,
    };
  };

  it('finds tenants by name', () => {
    const acme = tenantCreated('acme');
    const directory = [acme, tenantCreated('globex')].reduce(evolveDirectory, emptyDirectory());
    expect([...directory.tenants.keys()]).toEqual(['acme', 'globex']);
    expect(directory.tenants.get('acme')).toMatchObject({ ...acme.data, taskAttributes: [] });
  });

  it('reads a TenantCreated without task attributes (written before they existed) as none, else keeps them', () => {
    const taskAttributes = [{ key: 'risk', label: 'Risk', type: 'select', options: ['low'] }] as const;
    const withSchema = {
      type: 'TenantCreated',
      data: { id: 5, name: 'initech', features, applicationAttributes: [], taskAttributes },
      streamId: 'tenant-5',
    } as const;
    const directory = [tenantCreated('acme'), withSchema].reduce(evolveDirectory, emptyDirectory());
    expect(directory.tenants.get('acme')?.taskAttributes).toEqual([]);
    expect(directory.tenants.get('initech')?.taskAttributes).toEqual(taskAttributes);
  });

  it("gives a user's home roles without moving the tenant's version (its stream revision)", () => {
    const acme = tenantCreated('acme');
    const bob = userCreated('acme', 'bob');
    const bobId = Number(bob.streamId.replace('user-', ''));
    const withRoles = { ...bob, data: { ...bob.data, roles: [7] } } as IdentityEvent & { streamId: string };
    const directory = [acme, withRoles].reduce(evolveDirectory, emptyDirectory());
    expect(directory.tenants.get('acme')).toMatchObject({ version: 0, members: { [bobId]: [7] } });
  });

  it('finds users by tenant and case-insensitive username', () => {
    const directory = [tenantCreated('acme'), userCreated('acme', 'Alice')].reduce(
      evolveDirectory,
      emptyDirectory(),
    );
    expect(userInTenant(directory, 'acme', 'ALICE')).toMatchObject({ username: 'Alice', tenant: 'acme' });
    expect(userInTenant(directory, 'globex', 'alice')).toBeUndefined();
  });

  it('keeps users of the same name in different tenants apart', () => {
    const directory = [
      tenantCreated('acme'),
      tenantCreated('globex'),
      userCreated('acme', 'alice', 'Alice A'),
      userCreated('globex', 'alice', 'Alice G'),
    ].reduce(evolveDirectory, emptyDirectory());
    expect(directory.accounts.size).toBe(2);
    expect(userInTenant(directory, 'globex', 'alice')?.displayName).toBe('Alice G');
    expect(userInTenant(directory, 'acme', 'alice')?.displayName).toBe('Alice A');
  });

  it('does not share the record with the event', () => {
    const event = userCreated('acme', 'bob');
    const directory = [tenantCreated('acme'), event].reduce(evolveDirectory, emptyDirectory());
    const id = Number(event.streamId.slice('user-'.length));
    expect(directory.accounts.get(id)).toMatchObject({ username: 'bob' });
    expect(directory.accounts.get(id)).not.toBe(event.data);
    expect(userInTenant(directory, 'acme', 'bob')?.permissions).toEqual(viewOnlyPermissions);
  });
});
