import { emptyDirectory, evolveDirectory, evolveSession, userKey } from './identity';
import type { FeatureFlags, IdentityEvent, SessionEvent, SessionState } from './identity';
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
  const tenantCreated = (name: string): IdentityEvent => ({
    type: 'TenantCreated',
    data: { id: freshId(), name, features, applicationAttributes: [] },
  });
  const userCreated = (tenant: string, username: string, displayName = username): IdentityEvent => ({
    type: 'UserCreated',
    data: {
      id: freshId(),
      tenant,
      username,
      displayName,
      passwordHash: 'scrypt$hash',
      permissions: viewOnlyPermissions,
    },
  });

  it('finds tenants by name', () => {
    const acme = tenantCreated('acme');
    const directory = [acme, tenantCreated('globex')].reduce(evolveDirectory, emptyDirectory());
    expect([...directory.tenants.keys()]).toEqual(['acme', 'globex']);
    expect(directory.tenants.get('acme')).toEqual({ ...acme.data, taskAttributes: [] });
  });

  it('reads a TenantCreated without task attributes (written before they existed) as none, else keeps them', () => {
    const taskAttributes = [{ key: 'risk', label: 'Risk', type: 'select', options: ['low'] }] as const;
    const withSchema: IdentityEvent = {
      type: 'TenantCreated',
      data: { id: freshId(), name: 'initech', features, applicationAttributes: [], taskAttributes },
    };
    const directory = [tenantCreated('acme'), withSchema].reduce(evolveDirectory, emptyDirectory());
    expect(directory.tenants.get('acme')?.taskAttributes).toEqual([]);
    expect(directory.tenants.get('initech')?.taskAttributes).toEqual(taskAttributes);
  });

  it('finds users by tenant and case-insensitive username', () => {
    const directory = [userCreated('acme', 'Alice')].reduce(evolveDirectory, emptyDirectory());
    expect(directory.users.get(userKey('acme', 'ALICE'))).toMatchObject({
      username: 'Alice',
      tenant: 'acme',
    });
    expect(directory.users.get(userKey('globex', 'alice'))).toBeUndefined();
  });

  it('keeps users of the same name in different tenants apart', () => {
    const directory = [
      userCreated('acme', 'alice', 'Alice A'),
      userCreated('globex', 'alice', 'Alice G'),
    ].reduce(evolveDirectory, emptyDirectory());
    expect(directory.users.size).toBe(2);
    expect(directory.users.get(userKey('globex', 'alice'))?.displayName).toBe('Alice G');
  });

  it('does not share the record with the event', () => {
    const event = userCreated('acme', 'bob');
    const directory = evolveDirectory(emptyDirectory(), event);
    expect(directory.users.get(userKey('acme', 'bob'))).not.toBe(event.data);
    expect(directory.users.get(userKey('acme', 'bob'))?.permissions).toEqual(viewOnlyPermissions);
  });
});
