import { leaseContract } from '../lease/testing/lease.contract';
import { MongoLease } from '../lease/mongo-lease';
import { allProjections } from '../projections/all-projections';
import { MongoReadStore } from './mongo-read-store';
import { itWhenAtomic } from './testing/atomicity';
import { describeWithMongo } from './testing/mongo-server';
import { aDoc, readStoreContract } from './testing/read-store.contract';

describeWithMongo('MongoDB read side', (server, atomic) => {
  const freshStore = () => new MongoReadStore(server().client.db(server().freshDatabase()));

  readStoreContract(
    'MongoReadStore',
    async (collections) => {
      const store = freshStore();
      await store.ensureIndexes(collections);
      return { store, dispose: async () => {} };
    },
    atomic,
  );

  leaseContract(
    'MongoLease',
    async (clock) => ({
      lease: new MongoLease(server().client.db(server().freshDatabase()), clock),
      dispose: async () => {},
    }),
    atomic,
  );

  describe('MongoReadStore', () => {
    it('creates the indexes every projection declares, tenant first', async () => {
      const store = freshStore();
      await store.ensureIndexes(allProjections);
      await store.ensureIndexes(allProjections);

      for (const projection of allProjections.filter((p) => p.indexes.length > 0)) {
        const keys = (await store.database.collection(projection.collection).listIndexes().toArray()).map(
          (index) => index.key as Record<string, number>,
        );
        for (const declared of projection.indexes) expect(keys).toContainEqual(declared);
      }
      expect(
        // acceptedBy: the tenants a project is shared with (accepted), the scope of the shared-project queries;
        // receiver: the receiving tenant of a share, the scope of the incoming shares;
        // secretHash: a calendar feed's public address, found before any tenant is known (issue 23)
        allProjections
          .flatMap((p) => p.indexes)
          .every((keys) =>
            ['tenant', 'acceptedBy', 'receiver', 'secretHash'].includes(Object.keys(keys)[0]!),
          ),
      ).toBe(true);
    });

    it('keeps ids as strings and leaves its checkpoints out of the dump', async () => {
      const store = freshStore();
      const doc = aDoc('0042');
      await store.put('applications', doc);
      await store.saveCheckpoint('projections', 9);

      const raw = await store.database.collection('applications').findOne({});
      expect(raw?._id).toBe('0042');
      expect(await store.dump()).toEqual({ applications: [doc] });
    });

    itWhenAtomic(atomic, 'keeps the newest of two writers racing to create the same document', async () => {
      const store = freshStore();
      const other = new MongoReadStore(store.database);
      const older = aDoc('1', { name: 'Older' });
      const newer = aDoc('1', { name: 'Newer' });
      const many = Array.from({ length: 50 }, (_, i) => [aDoc(`r${i}`), aDoc(`r${i}`, { name: 'Last' })]);

      await Promise.all([store.put('applications', older), other.put('applications', newer)]);
      await Promise.all([
        store.write(
          many.map(([first]) => ({
            collection: 'c',
            id: first!._id,
            position: first!._position,
            document: {},
          })),
        ),
        other.write(
          many.map(([, last]) => ({
            collection: 'c',
            id: last!._id,
            position: last!._position,
            document: { name: 'Last' },
          })),
        ),
      ]);

      expect(await store.get('applications', '1')).toEqual(newer);
      const dumped = (await store.dump()).c!;
      expect(dumped).toHaveLength(50);
      expect(dumped.every((doc) => doc.name === 'Last')).toBe(true);
    });
  });
});
