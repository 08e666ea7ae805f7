import type { Filter } from '../read-store/read-store';
import type { OverlaidDocument } from './scenario-overlay';

type Primitive = string | number | boolean;
const isPrimitive = (value: unknown): value is Primitive =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** A missing field is null to a filter, as MongoDB and mingo read `{field: null}`. */
const valueOf = (doc: Readonly<Record<string, unknown>>, id: string, field: string): unknown =>
  field === '_id' ? id : (doc[field] ?? null);

/** Whether a document passes a condition: surely not, surely, or for mingo to say (an array, another type). */
export type Verdict = 'no' | 'yes' | 'maybe';

/**
 * One of a filter's top-level conditions that can be judged cheaply: a field equal to a value or `$in`
 * a list of values (`values`: looked up in the overlay's index of that field), or a range (`$gt`,
 * `$gte`, `$lt`, `$lte` on numbers or strings: the timeline's interval days).
 */
interface Check {
  readonly field: string;
  readonly values?: ReadonlySet<Primitive | null>;
  readonly judge: (value: unknown) => Verdict;
}

const bounds: Readonly<Record<string, (a: Primitive, b: Primitive) => boolean>> = {
  $gt: (a, b) => a > b,
  $gte: (a, b) => a >= b,
  $lt: (a, b) => a < b,
  $lte: (a, b) => a <= b,
};

const rangeOf = (field: string, wanted: object): Check | null => {
  const limits = Object.entries(wanted) as [string, unknown][];
  const comparable = (bound: unknown): bound is string | number =>
    typeof bound === 'number' || typeof bound === 'string';
  if (
    limits.length === 0 ||
    !limits.every(([operator, bound]) => Object.hasOwn(bounds, operator) && comparable(bound))
  )
    return null;
  return {
    field,
    judge: (value) => {
      // mingo compares values of one type; any other (an array, null, another type) is its to judge
      if (!limits.every(([, bound]) => typeof bound === typeof value)) return 'maybe';
      return limits.every(([operator, bound]) => bounds[operator]!(value as Primitive, bound as Primitive))
        ? 'yes'
        : 'no';
    },
  };
};

const checkOf = (field: string, wanted: unknown): Check | null => {
  const within = (values: ReadonlySet<Primitive | null>): Check => ({
    field,
    values,
    judge: (value) =>
      typeof value === 'object' && value !== null ? 'maybe' : values.has(value as Primitive) ? 'yes' : 'no',
  });
  if (isPrimitive(wanted) || wanted === null) return within(new Set([wanted]));
  if (typeof wanted !== 'object' || Array.isArray(wanted)) return null;
  const { $in } = wanted as { $in?: unknown };
  if (Object.keys(wanted).length === 1 && Array.isArray($in))
    return $in.every((value) => isPrimitive(value) || value === null)
      ? within(new Set($in as (Primitive | null)[]))
      : null;
  return rangeOf(field, wanted);
};

/** A filter's checks, and whether they are all of it (no `$and`, `$or`, dotted path or other operator). */
export interface QuickChecks {
  readonly checks: readonly Check[];
  readonly whole: boolean;
}

export const quickChecks = (filter: Filter): QuickChecks => {
  const checks: Check[] = [];
  let whole = true;
  for (const [field, wanted] of Object.entries(filter)) {
    const check = field.startsWith('$') || field.includes('.') ? null : checkOf(field, wanted);
    if (check) checks.push(check);
    else whole = false;
  }
  return { checks, whole };
};

/**
 * Whether `doc` (one side of an overlaid document) matches the filter: 'no' when a check rules it out,
 * 'yes' when every check holds and they are the whole filter, else 'maybe' (for mingo).
 */
export const judge = (
  { checks, whole }: QuickChecks,
  doc: Readonly<Record<string, unknown>>,
  id: string,
): Verdict => {
  let sure = whole;
  for (const { field, judge: of } of checks) {
    const verdict = of(valueOf(doc, id, field));
    if (verdict === 'no') return 'no';
    if (verdict === 'maybe') sure = false;
  }
  return sure ? 'yes' : 'maybe';
};

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
      [doc.live, doc.scenario].flatMap((side) => (side ? [valueOf(side, doc.id, field)] : [])),
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

const none: readonly OverlaidDocument[] = [];

/**
 * The overlay's documents that may pass `checks`: those that the most selective equal or `$in` check
 * names, found in that field's index and counted before any is collected. A timeline page asks a few
 * hundred filters, and each names its tenant (every overlaid document) beside a batch of projects (a
 * few): the cost per filter follows the overlaid documents in those projects, not the scenario.
 */
export const candidates = (
  overlaid: ReadonlyMap<string, OverlaidDocument>,
  { checks }: QuickChecks,
): Iterable<OverlaidDocument> => {
  let best: { index: FieldIndex; values: ReadonlySet<unknown>; size: number } | null = null;
  for (const { field, values } of checks) {
    if (!values) continue;
    const index = fieldIndex(overlaid, field);
    let size = index.many.length;
    for (const value of values) size += index.byValue.get(value)?.length ?? 0;
    if (best === null || size < best.size) best = { index, values, size };
    if (size === 0) return none;
  }
  if (best === null) return overlaid.values();
  const found = new Set(best.index.many);
  // a document under two of the values (its live and its scenario side) is taken once
  for (const value of best.values) for (const doc of best.index.byValue.get(value) ?? none) found.add(doc);
  return found;
};
