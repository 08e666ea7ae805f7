import type { SQLInputValue } from 'node:sqlite';

/**
 * MongoDB-style filters and sorts as SQL over the SQLite read store's tables (see
 * `sqlite-read-store.ts`): a collection's documents are rows `(id, position, body)`, `body` the
 * document's fields as JSONB (NULL for a tombstone), the values of a `multikey` field also as rows
 * `(id, field, value)` of a side table.
 *
 * A field is compared through its *typed value* (`typedValue`): numbers and strings as SQLite
 * numbers and texts, booleans, embedded documents and arrays as distinct blobs, null or missing as
 * NULL. SQLite orders those classes NULL < numbers < texts < blobs, MongoDB null < numbers < strings
 * < objects < arrays < booleans, so one expression gives MongoDB's equality (true is not 1), its
 * ranges (a type fence keeps each range within its own type) and its sort order, and an index on the
 * expression serves all of them.
 */

/** Blob values of the classes SQLite has no type for, ordered as MongoDB orders them. */
const OBJECT = "x'03'";
const ARRAY = "x'04'";
const FALSE = "x'08'";
const TRUE = "x'09'";
const booleanParam = (value: boolean): Uint8Array => Uint8Array.of(value ? 0x09 : 0x08);

/** What a filter or sort of the supported subset cannot be translated into; names the operator. */
export class UnsupportedQueryError extends Error {
  constructor(what: string, collection: string) {
    super(`the SQLite read store does not support ${what} (a query of ${collection})`);
    this.name = 'UnsupportedQueryError';
  }
}

/** A text as an SQL string literal. */
export const quote = (text: string): string => `'${text.replaceAll("'", "''")}'`;
export const quoteName = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** The JSON path of a field or dotted path, as an SQL literal: `'$."group"."id"'`. */
export const jsonPath = (field: string): string =>
  quote(
    `$${field
      .split('.')
      .map((segment) => `."${segment}"`)
      .join('')}`,
  );

/** Why a field name cannot be a path of the store, or null. */
const pathProblem = (field: string): string | null => {
  for (const segment of field.split('.')) {
    if (segment === '') return `the field path '${field}'`;
    if (segment.startsWith('$')) return `the operator ${segment} in place of a field`;
    if (/^\d+$/.test(segment)) return `the array position in '${field}'`;
    if (/["\\]/.test(segment)) return `the field name '${field}'`;
  }
  return null;
};

/** The typed values made so far, by body and field: a page's SQL names the same few fields again and again. */
const typedValues = new Map<string, string>();
const TYPED_VALUES_KEPT = 1_000;

/**
 * The typed value of `field` of the JSONB document `body` (see the module's comment). Of a `scalar`
 * field (never a boolean, an object or an array) it is `->>` alone: the same values, one JSON lookup
 * instead of two, which halves what an index entry costs a write (docs/design/scalar-fields.md).
 */
export const typedValue = (field: string, body = 'body', scalar = false): string => {
  const key = `${body}\n${field}\n${scalar}`;
  const known = typedValues.get(key);
  if (known !== undefined) return known;
  const path = jsonPath(field);
  const typed = scalar
    ? `${body} ->> ${path}`
    : `CASE json_type(${body}, ${path}) WHEN 'true' THEN ${TRUE} WHEN 'false' THEN ${FALSE} ` +
      `WHEN 'object' THEN ${OBJECT} WHEN 'array' THEN ${ARRAY} ELSE ${body} ->> ${path} END`;
  // (fields are the queries' own, but a path may come from a request: the memory stays bounded)
  if (typedValues.size >= TYPED_VALUES_KEPT) typedValues.clear();
  typedValues.set(key, typed);
  return typed;
};

/** The column that holds a key field's typed value, written beside the body (docs/design/key-columns.md). */
export const keyColumn = (field: string): string => quoteName(`k:${field}`);

/**
 * The stored typed value of `field` in the row `row` (an alias, or '' in an index's definition): its
 * key column where it has one, else computed from the body.
 */
export const storedValue = (
  field: string,
  row: string,
  { keys, scalar }: { readonly keys?: ReadonlySet<string>; readonly scalar?: ReadonlySet<string> },
): string => {
  const prefix = row ? `${row}.` : '';
  return keys?.has(field)
    ? `${prefix}${keyColumn(field)}`
    : typedValue(field, `${prefix}body`, scalar?.has(field));
};

/** The typed value of an element `json_each` gives (alias `e`). */
export const typedElement =
  `CASE e.type WHEN 'true' THEN ${TRUE} WHEN 'false' THEN ${FALSE} ` +
  `WHEN 'object' THEN ${OBJECT} WHEN 'array' THEN ${ARRAY} ELSE e.atom END`;

/** The compiled form: SQL with `?` placeholders and their values, in order. */
export interface Sql {
  readonly sql: string;
  readonly params: readonly SQLInputValue[];
}

/** What the translation needs to know of a collection: its side table and multikey fields. */
export interface QueryTarget {
  readonly collection: string;
  /** The multikey side table, quoted. */
  readonly sideTable: string;
  /** The column of a row (`d`) that the side table's `id` names: `d.id` unless given (a version's `d.vid`). */
  readonly rowKey?: string;
  readonly multikey: ReadonlySet<string>;
  /** The fields whose typed value is `->>` alone (`typedValue`). */
  readonly scalar?: ReadonlySet<string>;
  /** The fields whose typed value a key column holds (`keyColumn`). */
  readonly keys?: ReadonlySet<string>;
  /** The field a trigram index holds, and that index's table (quoted): live documents only. */
  readonly textIndex?: { readonly field: string; readonly table: string };
}

/** The shortest literal a trigram index finds: three characters. */
const TRIGRAM = 3;

/** A literal as an FTS5 string: its substrings' trigrams, in any case. */
const ftsPhrase = (literal: string): string => `"${literal.replaceAll('"', '""')}"`;

type Condition = Readonly<Record<string, unknown>>;
type Scalar = string | number | boolean;
const RANGES = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;
type RangeOperator = keyof typeof RANGES;
const isRange = (operator: string): operator is RangeOperator => operator in RANGES;

const isPlainObject = (value: unknown): value is Condition =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** A pattern made only of literal characters and escapes of punctuation (`escapeRegex`'s output), unescaped; else null. */
export const literalPattern = (pattern: string): string | null => {
  let literal = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i]!;
    if (char === '\\') {
      const next = pattern[i + 1];
      if (next === undefined || /[\p{L}\p{N}\s]/u.test(next)) return null;
      literal += next;
      i += 1;
    } else if ('.*+?^${}()|[]'.includes(char)) return null;
    else literal += char;
  }
  return literal;
};

/**
 * A regular expression SQL can test without calling back into JavaScript: a literal, anchored at
 * the start (`^`), the end (`$`) or both; with `i` only an ASCII literal (SQLite's `lower()` folds
 * ASCII alone, and JavaScript's `i` never folds a character beyond it onto one within).
 */
export const plainMatch = (
  pattern: string,
  flags: string,
): {
  readonly literal: string;
  readonly start: boolean;
  readonly end: boolean;
  readonly fold: boolean;
} | null => {
  const start = pattern.startsWith('^');
  // a `$` at the end unless escaped (an odd run of backslashes before it)
  const end = /(^|[^\\])(\\\\)*\$$/.test(pattern);
  const literal = literalPattern(pattern.slice(start ? 1 : 0, end ? -1 : undefined));
  if (literal === null) return null;
  // eslint-disable-next-line no-control-regex
  if (flags === 'i' && !/^[\x00-\x7f]*$/.test(literal)) return null;
  return { literal: flags === 'i' ? literal.toLowerCase() : literal, start, end, fold: flags === 'i' };
};

/** A condition's SQL, built into one list of parameters. */
class Builder {
  readonly params: SQLInputValue[] = [];

  constructor(private readonly target: QueryTarget) {}

  private refuse(what: string): never {
    throw new UnsupportedQueryError(what, this.target.collection);
  }

  private param(value: SQLInputValue): string {
    this.params.push(value);
    return '?';
  }

  /** The parameter of a scalar compared with typed values; refuses values a read model never holds. */
  private scalar(value: unknown, operator: string): Scalar {
    if (typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (Array.isArray(value)) return this.refuse(`${operator} with an array value`);
    if (isPlainObject(value)) return this.refuse(`${operator} with an embedded document`);
    return this.refuse(`${operator} with the value ${String(value)}`);
  }

  private scalarParam(value: Scalar): string {
    return this.param(typeof value === 'boolean' ? booleanParam(value) : value);
  }

  filter(filter: Condition): string {
    if (!isPlainObject(filter)) return this.refuse('a filter that is not a plain object');
    // an undefined condition is left out, as the MongoDB driver does (ignoreUndefined)
    const terms = Object.entries(filter)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => {
        if (key === '$and') return this.all(this.branches(key, value).map((branch) => this.filter(branch)));
        if (key === '$or') return this.any(this.branches(key, value));
        if (key.startsWith('$')) return this.refuse(key);
        return this.field(key, value);
      });
    return this.all(terms);
  }

  private branches(operator: string, value: unknown): Condition[] {
    if (!Array.isArray(value) || value.length === 0 || !value.every(isPlainObject))
      return this.refuse(`${operator} without a non-empty list of filters`);
    return value;
  }

  private all(terms: readonly string[]): string {
    if (terms.length === 0) return '1';
    return terms.length === 1 ? terms[0]! : terms.map((term) => `(${term})`).join(' AND ');
  }

  /**
   * An `$or` of its branches; and when every branch bounds one field from the same side, that bound
   * once more beside it (implied, so it changes no answer), which lets an index range scan start
   * there: keyset paging's `a > x OR (a = x AND _id > y)` reads from `a >= x` on.
   */
  private any(branches: readonly Condition[]): string {
    // parameters are taken in the order of the SQL: the bounds first
    const implied = this.impliedBounds(branches);
    const or = branches.map((branch) => `(${this.filter(branch)})`).join(' OR ');
    return implied.length === 0 ? or : this.all([...implied, or]);
  }

  private impliedBounds(branches: readonly Condition[]): string[] {
    const bounds: string[] = [];
    const first = branches[0]!;
    for (const field of Object.keys(first)) {
      if (field.startsWith('$') || this.target.multikey.has(field) || pathProblem(field)) continue;
      for (const side of ['lower', 'upper'] as const) {
        const values = branches.map((branch) => boundOf(branch[field], side));
        if (values.some((value) => value === undefined)) continue;
        const type = typeof values[0];
        if (type !== 'string' && type !== 'number') continue;
        if (values.some((value) => typeof value !== type)) continue;
        const sorted = [...(values as (string | number)[])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        const bound = side === 'lower' ? sorted[0]! : sorted.at(-1)!;
        bounds.push(`${this.column(field)} ${side === 'lower' ? '>=' : '<='} ${this.param(bound)}`);
      }
    }
    return bounds;
  }

  /** The stored value of `field` as the comparisons take it: an id, a position, or a typed value. */
  private column(field: string): string {
    if (field === '_id') return 'd.id';
    if (field === '_position') return 'd.position';
    return storedValue(field, 'd', this.target);
  }

  private field(field: string, condition: unknown): string {
    const problem = pathProblem(field);
    if (problem) return this.refuse(problem);
    if (!isPlainObject(condition) || !Object.keys(condition).some((key) => key.startsWith('$')))
      return this.equal(field, condition, 'equality');
    const operators = Object.keys(condition);
    const plain = operators.find((key) => !key.startsWith('$'));
    if (plain !== undefined) return this.refuse(`the field ${plain} beside operators in ${field}`);
    const terms: string[] = [];
    for (const [operator, value] of Object.entries(condition)) {
      if (operator === '$options') {
        if (!('$regex' in condition)) this.refuse('$options without $regex');
        continue;
      }
      if (operator === '$regex') terms.push(this.regex(field, value, condition.$options));
      else if (operator === '$ne') terms.push(this.notEqual(field, value));
      else if (operator === '$in') terms.push(this.in(field, value));
      else if (operator === '$exists') terms.push(this.exists(field, value));
      else if (isRange(operator)) terms.push(this.range(field, operator, value));
      else this.refuse(operator);
    }
    terms.push(...this.fences(field, condition));
    return this.all(terms);
  }

  /** Rows of the side table of `field` whose value satisfies `where` (over `value`). */
  private memberWhere(field: string, where: string): string {
    return `${this.target.rowKey ?? 'd.id'} IN (SELECT id FROM ${this.target.sideTable} WHERE field = ${quote(field)} AND ${where})`;
  }

  private equal(field: string, value: unknown, operator: string): string {
    if (value === null || value === undefined) {
      if (field === '_id' || field === '_position') return '0';
      const missing = `${this.column(field)} IS NULL`;
      return this.target.multikey.has(field)
        ? `${missing} OR ${this.memberWhere(field, 'value IS NULL')}`
        : missing;
    }
    const scalar = this.scalar(value, operator);
    if (field === '_id') return typeof scalar === 'string' ? `d.id = ${this.param(scalar)}` : '0';
    if (field === '_position') return typeof scalar === 'number' ? `d.position = ${this.param(scalar)}` : '0';
    if (this.target.multikey.has(field))
      return this.memberWhere(field, `value = ${this.scalarParam(scalar)}`);
    return `${this.column(field)} = ${this.scalarParam(scalar)}`;
  }

  private notEqual(field: string, value: unknown): string {
    if (this.target.multikey.has(field) || value === null) return `NOT (${this.equal(field, value, '$ne')})`;
    const scalar = this.scalar(value, '$ne');
    if (
      (field === '_id' && typeof scalar !== 'string') ||
      (field === '_position' && typeof scalar !== 'number')
    )
      return '1';
    // IS NOT: a missing field differs from every value
    return `${this.column(field)} IS NOT ${this.scalarParam(scalar)}`;
  }

  private in(field: string, values: unknown): string {
    if (!Array.isArray(values)) return this.refuse('$in without a list of values');
    if (values.length === 0) return '0';
    const scalars = values.filter((value) => value !== null && value !== undefined);
    const terms = scalars.length < values.length ? [this.equal(field, null, '$in')] : [];
    const listed = scalars.map((value) => this.scalar(value, '$in'));
    if (field === '_id' || field === '_position') {
      const own = listed.filter((value) => typeof value === (field === '_id' ? 'string' : 'number'));
      if (own.length > 0)
        terms.push(
          `${this.column(field)} IN (SELECT value FROM json_each(${this.param(JSON.stringify(own))}))`,
        );
    } else if (listed.length > 0) {
      const list = this.valueList(listed);
      terms.push(
        this.target.multikey.has(field)
          ? this.memberWhere(field, `value IN (${list})`)
          : `${this.column(field)} IN (${list})`,
      );
    }
    return terms.length === 0 ? '0' : terms.map((term) => `(${term})`).join(' OR ');
  }

  /** The values as a subquery: one parameter for the whole list (a timeline asks for thousands of projects' items). */
  private valueList(values: readonly Scalar[]): string {
    const json = values.filter((value) => typeof value !== 'boolean');
    const booleans = values.filter((value) => typeof value === 'boolean');
    return [
      ...(json.length > 0 ? [`SELECT value FROM json_each(${this.param(JSON.stringify(json))})`] : []),
      ...(booleans.length > 0 ? [`VALUES ${booleans.map((b) => `(${b ? TRUE : FALSE})`).join(', ')}`] : []),
    ].join(' UNION ALL ');
  }

  private exists(field: string, value: unknown): string {
    if (typeof value !== 'boolean') return this.refuse('$exists with a value other than true or false');
    if (field === '_id' || field === '_position') return value ? '1' : '0';
    return `json_type(d.body, ${jsonPath(field)}) IS ${value ? 'NOT NULL' : 'NULL'}`;
  }

  private range(field: string, operator: RangeOperator, value: unknown): string {
    if (typeof value !== 'string' && (typeof value !== 'number' || !Number.isFinite(value)))
      return this.refuse(`${operator} with a value other than a number or a string`);
    const comparison = `${RANGES[operator]} ${this.param(value)}`;
    if (field === '_id') return typeof value === 'string' ? `d.id ${comparison}` : '0';
    if (field === '_position') return typeof value === 'number' ? `d.position ${comparison}` : '0';
    if (this.target.multikey.has(field))
      return this.memberWhere(field, `value ${comparison} AND ${fenceOf('value', value)}`);
    return `${this.column(field)} ${comparison}`;
  }

  /**
   * The bounds that keep a field's ranges within their type (numbers sort below texts, texts below
   * blobs), where the ranges leave that side open; multikey fields fence each element instead.
   */
  private fences(field: string, condition: Condition): string[] {
    if (field === '_id' || field === '_position' || this.target.multikey.has(field)) return [];
    const fences: string[] = [];
    for (const type of ['number', 'string'] as const) {
      const ranges = Object.entries(condition).filter(
        ([operator, value]) => isRange(operator) && typeof value === type,
      );
      if (ranges.length === 0) continue;
      const lower = ranges.some(([operator]) => operator.startsWith('$gt'));
      const upper = ranges.some(([operator]) => operator.startsWith('$lt'));
      const column = this.column(field);
      if (type === 'number' && !upper) fences.push(`${column} < ''`);
      if (type === 'string' && !lower) fences.push(`${column} >= ''`);
      if (type === 'string' && !upper) fences.push(`${column} < x''`);
    }
    return fences;
  }

  private regex(field: string, pattern: unknown, options: unknown): string {
    if (typeof pattern !== 'string') return this.refuse('$regex with a value other than a string');
    if (options !== undefined && options !== '' && options !== 'i')
      return this.refuse(`$options '${String(options)}'`);
    const flags = options === 'i' ? 'i' : '';
    try {
      new RegExp(pattern, flags);
    } catch {
      return this.refuse(`the $regex '${pattern}', which is not a valid regular expression`);
    }
    const plain = plainMatch(pattern, flags);
    const test = (value: string) => {
      if (!plain) return `fahrplan_regexp(${this.param(pattern)}, ${this.param(flags)}, ${value})`;
      const text = plain.fold ? `lower(${value})` : value;
      if (plain.start && plain.end) return `${text} = ${this.param(plain.literal)}`;
      // an empty literal, unanchored or anchored at one side, matches every string
      if (plain.literal === '') return '1';
      if (plain.start) return `instr(${text}, ${this.param(plain.literal)}) = 1`;
      // SQLite counts characters, as [...text] does
      if (plain.end) return `substr(${text}, -${[...plain.literal].length}) = ${this.param(plain.literal)}`;
      return `instr(${text}, ${this.param(plain.literal)}) > 0`;
    };
    if (field === '_id') return test('d.id');
    if (field === '_position') return '0';
    const text = this.target.textIndex;
    // (FTS5 reads its query as a C string: a NUL character would end it, so such a literal is read by scan)
    if (
      text?.field === field &&
      plain &&
      [...plain.literal].length >= TRIGRAM &&
      !plain.literal.includes('\0')
    ) {
      // the trigram index finds the candidates (in any case), the test keeps the exact matches
      const candidates = `d.rowid IN (SELECT rowid FROM ${text.table} WHERE ${text.table} MATCH ${this.param(ftsPhrase(plain.literal))})`;
      return `${candidates} AND json_type(d.body, ${jsonPath(field)}) = 'text' AND ${test(`d.body ->> ${jsonPath(field)}`)}`;
    }
    if (this.target.multikey.has(field))
      return this.memberWhere(field, `typeof(value) = 'text' AND ${test('value')}`);
    return `json_type(d.body, ${jsonPath(field)}) = 'text' AND ${test(`d.body ->> ${jsonPath(field)}`)}`;
  }

  sort(sort: Readonly<Record<string, 1 | -1>>): SortTerm[] {
    return Object.entries(sort).map(([field, direction]) => {
      const problem = pathProblem(field);
      if (problem) this.refuse(`sorting by ${problem}`);
      if (this.target.multikey.has(field)) this.refuse(`sorting by the multikey field ${field}`);
      if (direction !== 1 && direction !== -1) this.refuse(`the sort direction ${String(direction)}`);
      return { value: this.column(field), order: direction === 1 ? 'ASC' : 'DESC' };
    });
  }
}

/** The lower (`$gt`, `$gte`, equality) or upper bound a branch sets on a field's value, if any. */
const boundOf = (condition: unknown, side: 'lower' | 'upper'): unknown => {
  if (typeof condition === 'string' || typeof condition === 'number') return condition;
  if (!isPlainObject(condition)) return undefined;
  const operators = side === 'lower' ? ['$gt', '$gte'] : ['$lt', '$lte'];
  const values = operators.filter((operator) => operator in condition).map((operator) => condition[operator]);
  return values.length === 1 ? values[0] : undefined;
};

/** The bound that keeps `column` among the values of `value`'s type. */
const fenceOf = (column: string, value: string | number): string =>
  typeof value === 'number' ? `typeof(${column}) IN ('integer', 'real')` : `typeof(${column}) = 'text'`;

/** The WHERE condition of `filter` over the documents table aliased `d`. */
export const whereOf = (target: QueryTarget, filter: Condition): Sql => {
  const builder = new Builder(target);
  const sql = builder.filter(filter);
  return { sql, params: builder.params };
};

/** One term of an ORDER BY: the value sorted by, and its direction. */
export interface SortTerm {
  readonly value: string;
  readonly order: 'ASC' | 'DESC';
}

/** The terms of `sort`, none without one. */
export const sortTermsOf = (
  target: QueryTarget,
  sort: Readonly<Record<string, 1 | -1>> | undefined,
): SortTerm[] => (sort ? new Builder(target).sort(sort) : []);

/** The ORDER BY terms of `sort` (without the keywords), or '' for none. */
export const orderOf = (target: QueryTarget, sort: Readonly<Record<string, 1 | -1>> | undefined): string =>
  sortTermsOf(target, sort)
    .map(({ value, order }) => `${value} ${order}`)
    .join(', ');
