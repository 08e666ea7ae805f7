import type { IndexKeys } from '../../projections/projection';
import { MemoryReadStore } from '../memory-read-store';
import type { FindOptions, ReadDocument } from '../read-store';

export interface RecordedQuery {
  readonly collection: string;
  readonly filter: Readonly<Record<string, unknown>>;
  /** The sort keys in order, each with its direction. */
  readonly sort: readonly (readonly [string, 1 | -1])[];
}

/** Records every query (find or count) a controller sends, for checking that declared indexes serve them. */
export class RecordingReadStore extends MemoryReadStore {
  readonly queries: RecordedQuery[] = [];

  override async find(
    collection: string,
    filter: Readonly<Record<string, unknown>>,
    options: FindOptions = {},
  ): Promise<ReadDocument[]> {
    this.queries.push({ collection, filter, sort: Object.entries(options.sort ?? {}) });
    return super.find(collection, filter, options);
  }

  override async count(collection: string, filter: Readonly<Record<string, unknown>>): Promise<number> {
    this.queries.push({ collection, filter, sort: [] });
    return super.count(collection, filter);
  }
}

const isCondition = (value: unknown) => value !== null && typeof value === 'object';

/** The field conditions of a filter: its own, and those of the filters a top-level `$and` joins (a page's cursor). */
const conditionsOf = (filter: Readonly<Record<string, unknown>>): [string, unknown][] =>
  Object.entries(filter).flatMap(([field, value]) =>
    field === '$and' && Array.isArray(value)
      ? value.flatMap((part: Readonly<Record<string, unknown>>) => conditionsOf(part))
      : field.startsWith('$')
        ? []
        : [[field, value]],
  );

/**
 * A search (`$regex` over the derived `_search` text) is no index key, nor an exclusion (`$ne`, as of
 * the sprint group) of a field the index lacks: the store tests them on each document while it walks
 * the index of the list's order.
 */
const isResidual = (index: IndexKeys, [field, value]: [string, unknown]) =>
  isCondition(value) &&
  ((field === '_search' && '$regex' in (value as object)) ||
    ('$ne' in (value as object) && !(field in index)));

/**
 * An index serves a query when its first keys are the fields the query matches by equality (in any
 * order), followed by one of the fields it matches with an operator ($regex, $in…; the store seeks by that
 * one and tests the others on each document it reads) or else by its sort keys,
 * in the sort's directions or all reversed (the index read backwards).
 */
export const serves = (index: IndexKeys, { filter, sort }: RecordedQuery): boolean => {
  const keys = Object.entries(index);
  const fields = conditionsOf(filter).filter((condition) => !isResidual(index, condition));
  const equal = fields.filter(([, value]) => !isCondition(value)).map(([field]) => field);
  const ranged = fields.filter(([, value]) => isCondition(value)).map(([field]) => field);
  const following = keys.slice(equal.length);
  const inOrder =
    ranged.length > 0
      ? ranged.includes(following[0]?.[0] ?? '')
      : [1, -1].some((way) =>
          sort.every(
            ([field, direction], i) => following[i]?.[0] === field && following[i]?.[1] === direction * way,
          ),
        );
  return (
    keys
      .slice(0, equal.length)
      .map(([field]) => field)
      .sort()
      .join() === [...equal].sort().join() && inOrder
  );
};
