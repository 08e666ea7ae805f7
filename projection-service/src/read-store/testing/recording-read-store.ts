import type { IndexKeys } from '../../projections/projection';
import { MemoryReadStore } from '../memory-read-store';
import type { FindOptions, ReadDocument } from '../read-store';

export interface RecordedQuery {
  readonly collection: string;
  readonly filter: Readonly<Record<string, unknown>>;
  readonly sort: readonly string[];
}

/** Records every query (find or count) a controller sends, for checking that declared indexes serve them. */
export class RecordingReadStore extends MemoryReadStore {
  readonly queries: RecordedQuery[] = [];

  override async find(
    collection: string,
    filter: Readonly<Record<string, unknown>>,
    options: FindOptions = {},
  ): Promise<ReadDocument[]> {
    this.queries.push({ collection, filter, sort: Object.keys(options.sort ?? {}) });
    return super.find(collection, filter, options);
  }

  override async count(collection: string, filter: Readonly<Record<string, unknown>>): Promise<number> {
    this.queries.push({ collection, filter, sort: [] });
    return super.count(collection, filter);
  }
}

const isCondition = (value: unknown) => value !== null && typeof value === 'object';

/**
 * An index serves a query when its first keys are the fields the query matches by equality (in any
 * order), followed by the field it matches with an operator ($regex…) or else by its sort keys.
 */
export const serves = (index: IndexKeys, { filter, sort }: RecordedQuery): boolean => {
  const keys = Object.keys(index);
  const fields = Object.entries(filter).filter(([field]) => !field.startsWith('$'));
  const equal = fields.filter(([, value]) => !isCondition(value)).map(([field]) => field);
  const ranged = fields.filter(([, value]) => isCondition(value)).map(([field]) => field);
  const next = ranged.length > 0 ? ranged : sort;
  return (
    [...keys.slice(0, equal.length)].sort().join() === [...equal].sort().join() &&
    keys.slice(equal.length, equal.length + next.length).join() === next.join()
  );
};
