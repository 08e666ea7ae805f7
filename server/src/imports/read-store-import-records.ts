import type { ImportRecords } from '@fahrplan/command-service';
import type { ImportRecord, ImportableSheetKind, SheetRefKind } from '@fahrplan/contracts';
import { foldText } from '@fahrplan/projection-service';
import type { ReadDocument, ReadStore } from '@fahrplan/projection-service';

/** `$in` lists stay short enough for every store's parameter limits. */
const chunk = 500;

const collectionOf: Readonly<Record<ImportableSheetKind | SheetRefKind, string>> = {
  applications: 'applications',
  application: 'applications',
  projects: 'groups',
  project: 'groups',
  items: 'items',
  item: 'items',
  resource: 'resources',
  account: 'accounts',
  goal: 'goals',
};

const nameFieldOf = (collection: string) =>
  ['applications', 'resources', 'goals'].includes(collection) ? 'name' : 'title';

/** What a read model adds to a record's fields. */
const bookkeeping = new Set([
  '_id',
  '_position',
  'tenant',
  'version',
  'deleted',
  'acceptedBy',
  'sharedWith',
  'shares',
]);

const recordOf = (doc: ReadDocument): ImportRecord => ({
  id: doc.id as number,
  version: doc.version as number,
  deleted: doc.deleted === true,
  fields: Object.fromEntries(
    Object.entries(doc).filter(([key]) => !bookkeeping.has(key) && !key.startsWith('_')),
  ),
});

const inChunks = async <T>(values: readonly T[], read: (part: T[]) => Promise<ReadDocument[]>) => {
  const docs: ReadDocument[] = [];
  for (let i = 0; i < values.length; i += chunk) docs.push(...(await read(values.slice(i, i + chunk))));
  return docs;
};

/**
 * Issue 23: the import's lookups over the read store, each by an index the read models declare
 * (a record by tenant and id, by tenant and name or title; resources by their folded name): the
 * embedded one's SQLite file, or the distributed command service's connection to MongoDB.
 */
export class ReadStoreImportRecords implements ImportRecords {
  constructor(private readonly store: ReadStore) {}

  readonly records: ImportRecords['records'] = async (kind, tenant, { ids, names }) => {
    const collection = collectionOf[kind];
    const name = nameFieldOf(collection);
    const byId = await inChunks(ids, (part) =>
      this.store.find(collection, {
        $or: [false, true].map((deleted) => ({ tenant, deleted, id: { $in: part } })),
      }),
    );
    const byName = await inChunks(names, (part) =>
      this.store.find(collection, { tenant, deleted: false, [name]: { $in: part } }),
    );
    const seen = new Set<string>();
    return [...byId, ...byName].filter((doc) => !seen.has(doc._id) && seen.add(doc._id)).map(recordOf);
  };

  readonly refs: ImportRecords['refs'] = async (ref, tenant, { ids, names }) => {
    const collection = collectionOf[ref];
    if (ref === 'account') {
      // accounts are never deleted; an account is named after its application or project (§3)
      const byId = await this.store.getMany(collection, ids.map(String));
      const byName = await inChunks(names, (part) =>
        this.store.find(collection, { tenant, name: { $in: part } }),
      );
      const seen = new Set<number>();
      return [...byId.values(), ...byName]
        .filter((doc) => doc.tenant === tenant && doc._deleted !== true)
        .filter((doc) => !seen.has(doc.id as number) && seen.add(doc.id as number))
        .map((doc) => ({ id: doc.id as number, name: String(doc.name ?? `#${doc.id as number}`) }));
    }
    const name = nameFieldOf(collection);
    const byId = await inChunks(ids, (part) =>
      this.store.find(collection, { tenant, deleted: false, id: { $in: part } }),
    );
    const byName = await inChunks(names, (part) =>
      ref === 'resource'
        ? this.store.find(collection, { tenant, deleted: false, _name: { $in: part.map(foldText) } })
        : this.store.find(collection, { tenant, deleted: false, [name]: { $in: part } }),
    );
    const seen = new Set<number>();
    return [...byId, ...byName]
      .filter((doc) => !seen.has(doc.id as number) && seen.add(doc.id as number))
      .map((doc) => ({ id: doc.id as number, name: String(doc[name] ?? '') }));
  };
}
