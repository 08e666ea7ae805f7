import type { Page } from '@fahrplan/contracts';
import type { ReadDocument, ReadView } from '../read-store/read-store';
import { fieldError, single } from './query-params';

/** Every list answers pages: `?limit=` (default 100, at most 1,000) and the `cursor` of the page before. */
export const defaultPageLimit = 100;
export const maxPageLimit = 1000;

export interface PageRequest {
  readonly limit: number;
  /** The sort values and `_id` of the last document of the page before; null for the first page. */
  readonly after: readonly unknown[] | null;
}

/** `?limit=` and `?cursor=`, or a 400 naming the one that is wrong. */
export const pageRequest = (
  limitParam: string | string[] | undefined,
  cursorParam: string | string[] | undefined,
): PageRequest => {
  const limitText = single('limit', limitParam);
  let limit = defaultPageLimit;
  // an empty `limit=` is no number either: the OpenAPI document declares an integer
  if (limitText !== undefined) {
    if (!/^\d{1,9}$/.test(limitText) || Number(limitText) < 1)
      throw fieldError(
        'limit',
        'a whole number from 1',
        'the query parameter limit must be a whole number from 1',
      );
    limit = Number(limitText);
    if (limit > maxPageLimit)
      throw fieldError(
        'limit',
        `at most ${maxPageLimit}`,
        `the query parameter limit may be at most ${maxPageLimit}`,
      );
  }
  const cursorText = single('cursor', cursorParam);
  return { limit, after: cursorText ? decodeCursor(cursorText) : null };
};

/** An opaque cursor: the last document's sort values and id, as base64url JSON. */
export const encodeCursor = (values: readonly unknown[]): string =>
  Buffer.from(JSON.stringify(values)).toString('base64url');

const decodeCursor = (cursor: string): readonly unknown[] => {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    // sort values are scalars: an object could pose as a query operator
    if (
      Array.isArray(values) &&
      values.length > 0 &&
      typeof values.at(-1) === 'string' &&
      values.every((value) => ['string', 'number', 'boolean'].includes(typeof value))
    )
      return values;
  } catch {
    // falls through to the refusal
  }
  throw fieldError(
    'cursor',
    'a cursor from nextCursor',
    'the query parameter cursor is not one this list gave',
  );
};

/**
 * The order of a list: fields of the stored documents, each ascending (1) or descending (-1); `_id`
 * follows as the last key (ascending, unless the order names it), so the order is total and a cursor
 * names one place in it. Sort fields must never be null or missing (derive a key instead), because
 * stores compare only values of one type.
 */
export type SortOrder = readonly (readonly [field: string, order: 1 | -1])[];

/** `order` with `_id` as its last key. */
const totalOrder = (order: SortOrder): SortOrder =>
  order.at(-1)?.[0] === '_id' ? order : [...order, ['_id', 1]];

/** The documents after `after` in `order`: an `$or` over the order's prefixes (keyset paging). */
export const afterFilter = (order: SortOrder, after: readonly unknown[]): Record<string, unknown> => {
  const keys = totalOrder(order);
  if (after.length !== keys.length)
    throw fieldError(
      'cursor',
      'a cursor from nextCursor',
      'the query parameter cursor is not one this list gave',
    );
  return {
    $or: keys.map(([field, direction], i) => ({
      ...Object.fromEntries(keys.slice(0, i).map(([equal], j) => [equal, after[j]])),
      [field]: { [direction === 1 ? '$gt' : '$lt']: after[i] },
    })),
  };
};

type Filter = Readonly<Record<string, unknown>>;
/** A document as a page reads it: all of it, or `_id` and some fields (`findFields`). */
type Keyed = Readonly<{ _id: string }> & Readonly<Record<string, unknown>>;
const isFilterList = (filters: Filter | readonly Filter[]): filters is readonly Filter[] =>
  Array.isArray(filters);

/** Compares two documents in `order` (then by id), as the stores order values of one type. */
const compareIn =
  (order: SortOrder) =>
  (a: Keyed, b: Keyed): number => {
    for (const [field, direction] of totalOrder(order)) {
      const [x, y] = [a[field] as string | number, b[field] as string | number];
      if (x !== y) return (x < y ? -1 : 1) * direction;
    }
    return 0;
  };

/** The fields `filter` matches by equality: each has one value in its answer, so it need not sort by them. */
const fixedBy = (filter: Filter): Set<string> =>
  new Set(
    Object.entries(filter)
      .filter(([field, value]) => !field.startsWith('$') && (value === null || typeof value !== 'object'))
      .map(([field]) => field),
  );

/**
 * One page of `collection` matching any of `filters` (disjoint, each served by its own index) in
 * `order`, answered by the store (its index sorts and limits): each filter reads one document more
 * than the page, to know whether another page follows, and the pages merge in order. A filter's
 * query leaves out of its sort the fields it fixes by equality, so that an index on the filter's
 * fields followed by the remaining sort keys serves it (in either direction).
 */
export const pageOf = async (
  store: ReadView,
  collection: string,
  filters: Filter | readonly Filter[],
  order: SortOrder,
  request: PageRequest,
): Promise<{ readonly docs: ReadDocument[]; readonly nextCursor: string | null }> =>
  pageBy(order, request, filters, (filter, options) => store.find(collection, filter, options));

/**
 * A page as `pageOf` reads it, of only `fields` of the documents (and the order's keys): for a list
 * that shows a few fields of many documents, read from the indexes that hold them where a store can.
 * `named`: the filters name their few documents (by ids), so each filter's matches are read unsorted
 * and ordered here, since a store asked for them in order may walk the sort's index through every
 * document of the tenant to find the few (SQLite's planner prefers the index that spares it a sort).
 */
export const fieldsPageOf = async <F extends string>(
  store: ReadView,
  collection: string,
  filters: Filter | readonly Filter[],
  order: SortOrder,
  request: PageRequest,
  fields: readonly F[],
  { named = false }: { readonly named?: boolean } = {},
) => {
  // `_id` comes with every answer
  const keys = totalOrder(order).flatMap(([field]) => (field === '_id' ? [] : [field]));
  const read = [...new Set([...fields, ...keys])] as F[];
  return pageBy(order, request, filters, async (filter, options) =>
    named
      ? (await store.findFields(collection, filter, read)).sort(compareIn(order)).slice(0, options.limit)
      : store.findFields(collection, filter, read, options),
  );
};

/** A page of `order` after `request.after`, each filter read by `read` with its sort and the page's limit. */
const pageBy = async <Doc extends Keyed>(
  order: SortOrder,
  request: PageRequest,
  filters: Filter | readonly Filter[],
  read: (filter: Filter, options: { sort: Record<string, 1 | -1>; limit: number }) => Promise<Doc[]>,
): Promise<{ readonly docs: Doc[]; readonly nextCursor: string | null }> => {
  const after = request.after && afterFilter(order, request.after);
  const found = await Promise.all(
    (isFilterList(filters) ? filters : [filters]).map((filter) => {
      const fixed = fixedBy(filter);
      const sort = Object.fromEntries(totalOrder(order).filter(([field]) => !fixed.has(field)));
      return read(after ? { $and: [filter, after] } : filter, { sort, limit: request.limit + 1 });
    }),
  );
  const docs = found.length === 1 ? found[0]! : found.flat().sort(compareIn(order));
  if (docs.length <= request.limit) return { docs, nextCursor: null };
  const page = docs.slice(0, request.limit);
  const last = page.at(-1)!;
  return { docs: page, nextCursor: encodeCursor(totalOrder(order).map(([field]) => last[field])) };
};

/** A page answer from a page of documents turned into views. */
export const pageAnswer = <T>(items: readonly T[], nextCursor: string | null): Page<T> => ({
  items,
  nextCursor,
});

/**
 * A sort a list offers (`?sort=<name>` ascending, `?sort=-<name>` descending): the fields it orders by,
 * and, for a value that may be empty, the derived flag (1 when empty) that keeps empty values last in
 * either direction.
 */
export interface SortKey {
  readonly fields: readonly string[];
  readonly empty?: string;
}

/** The order `?sort=` asked for, and the flag its empty values are kept apart by (null when none). */
export interface ListSort {
  readonly order: SortOrder;
  readonly empty: string | null;
}

/**
 * `?sort=` among the list's `keys` (`fallback` when absent), or a 400 naming `sort`. Descending, `_id`
 * descends too, so that one index serves both directions.
 */
export const sortRequest = (
  param: string | string[] | undefined,
  keys: Readonly<Record<string, SortKey>>,
  fallback: string,
): ListSort => {
  const text = single('sort', param) || fallback;
  const descending = text.startsWith('-');
  const name = descending ? text.slice(1) : text;
  if (!Object.hasOwn(keys, name)) {
    const names = Object.keys(keys).join(', ');
    throw fieldError(
      'sort',
      `one of ${names}, or - before one`,
      `the query parameter sort must be one of ${names}, or one of them after - for descending`,
    );
  }
  const { fields, empty } = keys[name]!;
  const direction = descending ? -1 : 1;
  return {
    order: [
      ...(empty ? [[empty, 1] as const] : []),
      ...fields.map((field) => [field, direction] as const),
      ...(descending ? [['_id', -1] as const] : []),
    ],
    empty: empty ?? null,
  };
};

/**
 * One page of the list sorted by `sort`: `pageOf`, each filter split by the sort's empty flag, so that
 * the documents with a value and those without are each served by one index in either direction.
 */
export const sortedPage = (
  store: ReadView,
  collection: string,
  filters: Filter | readonly Filter[],
  { order, empty }: ListSort,
  request: PageRequest,
) => {
  const all = isFilterList(filters) ? filters : [filters];
  const split =
    empty === null ? all : all.flatMap((filter) => [0, 1].map((flag) => ({ ...filter, [empty]: flag })));
  return pageOf(store, collection, split, order, request);
};
