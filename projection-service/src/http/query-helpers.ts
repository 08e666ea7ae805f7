import { can, notFound, notPermitted } from '@fahrplan/contracts';
import type { Page, PermissionResource } from '@fahrplan/contracts';
import type { DirectoryCache, Principal } from '@fahrplan/platform';
import { foldText } from '../projections/projection';
import type { ReadDocument, ReadView } from '../read-store/read-store';
import { pageAnswer, pageOf, pageRequest } from './paging';
import { isRecordId, single } from './query-params';
import type { QueryParams } from './query-params';

/** A stored document without the read store's own fields and the fields derived for queries (`_…`). */
export const strip = <T>(doc: ReadDocument): T => {
  // a loop, not entries/filter/fromEntries: the timeline strips thousands of documents per answer
  const kept: Record<string, unknown> = {};
  for (const field in doc) if (field.charCodeAt(0) !== 95 /* _ */) kept[field] = doc[field];
  return kept as T;
};

/** A record's answer without its tenant and deleted flag: what the tenant's own lists show of it. */
export const recordView = <V>(doc: ReadDocument): V => {
  const { tenant: _tenant, deleted: _deleted, ...view } = strip<Record<string, unknown>>(doc);
  return view as V;
};

/**
 * Document `id` of `collection` when it is live in `tenant`, else a 404 naming `kind`:
 * another tenant's, deleted and unknown answer alike. Live is `deleted: false`, the flag every list
 * filters on, so a record answers by id exactly when the lists show it (a document without the flag
 * is not live).
 */
export const liveRecord = async (
  store: ReadView,
  collection: string,
  tenant: string,
  id: string,
  kind: string,
): Promise<ReadDocument> => {
  const doc = isRecordId(id) ? await store.get(collection, id) : null;
  if (!doc || doc.tenant !== tenant || doc.deleted !== false) throw notFound(kind);
  return doc;
};

/**
 * A page (`?limit=`, `?cursor=`) of the tenant's live records of `collection`, the latest `field` first,
 * as their lists show them (the baselines by instant, the scenarios by creation).
 */
export const latestLivePage = async <V>(
  store: ReadView,
  collection: string,
  tenant: string,
  field: string,
  { limit, cursor }: QueryParams,
): Promise<Page<V>> => {
  const page = await pageOf(
    store,
    collection,
    { tenant, deleted: false },
    [
      [field, -1],
      ['_id', -1],
    ],
    pageRequest(limit, cursor),
  );
  return pageAnswer(page.docs.map(recordView<V>), page.nextCursor);
};

export const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Documents of one folded name read to find a name's lowest id (more share one only by design). */
const maxNameTwins = 1000;

/**
 * The document matching `filter` whose `field` is `name` without regard to case, the lowest id when
 * several are (§2 routes by name). It is found through the folded key `folded` the read model derives
 * and indexes after `filter`'s fields, then tested exactly: a case-insensitive pattern over the field
 * itself would read every document of the tenant.
 */
export const findByName = async (
  store: ReadView,
  collection: string,
  filter: Readonly<Record<string, unknown>>,
  { field, folded }: { readonly field: string; readonly folded: string },
  name: string,
): Promise<ReadDocument | null> => {
  const twins = await store.find(
    collection,
    { ...filter, [folded]: foldText(name) },
    { sort: { _id: 1 }, limit: maxNameTwins },
  );
  const same = new RegExp(`^${escapeRegex(name)}$`, 'iu');
  const named = twins.filter((doc) => same.test(String(doc[field])));
  return named.reduce<ReadDocument | null>(
    (lowest, doc) => (lowest === null || (doc.id as number) < (lowest.id as number) ? doc : lowest),
    null,
  );
};

/**
 * `?q=`: the documents whose derived search text (`_search`, folded) holds the folded query as a
 * literal; nothing to filter by without one.
 */
export const searchFilter = (q: string | string[] | undefined): Record<string, unknown> => {
  const text = foldText(single('q', q)?.trim().slice(0, 200));
  return text ? { _search: { $regex: escapeRegex(text) } } : {};
};

/** Whether the caller's user may view at least one of `resources`. */
export const mayView = (
  directory: DirectoryCache,
  principal: Principal,
  ...resources: [PermissionResource, ...PermissionResource[]]
): boolean => {
  const user = directory.user(principal.tenant, principal.username);
  return user !== undefined && resources.some((resource) => can(user.permissions, resource, 'VIEW'));
};

/** Refuses a caller whose user may view none of `resources`. */
export const requireView = (
  directory: DirectoryCache,
  principal: Principal,
  ...resources: [PermissionResource, ...PermissionResource[]]
): void => {
  if (!mayView(directory, principal, ...resources)) throw notPermitted();
};
