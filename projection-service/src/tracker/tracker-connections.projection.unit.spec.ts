import type { SealedSecret } from '@fahrplan/contracts';
import { storedEvent } from '../projections/testing/stored-event';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { projectHistory } from '../http/testing/query-fixtures';
import { trackerConnectionsProjection as projection } from './tracker-connections.projection';
import type { TrackerConnectionDoc } from './tracker-connections.projection';

const sealed = (n: number): SealedSecret => ({
  alg: 'A256GCM',
  kid: `key-${n}-kid`,
  iv: `aXYtcGFydC0${n}`,
  tag: `dGFnLXBhcnQt${n}`,
  data: `c2VhbGVkLWRhdGEtcGFydC0${n}`,
});

const settings = {
  name: 'Jira Cloud',
  baseUrl: 'https://acme.atlassian.net',
  deployment: 'cloud',
  authMode: 'basic',
  email: 'sync@acme.example',
};

const history = [
  storedEvent('acme', 'TrackerConnectionCreated', { id: 7, ...settings, secret: sealed(1) }),
  storedEvent('acme', 'TrackerConnectionUpdated', { id: 7, changes: { name: 'Jira' }, secret: sealed(2) }, 1),
  storedEvent(
    'acme',
    'TrackerConnectionUpdated',
    { id: 7, changes: { authMode: 'pat', email: null }, secret: sealed(3) },
    2,
  ),
];

const fold = (events: typeof history) =>
  events.reduce<TrackerConnectionDoc | null>((doc, event) => projection.evolve(doc, event), null);

describe('the tracker connections projection', () => {
  it('keeps the settings, the tenant and the version of a connection', () => {
    expect(fold(history.slice(0, 1))).toEqual({
      id: 7,
      ...settings,
      tenant: 'acme',
      version: 0,
      deleted: false,
    });
    expect(fold(history)).toEqual({
      id: 7,
      ...settings,
      name: 'Jira',
      authMode: 'pat',
      email: null,
      tenant: 'acme',
      version: 2,
      deleted: false,
    });
  });

  it('marks a deleted connection and keeps it', () => {
    const deleted = [...history, storedEvent('acme', 'TrackerConnectionDeleted', { id: 7 }, 3)];

    expect(fold(deleted)).toMatchObject({ id: 7, deleted: true, version: 3 });
    expect(projection.documentId(deleted[3]!)).toBe('7');
  });

  it('stores no part of any sealed secret, created or replaced', async () => {
    const store = new MemoryReadStore();
    await projectHistory(store, history);
    const stored = JSON.stringify(await store.dump());

    expect(stored).toContain('Jira');
    for (const secret of [sealed(1), sealed(2), sealed(3)])
      for (const part of [secret.kid, secret.iv, secret.tag, secret.data]) expect(stored).not.toContain(part);
    expect(stored).not.toContain('secret');
    expect(stored).not.toContain('A256GCM');
  });

  it('ignores an update without a created connection (a connection it never saw)', () => {
    expect(projection.evolve(null, history[1]!)).toBeNull();
  });
});
