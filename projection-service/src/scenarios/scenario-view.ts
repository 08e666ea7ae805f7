import { filterList, pickFields } from '../read-store/read-store';
import type { FieldsOf, Filter, FindOptions, ReadDocument, ReadView } from '../read-store/read-store';
import { candidates, judge, quickChecks } from './overlay-matching';
import type { OverlaidDocument } from './scenario-overlay';
import { mingo } from '../read-store/mingo-library';

/** A scenario's overlay by collection and id. */
export type Overlay = ReadonlyMap<string, ReadonlyMap<string, OverlaidDocument>>;

/** The overlay of each fold, made once: its field indexes (`overlay-matching.ts`) are kept with it. */
const overlays = new WeakMap<readonly OverlaidDocument[], Overlay>();

/** `documents` by collection and id; the same map for the same (kept) fold, on every request. */
export const overlayOf = (documents: readonly OverlaidDocument[]): Overlay => {
  const kept = overlays.get(documents);
  if (kept) return kept;
  const overlay = new Map<string, Map<string, OverlaidDocument>>();
  for (const doc of documents) {
    const collection = overlay.get(doc.collection) ?? new Map<string, OverlaidDocument>();
    overlay.set(doc.collection, collection.set(doc.id, doc));
  }
  overlays.set(documents, overlay);
  return overlay;
};

const storedForm = ({ id, scenario, position }: OverlaidDocument): ReadDocument =>
  scenario === null
    ? { _id: id, _position: position, _deleted: true }
    : { ...scenario, _id: id, _position: position };

/** `docs` sorted and limited as a store answers `options` (mingo, as the in-memory store does). */
const arranged = <D extends object>(docs: D[], options: FindOptions = {}): D[] => {
  if (!options.sort && !options.limit) return docs;
  let cursor = new (mingo().Query)({}, {}).find<D>(docs);
  if (options.sort) cursor = cursor.sort(options.sort);
  if (options.limit) cursor = cursor.limit(options.limit);
  return cursor.all();
};

/** What the overlay does to one filter's answer: live documents it hides, and its own documents that match. */
interface Split {
  readonly hidden: number;
  readonly shown: readonly ReadDocument[];
}

/** The filter's answer is the live one (less any overlaid id): no overlaid document matches it on either side. */
const untouched = ({ hidden, shown }: Split) => hidden === 0 && shown.length === 0;

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
    const list = filterList(filters);
    const splits = list.map((filter) => this.split(overlaid, filter));
    // the sort keys are read too, to sort the live and the overlaid documents together
    const read = [...new Set([...fields, ...Object.keys(options.sort ?? {})])];
    const one = async (filter: Filter, { hidden, shown }: Split) => {
      const live = await liveLess(overlaid, options, hidden, (limited) =>
        this.live.findFields(collection, filter, read, limited),
      );
      const merged = [...live, ...shown.map((doc) => pickFields(doc, read))];
      return arranged(merged, options).map((doc) => pickFields(doc as ReadDocument, fields));
    };
    // consecutive filters that no overlaid document matches are asked together, as the live query asks
    // them (one statement): of a timeline page's few hundred filters, only those of the few projects
    // and levels the scenario changed are asked one by one and merged
    const answers: Promise<FieldsOf<F>[]>[] = [];
    for (let i = 0; i < list.length;) {
      if (!untouched(splits[i]!)) {
        answers.push(one(list[i]!, splits[i]!));
        i++;
        continue;
      }
      let end = i + 1;
      while (end < list.length && untouched(splits[end]!)) end++;
      const together = list.slice(i, end);
      answers.push(
        this.live
          .findFields(collection, together.length === 1 ? together[0]! : together, fields, options)
          .then((docs) => withoutOverlaid(overlaid, docs)),
      );
      i = end;
    }
    return (await Promise.all(answers)).flat();
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
  private split(overlaid: ReadonlyMap<string, OverlaidDocument>, filter: Filter): Split {
    const checks = quickChecks(filter);
    let hidden = 0;
    const shown: ReadDocument[] = [];
    // only what the checks cannot decide goes to mingo: most filters are decided by them alone
    const unsure: { readonly doc: Readonly<Record<string, unknown>>; readonly live: boolean }[] = [];
    for (const doc of candidates(overlaid, checks)) {
      const live = doc.live && judge(checks, doc.live, doc.id);
      if (live === 'yes') hidden++;
      else if (live === 'maybe') unsure.push({ doc: { ...doc.live, _id: doc.id }, live: true });
      const scenario = doc.scenario && judge(checks, doc.scenario, doc.id);
      if (scenario === 'yes') shown.push(storedForm(doc));
      else if (scenario === 'maybe') unsure.push({ doc: storedForm(doc), live: false });
    }
    if (unsure.length === 0) return { hidden, shown };
    const query = new (mingo().Query)(filter as never, {});
    for (const { doc, live } of unsure.filter(({ doc }) => query.test(doc as never)))
      if (live) hidden++;
      else shown.push(doc as ReadDocument);
    return { hidden, shown };
  }
}

/** `docs` without the overlaid ones (a copy only when one is there). */
const withoutOverlaid = <D extends { readonly _id: string }>(
  overlaid: ReadonlyMap<string, unknown>,
  docs: D[],
): D[] => (docs.some((doc) => overlaid.has(doc._id)) ? docs.filter((doc) => !overlaid.has(doc._id)) : docs);

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
  const others = (docs: D[]) => withoutOverlaid(overlaid, docs);
  if (!options.limit || hidden <= ROOM) return others(await read(widened(options, hidden)));
  const first = await read(widened(options, ROOM));
  const kept = others(first);
  if (kept.length >= options.limit || first.length < options.limit + ROOM) return kept;
  return others(await read(widened(options, hidden)));
};
