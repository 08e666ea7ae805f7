import { Query } from 'mingo';
import { filterList, pickFields } from '../read-store/read-store';
import type { FieldsOf, Filter, FindOptions, ReadDocument, ReadView } from '../read-store/read-store';
import type { OverlaidDocument } from './scenario-overlay';

/** A scenario's overlay by collection and id. */
export type Overlay = ReadonlyMap<string, ReadonlyMap<string, OverlaidDocument>>;

export const overlayOf = (documents: readonly OverlaidDocument[]): Overlay => {
  const overlay = new Map<string, Map<string, OverlaidDocument>>();
  for (const doc of documents) {
    const collection = overlay.get(doc.collection) ?? new Map<string, OverlaidDocument>();
    overlay.set(doc.collection, collection.set(doc.id, doc));
  }
  return overlay;
};

const storedForm = ({ id, scenario, position }: OverlaidDocument): ReadDocument =>
  scenario === null
    ? { _id: id, _position: position, _deleted: true }
    : { ...scenario, _id: id, _position: position };

/** `docs` sorted and limited as a store answers `options` (mingo, as the in-memory store does). */
const arranged = <D extends object>(docs: D[], options: FindOptions = {}): D[] => {
  let cursor = new Query({}, {}).find<D>(docs);
  if (options.sort) cursor = cursor.sort(options.sort);
  if (options.limit) cursor = cursor.limit(options.limit);
  return cursor.all();
};

/**
 * The read models as a scenario sees them (docs/design/scenarios.md): the live answer with the
 * overlaid documents left out, and the overlay's documents that match the same filter, sorted and
 * limited together. A live read asks for as many more documents as the overlay hides from it, so the
 * cost is the live query's plus the scenario's changes in that collection.
 */
export class ScenarioReadView implements ReadView {
  constructor(
    private readonly live: ReadView,
    private readonly overlay: Overlay,
  ) {}

  async get(collection: string, id: string): Promise<ReadDocument | null> {
    const overlaid = this.overlay.get(collection)?.get(id);
    if (!overlaid) return this.live.get(collection, id);
    return overlaid.scenario === null ? null : storedForm(overlaid);
  }

  async getMany(collection: string, ids: readonly string[]): Promise<Map<string, ReadDocument>> {
    const overlaid = this.overlay.get(collection);
    if (!overlaid) return this.live.getMany(collection, ids);
    const found = await this.live.getMany(
      collection,
      ids.filter((id) => !overlaid.has(id)),
    );
    for (const id of ids) {
      const doc = overlaid.get(id);
      if (doc) found.set(id, storedForm(doc));
    }
    return found;
  }

  async find(collection: string, filter: Filter, options: FindOptions = {}): Promise<ReadDocument[]> {
    const overlaid = this.overlay.get(collection);
    if (!overlaid) return this.live.find(collection, filter, options);
    const { hidden, shown } = this.split(overlaid, filter);
    const live = await liveLess(overlaid, options, hidden, (read) =>
      this.live.find(collection, filter, read),
    );
    return arranged([...live, ...shown], options);
  }

  async findFields<F extends string>(
    collection: string,
    filters: Filter | readonly Filter[],
    fields: readonly F[],
    options: FindOptions = {},
  ): Promise<FieldsOf<F>[]> {
    const overlaid = this.overlay.get(collection);
    if (!overlaid) return this.live.findFields(collection, filters, fields, options);
    // the sort keys are read too, to sort the live and the overlaid documents together
    const read = [...new Set([...fields, ...Object.keys(options.sort ?? {})])];
    const answers = await Promise.all(
      filterList(filters).map(async (filter) => {
        const { hidden, shown } = this.split(overlaid, filter);
        const live = await liveLess(overlaid, options, hidden, (limited) =>
          this.live.findFields(collection, filter, read, limited),
        );
        const merged = [...live, ...shown.map((doc) => pickFields(doc, read))];
        return arranged(merged, options).map((doc) => pickFields(doc as ReadDocument, fields));
      }),
    );
    return answers.flat();
  }

  async count(collection: string, filter: Filter): Promise<number> {
    const overlaid = this.overlay.get(collection);
    if (!overlaid) return this.live.count(collection, filter);
    const { hidden, shown } = this.split(overlaid, filter);
    return (await this.live.count(collection, filter)) - hidden + shown.length;
  }

  async dump(): Promise<Record<string, ReadDocument[]>> {
    const live = await this.live.dump();
    const dumped: Record<string, ReadDocument[]> = { ...live };
    for (const [collection, overlaid] of this.overlay) {
      const shown = [...overlaid.values()].filter((doc) => doc.scenario !== null).map(storedForm);
      dumped[collection] = arranged(
        [...(live[collection] ?? []).filter((doc) => !overlaid.has(doc._id)), ...shown],
        { sort: { _id: 1 } },
      );
    }
    return dumped;
  }

  /** How many live documents matching `filter` the overlay hides, and its own documents that match it. */
  private split(overlaid: ReadonlyMap<string, OverlaidDocument>, filter: Filter) {
    const checks = quickChecks(filter);
    const may = mayMatch(checks);
    const hidden: Readonly<Record<string, unknown>>[] = [];
    const shown: ReadDocument[] = [];
    for (const doc of candidates(overlaid, checks)) {
      if (doc.live && may(doc.live, doc.id)) hidden.push({ ...doc.live, _id: doc.id });
      if (doc.scenario && may(doc.scenario, doc.id)) shown.push(storedForm(doc));
    }
    // most filters rule every overlaid document out: no query to compile
    if (hidden.length === 0 && shown.length === 0) return { hidden: 0, shown };
    const query = new Query(filter as never, {});
    return {
      hidden: hidden.filter((doc) => query.test(doc as never)).length,
      shown: shown.filter((doc) => query.test(doc as never)),
    };
  }
}

type Primitive = string | number | boolean;
const isPrimitive = (value: unknown): value is Primitive =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** A filter's top-level fields asked to equal a value or be `$in` a list of values. */
type Check = readonly [field: string, values: ReadonlySet<Primitive>];

const quickChecks = (filter: Filter): Check[] => {
  const checks: [string, ReadonlySet<Primitive>][] = [];
  for (const [field, wanted] of Object.entries(filter)) {
    if (field.startsWith('$') || field.includes('.')) continue;
    if (isPrimitive(wanted)) checks.push([field, new Set([wanted])]);
    else if (
      typeof wanted === 'object' &&
      wanted !== null &&
      Object.keys(wanted).length === 1 &&
      Array.isArray((wanted as { $in?: unknown }).$in) &&
      (wanted as { $in: unknown[] }).$in.every(isPrimitive)
    )
      checks.push([field, new Set((wanted as { $in: Primitive[] }).$in)]);
  }
  return checks;
};

/**
 * A quick test that rules documents out before mingo does: the filter's top-level equal and `$in`
 * fields (tenant, a project's id, an interval level). A query asks for a few of the overlay's
 * documents (a page's projects), and mingo per document and filter cost a timeline in a scenario of
 * 1,000 changes seconds. An array value is left to mingo (multikey).
 */
const mayMatch =
  (checks: readonly Check[]): ((doc: Readonly<Record<string, unknown>>, id: string) => boolean) =>
  (doc, id) =>
    checks.every(([field, values]) => {
      const value = field === '_id' ? id : doc[field];
      return Array.isArray(value) || values.has(value as Primitive);
    });

/** An overlay collection's documents by the value of one field, on either side (an array value: `many`). */
interface FieldIndex {
  readonly byValue: ReadonlyMap<unknown, readonly OverlaidDocument[]>;
  readonly many: readonly OverlaidDocument[];
}

/** Per overlay collection (the same map while its fold is kept), an index per field asked. */
const fieldIndexes = new WeakMap<ReadonlyMap<string, OverlaidDocument>, Map<string, FieldIndex>>();

const fieldIndex = (overlaid: ReadonlyMap<string, OverlaidDocument>, field: string): FieldIndex => {
  const indexes = fieldIndexes.get(overlaid) ?? new Map<string, FieldIndex>();
  fieldIndexes.set(overlaid, indexes);
  const kept = indexes.get(field);
  if (kept) return kept;
  const byValue = new Map<unknown, OverlaidDocument[]>();
  const many: OverlaidDocument[] = [];
  for (const doc of overlaid.values()) {
    const values = new Set(
      [doc.live, doc.scenario].flatMap((side) => (side ? [field === '_id' ? doc.id : side[field]] : [])),
    );
    if ([...values].some(Array.isArray)) many.push(doc);
    else
      for (const value of values) {
        const docs = byValue.get(value);
        if (docs) docs.push(doc);
        else byValue.set(value, [doc]);
      }
  }
  const index = { byValue, many };
  indexes.set(field, index);
  return index;
};

/**
 * The overlay's documents that may match `checks`: those the most selective check's values name (by
 * an index of that field), not every document for each of the few hundred filters a timeline page asks.
 */
const candidates = (
  overlaid: ReadonlyMap<string, OverlaidDocument>,
  checks: readonly Check[],
): Iterable<OverlaidDocument> => {
  let best: OverlaidDocument[] | null = null;
  for (const [field, values] of checks) {
    const { byValue, many } = fieldIndex(overlaid, field);
    const found = [...values].flatMap((value) => byValue.get(value) ?? []);
    if (best === null || found.length + many.length < best.length) best = [...found, ...many];
  }
  // a document under two of the values (its live and its scenario side) is taken once
  return best === null ? overlaid.values() : new Set(best);
};

/** `options` with room for the `hidden` live documents that are left out. */
const widened = (options: FindOptions, hidden: number): FindOptions =>
  options.limit ? { ...options, limit: options.limit + hidden } : options;

/** Hidden documents a limited live read first makes room for. */
const ROOM = 8;

/**
 * The live answer without the overlaid documents. A limited read first makes room for a few of the
 * `hidden` ones, and again for all of them only when too few others came back: an existence probe
 * (`limit: 1`, an interval level per query) would otherwise read as many rows as the scenario
 * changed at that level. The first `limit` others of a sorted prefix are the first of all others.
 */
const liveLess = async <D extends { readonly _id: string }>(
  overlaid: ReadonlyMap<string, unknown>,
  options: FindOptions,
  hidden: number,
  read: (options: FindOptions) => Promise<D[]>,
): Promise<D[]> => {
  const others = (docs: D[]) => docs.filter((doc) => !overlaid.has(doc._id));
  if (!options.limit || hidden <= ROOM) return others(await read(widened(options, hidden)));
  const first = await read(widened(options, ROOM));
  const kept = others(first);
  if (kept.length >= options.limit || first.length < options.limit + ROOM) return kept;
  return others(await read(widened(options, hidden)));
};
