import type { Page, ShareView, StoredEvent } from '@fahrplan/contracts';
import { allProjections } from '../projections/all-projections';
import { storedEvent } from '../projections/testing/stored-event';
import { MemoryReadStore } from '../read-store/memory-read-store';
import { MongoReadStore } from '../read-store/mongo-read-store';
import type { ReadStore } from '../read-store/read-store';
import { describeWithMongo } from '../read-store/testing/mongo-server';
import { SharesController } from './shares.controller';
import { allowingDirectory, groupCreatedData, projectHistory, asked } from '../http/testing/query-fixtures';

let minute = 0;
/** An event by `user` of `tenant`'s stream, a minute after the one before. */
const event = (tenant: string, type: string, data: Record<string, unknown>, user = 'alice'): StoredEvent => {
  const e = storedEvent(tenant, type, data);
  const timestamp = new Date(Date.UTC(2026, 2, 2, 9, ++minute)).toISOString();
  return { ...e, metadata: { ...e.metadata, user, timestamp } };
};

// acme shares 10 with other (accepted) and third (declined), 11 with other (pending), 12 with other
// (revoked), 13 with other then deletes it; other shares 20 with acme (pending)
const history = [
  event('acme', 'GroupCreated', groupCreatedData(10, 'Roll-out')),
  event('acme', 'GroupCreated', groupCreatedData(11, 'Pending one')),
  event('acme', 'GroupCreated', groupCreatedData(12, 'Revoked one')),
  event('acme', 'GroupCreated', groupCreatedData(13, 'Deleted one')),
  event('other', 'GroupCreated', groupCreatedData(20, 'Theirs')),
  event('acme', 'ProjectShared', { id: 10, tenant: 'other', status: 'PENDING' }),
  event('acme', 'ProjectShareAccepted', { id: 10, tenant: 'other' }, 'bob@other'),
  event('acme', 'ProjectShared', { id: 10, tenant: 'third', status: 'PENDING' }),
  event('acme', 'ProjectShareDeclined', { id: 10, tenant: 'third' }, 'carol@third'),
  event('acme', 'ProjectShared', { id: 11, tenant: 'other', status: 'PENDING' }),
  event('acme', 'ProjectShared', { id: 12, tenant: 'other', status: 'PENDING' }),
  event('acme', 'ProjectUnshared', { id: 12, tenant: 'other' }),
  event('acme', 'ProjectShared', { id: 13, tenant: 'other', status: 'PENDING' }),
  event('acme', 'GroupDeleted', { id: 13 }),
  event('other', 'ProjectShared', { id: 20, tenant: 'acme', status: 'PENDING' }, 'bob'),
  // renamed after the share ended: the receiving tenant never learns the new title
  event('acme', 'GroupUpdated', { id: 12, changes: { title: 'Secret new title' } }),
];

const as = (tenant: string) => ({ userId: 1, tenant, username: 'alice' });

const answers = async (store: ReadStore) => {
  const c = new SharesController(store, allowingDirectory);
  /** Both directions of a tenant's shares, each one page. */
  const both = async (tenant: string) => ({
    outgoing: (await c.shares(asked(as(tenant), { direction: 'outgoing' }))).items,
    incoming: (await c.shares(asked(as(tenant), { direction: 'incoming' }))).items,
  });
  return { acme: await both('acme'), other: await both('other'), third: await both('third') };
};

const check = async (store: ReadStore) => {
  await projectHistory(store, history);
  const { acme, other, third } = await answers(store);
  const brief = (list: readonly { project: number; title: string | null; status: string }[]) =>
    list.map((s) => [s.project, s.title, s.status]);

  // the latest change first; 13 left with its deleted project
  expect(brief(acme.outgoing)).toEqual([
    [12, 'Secret new title', 'REVOKED'],
    [11, 'Pending one', 'PENDING'],
    [10, 'Roll-out', 'DECLINED'],
    [10, 'Roll-out', 'ACCEPTED'],
  ]);
  expect(acme.outgoing.map((s) => s.tenant)).toEqual(['other', 'other', 'third', 'other']);
  expect(brief(acme.incoming)).toEqual([[20, 'Theirs', 'PENDING']]);
  expect(brief(other.incoming)).toEqual([
    [12, null, 'REVOKED'],
    [11, 'Pending one', 'PENDING'],
    [10, 'Roll-out', 'ACCEPTED'],
  ]);
  expect(brief(other.outgoing)).toEqual([[20, 'Theirs', 'PENDING']]);
  expect(brief(third.incoming)).toEqual([[10, null, 'DECLINED']]);
  expect(third.outgoing).toEqual([]);
  // the same history on both sides: the request by acme's user, the decision by other's
  const accepted = (list: typeof acme.outgoing) => list.find((s) => s.project === 10 && s.tenant === 'other');
  expect(accepted(other.incoming)).toEqual(accepted(acme.outgoing));
  expect(accepted(other.incoming)).toEqual({
    project: 10,
    title: 'Roll-out',
    owner: 'acme',
    tenant: 'other',
    status: 'ACCEPTED',
    history: [
      { action: 'REQUESTED', at: expect.any(String), user: 'alice', tenant: 'acme' },
      { action: 'ACCEPTED', at: expect.any(String), user: 'bob', tenant: 'other' },
    ],
  });
};

describe('share queries on the in-memory store', () => {
  it('answer both sides with their histories, titles only where the receiver may see them', async () => {
    await check(new MemoryReadStore());
  });

  it('page each side in the same order, full pages past the shares of deleted projects', async () => {
    const store = new MemoryReadStore();
    await projectHistory(store, history);
    const c = new SharesController(store, allowingDirectory);
    const walk = async (query: Record<string, string>) => {
      const seen: [number, string][] = [];
      let cursor: string | null = null;
      do {
        const page: Page<ShareView> = await c.shares(
          asked(as('acme'), {
            ...query,
            limit: '1',
            ...(cursor ? { cursor } : {}),
          }),
        );
        expect(page.items).toHaveLength(1);
        seen.push(...page.items.map((share): [number, string] => [share.project, share.tenant]));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    const whole = (await c.shares(asked(as('acme'), { direction: 'outgoing' }))).items;
    expect(await walk({ direction: 'outgoing' })).toEqual(
      whole.map((share) => [share.project, share.tenant]),
    );
    expect(await walk({ direction: 'outgoing', status: 'PENDING' })).toEqual([[11, 'other']]);
    for (const query of [{}, { direction: 'sideways' }])
      await expect(c.shares(asked(as('acme'), query))).rejects.toMatchObject({
        details: { fieldErrors: [{ field: 'direction' }] },
      });
    await expect(
      c.shares(asked(as('acme'), { direction: 'incoming', status: 'LOST' })),
    ).rejects.toMatchObject({
      details: { fieldErrors: [{ field: 'status' }] },
    });
  });
});

describeWithMongo('share queries on MongoDB', (server) => {
  it('answer as on the in-memory store', async () => {
    const mongo = new MongoReadStore(server().client.db(server().freshDatabase()));
    await mongo.ensureIndexes(allProjections);
    await check(mongo);
    const memory = new MemoryReadStore();
    await projectHistory(memory, history);
    expect(await answers(mongo)).toEqual(await answers(memory));
  });
});
