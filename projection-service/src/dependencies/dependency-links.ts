import { maxScheduledItems } from '@fahrplan/contracts';
import type { Dependency, DependencyGraph, DependencyLink, ItemDependencies } from '@fahrplan/contracts';
import { isVisible } from '../groups/visible-groups';
import type { Facts } from '../http/position-facts';
import { isTombstone } from '../read-store/read-store';
import type { ReadView } from '../read-store/read-store';
import type { DependencyDoc } from './dependencies.projection';

/** What an answer reads of a dependency: all of it but the tenant, which the query fixes. */
const linkFields = ['id', 'predecessor', 'successor', 'type', 'lag', 'version'] as const;
type LinkRead = Pick<DependencyDoc, (typeof linkFields)[number]>;

/**
 * Up to `limit` of `tenant`'s dependencies, in one range of its index (fewer: all it has): what
 * `dependenciesOf` reads first, which a caller may keep while the read models stay where they are
 * (most tenants have none).
 */
const firstLinks = async (store: ReadView, tenant: string, limit: number): Promise<readonly LinkRead[]> =>
  (await store.findFields('dependencies', { tenant }, linkFields, { limit })) as unknown as LinkRead[];

/** An item's dependencies when it has none. */
export const noDependencies: ItemDependencies = { predecessors: [], successors: [] };

/**
 * Those of `ids` that are items `tenant` sees live: its own or of a project shared with it and
 * accepted, neither the item nor its project deleted. Two reads by id, whatever the tenant's size.
 */
export const liveItems = async (
  store: ReadView,
  tenant: string,
  ids: readonly number[],
): Promise<ReadonlySet<number>> => {
  if (ids.length === 0) return new Set();
  const items = [...(await store.getMany('items', ids.map(String))).values()].filter(
    (doc) => !isTombstone(doc) && doc.deleted === false,
  );
  const projects = await store.getMany('groups', [...new Set(items.map((doc) => String(doc.group)))]);
  return new Set(
    items.flatMap((doc) => {
      const project = projects.get(String(doc.group));
      const visible = project !== undefined && isVisible(project, tenant);
      // an item of a shared project is seen only while it is planned in its owner's tenant
      return visible && (doc.tenant === tenant || doc.tenant === project.tenant) ? [doc.id as number] : [];
    }),
  );
};

const link = (doc: LinkRead, item: number): DependencyLink => ({
  id: doc.id,
  item,
  type: doc.type,
  lag: doc.lag,
  version: doc.version,
});

const byId = (a: DependencyLink, b: DependencyLink) => a.id - b.id;

/**
 * The first links of `tenant` for a read of `fewest` items: more than `fewest` of them, so that as few
 * say they are all it has. Where the caller keeps `facts` (for the read models' position), read up to
 * the power of two above `fewest` and kept under that limit, so that pages of about one size (a
 * month's 600 items, a year's 2,500) share one read while the read models stay where they are.
 */
const firstLinksFor = (
  store: ReadView,
  tenant: string,
  fewest: number,
  facts?: Facts,
): Promise<readonly LinkRead[]> => {
  if (!facts) return firstLinks(store, tenant, fewest + 1);
  const limit = 2 ** Math.ceil(Math.log2(fewest + 2));
  return facts(`first links ${JSON.stringify([tenant, limit])}`, () => firstLinks(store, tenant, limit));
};

/**
 * The dependencies of `tenant` with one of `ids` as predecessor and as successor, at most `limit` each
 * way. A tenant with no more dependencies than that (most have a few or none) has them all in its first
 * links (`firstLinksFor`), picked here; else each end's index is sought once per id, a `$in` of every
 * item a page shows (a year page: 2,500 ids, 3.3 ms of CPU for the two reads even without a dependency).
 */
const linksOf = async (
  store: ReadView,
  tenant: string,
  ids: readonly number[],
  shown: ReadonlySet<number>,
  limit: number,
  all: readonly LinkRead[],
): Promise<[readonly LinkRead[], readonly LinkRead[]]> => {
  if (all.length <= Math.min(ids.length, limit))
    return [all.filter((doc) => shown.has(doc.predecessor)), all.filter((doc) => shown.has(doc.successor))];
  // one item (GET /api/items/:id) by equality: read in the index's order, no list to join and sort
  const [only] = ids;
  const at = ids.length === 1 ? only : { $in: ids };
  const read = (end: 'predecessor' | 'successor') =>
    store.findFields('dependencies', { tenant, [end]: at }, linkFields, {
      sort: { _id: 1 },
      limit,
    }) as unknown as Promise<LinkRead[]>;
  return Promise.all([read('predecessor'), read('successor')]);
};

/**
 * The dependencies of `tenant` at each of `items` (items it sees live): at most `limit` each way over
 * all of them, read from the two indexes by item. A dependency whose other item is deleted (or its
 * project, or no longer shared) is left out: it comes back when that item does. `facts`: where the
 * caller keeps facts for the store's position, the tenant's first links are kept there.
 */
export const dependenciesOf = async (
  store: ReadView,
  tenant: string,
  items: readonly number[],
  limit: number,
  facts?: Facts,
): Promise<ReadonlyMap<number, ItemDependencies>> => {
  const answer = new Map<number, { predecessors: DependencyLink[]; successors: DependencyLink[] }>();
  if (items.length === 0) return answer;
  const first = await firstLinksFor(store, tenant, Math.min(items.length, limit), facts);
  // a tenant without dependencies (most): nothing more to read or look up
  if (first.length === 0) return answer;
  const ids = [...new Set(items)];
  const shown = new Set(ids);
  const [asPredecessor, asSuccessor] = await linksOf(store, tenant, ids, shown, limit, first);
  const others = [
    ...asPredecessor.map((doc) => doc.successor),
    ...asSuccessor.map((doc) => doc.predecessor),
  ].filter((id) => !shown.has(id));
  const live = await liveItems(store, tenant, [...new Set(others)]);
  const isLive = (id: number) => shown.has(id) || live.has(id);
  const entry = (id: number) => {
    if (!answer.has(id)) answer.set(id, { predecessors: [], successors: [] });
    return answer.get(id)!;
  };
  for (const doc of asPredecessor)
    if (isLive(doc.successor)) entry(doc.predecessor).successors.push(link(doc, doc.successor));
  for (const doc of asSuccessor)
    if (isLive(doc.predecessor)) entry(doc.successor).predecessors.push(link(doc, doc.predecessor));
  for (const found of answer.values()) {
    found.predecessors.sort(byId);
    found.successors.sort(byId);
  }
  return answer;
};

/** What a walk reads of a dependency. */
const edgeFields = ['id', 'predecessor', 'successor', 'type', 'lag'] as const;

/** The dependencies whose `end` is one of `items`: one read of its index, at most `maxScheduledItems` + 1. */
export const dependencyEdges = async (
  store: ReadView,
  tenant: string,
  items: readonly number[],
  end: 'predecessor' | 'successor',
): Promise<Dependency[]> =>
  (await store.findFields('dependencies', { tenant, [end]: { $in: items } }, edgeFields, {
    sort: { _id: 1 },
    limit: maxScheduledItems + 1,
  })) as unknown as Dependency[];

/**
 * The dependencies reachable from `from`, walked one level per read of an index by item: `forward`
 * along successors, `backward` along predecessors; null when more than `maxScheduledItems` items are
 * reached.
 */
export const dependencyWalk = async (
  store: ReadView,
  tenant: string,
  from: readonly number[],
  direction: 'forward' | 'backward',
): Promise<Dependency[] | null> => {
  const [near, far] =
    direction === 'forward'
      ? (['predecessor', 'successor'] as const)
      : (['successor', 'predecessor'] as const);
  const seen = new Set(from);
  const found: Dependency[] = [];
  for (let frontier = [...seen]; frontier.length > 0;) {
    const edges = await dependencyEdges(store, tenant, frontier, near);
    found.push(...edges);
    frontier = [...new Set(edges.map((d) => d[far]))].filter((item) => !seen.has(item));
    for (const item of frontier) seen.add(item);
    if (seen.size > maxScheduledItems || edges.length > maxScheduledItems) return null;
  }
  return found;
};

/** The graph of `edges`, each once by id. */
export const graphOfEdges = (edges: readonly Dependency[]): DependencyGraph => {
  const byId = new Map(edges.map((d) => [d.id, d]));
  const successors = new Map<number, Dependency[]>();
  for (const d of byId.values()) successors.set(d.predecessor, [...(successors.get(d.predecessor) ?? []), d]);
  return { byId, successors };
};
