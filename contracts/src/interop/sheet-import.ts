import type { z } from 'zod';
import { saveApplicationSchema } from '../application/application';
import { saveGroupSchema } from '../group/group.commands';
import type { AttributeDefinition } from '../identity/tenant.commands';
import { saveItemSchema } from '../item/item';
import type { OptionLists } from '../options/option-lists';
import type { ConsoleLanguage } from '../preferences/preferences';
import { attributeValueErrors } from '../rules/attributes';
import type { AttributeValue } from '../rules/attributes';
import { dateOrderError } from '../rules/record-checks';
import {
  CellError,
  dateFieldOf,
  importColumnsOf,
  nameKeyOf,
  optionText,
  readBoolean,
  readDate,
  readNumber,
  readOption,
} from './sheet-cells';
import type { ImportColumn, ImportRefusalCode } from './sheet-cells';
import { attributeColumnPrefix } from './sheets';
import type {
  ImportFieldChange,
  ImportRefusal,
  ImportRowAction,
  ImportRowPreview,
  ImportableSheetKind,
  SheetColumn,
  SheetRefKind,
} from './sheets';

/**
 * Issue 23: what an imported sheet would do, decided without I/O. The server reads the file into an
 * `ImportTable`, asks its read models for what `importWants` names, and `planImport` answers per row:
 * create, update (with the changes as the cells show them), unchanged or refused, and for each row to
 * apply the save command's data, checked with the save command's own schema.
 */

/** A sheet as read: its header row and its rows, every cell a text (empty when blank). */
export interface ImportTable {
  readonly headers: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** The row number the spreadsheet shows for `rows[0]` (the header is row 1, so usually 2). */
  readonly firstRow: number;
}

/** A record of the imported kind as the read models have it: the save command's fields. */
export interface ImportRecord {
  readonly id: number;
  readonly version: number;
  readonly deleted: boolean;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** The tenant's records another record refers to, by id and by name. */
export interface RefRecord {
  readonly id: number;
  readonly name: string;
}

/** What a plan knows of the tenant: the lookups `importWants` asked for, answered. */
export interface ImportFacts {
  readonly language: ConsoleLanguage;
  readonly options: OptionLists;
  readonly attributes: readonly AttributeDefinition[];
  /** The records of the kind the file names by id or by name (items: by title in any project). */
  readonly records: readonly ImportRecord[];
  /** The live records of each kind the cells and the matched records refer to. */
  readonly refs: Readonly<Partial<Record<SheetRefKind, readonly RefRecord[]>>>;
}

/** What to look up before planning: the kind's records by id and name, then the referred records. */
export interface ImportWants {
  readonly ids: readonly number[];
  readonly names: readonly string[];
}

/** A reference to a row of the same file that creates the record (a parent created with its children). */
export interface PendingRef {
  readonly field: string;
  readonly row: number;
}

/** A row that can be applied: its save command's data, and the references to rows created before it. */
export interface PlannedCommand {
  readonly data: Readonly<Record<string, unknown>>;
  readonly pending: readonly PendingRef[];
  /** Rows in the same wave do not depend on each other; wave n+1 needs the ids wave n created. */
  readonly wave: number;
}

export interface PlannedRow extends ImportRowPreview {
  readonly command?: PlannedCommand;
}

export interface ImportPlan {
  readonly columns: readonly ImportColumn[];
  readonly rows: readonly PlannedRow[];
  readonly totals: Readonly<Record<ImportRowAction, number>>;
}

/** The save command's schema per kind: a row is checked exactly as the command is. */
export const importSchemas: Readonly<Record<ImportableSheetKind, z.ZodType>> = {
  applications: saveApplicationSchema,
  projects: saveGroupSchema,
  items: saveItemSchema,
};

/** The save command a row of each kind becomes. */
export const importCommandTypes = {
  applications: 'SaveApplication',
  projects: 'SaveGroup',
  items: 'SaveItem',
} as const;

/** The record kind a file of `kind` may create in the same file and refer to (a parent). */
const selfRef: Readonly<Record<ImportableSheetKind, SheetRefKind>> = {
  applications: 'application',
  projects: 'project',
  items: 'item',
};

const cellOf = (cells: readonly string[], column: ImportColumn): string => (cells[column.index] ?? '').trim();

const idColumnOf = (columns: readonly ImportColumn[]) => columns.find((c) => c.column.cell === 'id');
const nameColumnOf = (kind: ImportableSheetKind, columns: readonly ImportColumn[]) =>
  columns.find((c) => c.column.key === nameKeyOf(kind));

/** The records of the kind a sheet names: by its id column, else by its name column. */
export const importWants = (
  kind: ImportableSheetKind,
  table: ImportTable,
  attributes: readonly AttributeDefinition[],
): ImportWants => {
  const columns = importColumnsOf(kind, table.headers, attributes);
  const idColumn = idColumnOf(columns);
  const nameColumn = nameColumnOf(kind, columns);
  const ids = new Set<number>();
  const names = new Set<string>();
  for (const cells of table.rows) {
    const id = idColumn ? cellOf(cells, idColumn) : '';
    if (/^\d{1,15}$/.test(id)) ids.add(Number(id));
    const name = nameColumn ? cellOf(cells, nameColumn) : '';
    if (name !== '') names.add(name);
  }
  return { ids: [...ids], names: [...names] };
};

/** `#<id>` in a reference cell names a record by its id. */
const refId = (text: string): number | null => {
  const match = /^#(\d{1,15})$/.exec(text);
  return match ? Number(match[1]) : null;
};

const splitRefs = (text: string): string[] =>
  text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** The referred records to look up: names and ids in the cells, and the ids the matched records hold. */
export const refWants = (
  kind: ImportableSheetKind,
  table: ImportTable,
  attributes: readonly AttributeDefinition[],
  records: readonly ImportRecord[],
): Partial<Record<SheetRefKind, ImportWants>> => {
  const columns = importColumnsOf(kind, table.headers, attributes).filter(
    (c) => c.column.cell === 'ref' || c.column.cell === 'refs',
  );
  const wants: Partial<Record<SheetRefKind, { ids: Set<number>; names: Set<string> }>> = {};
  const of = (ref: SheetRefKind) => (wants[ref] ??= { ids: new Set(), names: new Set() });
  for (const column of columns) {
    const want = of(column.column.ref!);
    for (const cells of table.rows)
      for (const part of splitRefs(cellOf(cells, column))) {
        const id = refId(part);
        if (id === null) want.names.add(part);
        else want.ids.add(id);
      }
    for (const record of records) {
      const value = record.fields[column.column.key];
      for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'number') want.ids.add(id);
    }
  }
  return Object.fromEntries(
    Object.entries(wants).map(([ref, { ids, names }]) => [ref, { ids: [...ids], names: [...names] }]),
  );
};

/** A value read from a cell: a value, or a reference to a row of the file not yet created. */
type Read = { readonly value: unknown } | { readonly pending: number };

interface RowContext {
  readonly kind: ImportableSheetKind;
  readonly facts: ImportFacts;
  readonly refNames: ReadonlyMap<SheetRefKind, ReadonlyMap<number, string>>;
  readonly refIds: ReadonlyMap<SheetRefKind, ReadonlyMap<string, readonly number[]>>;
  /** The rows of the file that would create a record of the kind, by its name. */
  readonly createdInFile: ReadonlyMap<string, number>;
}

const refuse = (
  code: ImportRefusalCode,
  reason: string,
  column: string | null,
  value?: string,
): ImportRefusal & { readonly code: ImportRefusalCode } =>
  value === undefined ? { column, reason, code } : { column, reason, code, value };

/** A name several records share reads as the record the row's record names already, if it is one of them. */
const readRef = (ctx: RowContext, column: SheetColumn, text: string, current?: unknown): Read => {
  const ref = column.ref!;
  const id = refId(text);
  if (id !== null) {
    if (!ctx.refNames.get(ref)?.has(id)) throw new CellError('unknown-ref', `no ${ref} with id ${id}`);
    return { value: id };
  }
  const ids = ctx.refIds.get(ref)?.get(text) ?? [];
  if (ids.length === 1) return { value: ids[0] };
  const kept = Array.isArray(current)
    ? ids.find((id) => current.includes(id))
    : ids.find((id) => id === current);
  if (kept !== undefined) return { value: kept };
  if (ids.length > 1)
    throw new CellError(
      'ambiguous-name',
      `${ids.length} records of kind ${ref} are named '${text}': write #<id>`,
    );
  const row = ref === selfRef[ctx.kind] ? ctx.createdInFile.get(text) : undefined;
  if (row !== undefined) return { pending: row };
  throw new CellError('unknown-ref', `no ${ref} named '${text}'`);
};

const readCell = (ctx: RowContext, column: ImportColumn, text: string, current: unknown): Read => {
  const { column: spec } = column;
  if (text === '') return { value: spec.cell === 'refs' ? [] : null };
  switch (spec.cell) {
    case 'id':
    case 'text':
      return { value: text };
    case 'number':
      return { value: readNumber(text) };
    case 'boolean':
      return { value: readBoolean(text) };
    case 'date': {
      const day = readDate(text);
      return { value: 'attribute' in column ? day : dateFieldOf(ctx.kind, spec.key).read(day, current) };
    }
    case 'option':
      return { value: readOption(ctx.facts.options, spec, text) };
    case 'ref':
      return readRef(ctx, spec, text, current);
    case 'refs': {
      const values: unknown[] = [];
      for (const part of splitRefs(text)) {
        const read = readRef(ctx, spec, part, current);
        if (!('value' in read)) throw new CellError('unknown-ref', `no ${spec.ref} named '${part}'`);
        values.push(read.value);
      }
      return { value: values };
    }
  }
};

/** The text a cell shows for a stored value. */
const shown = (ctx: RowContext, column: ImportColumn, value: unknown): string => {
  const { column: spec } = column;
  if (value === null || value === undefined) return '';
  switch (spec.cell) {
    case 'date':
      return 'attribute' in column
        ? dateFieldOf('applications', 'start').show(value)
        : dateFieldOf(ctx.kind, spec.key).show(value);
    case 'option':
      return optionText(ctx.facts.options, spec, value, ctx.facts.language);
    case 'boolean':
      return value === true ? '✓' : '✗';
    case 'ref':
      return typeof value === 'number' ? (ctx.refNames.get(spec.ref!)?.get(value) ?? `#${value}`) : '';
    case 'refs':
      return Array.isArray(value)
        ? value
            .map((id) => (typeof id === 'number' ? (ctx.refNames.get(spec.ref!)?.get(id) ?? `#${id}`) : ''))
            .join('; ')
        : '';
    default:
      return String(value);
  }
};

/** Whether a cell's value differs from the stored one, as the cell shows them. */
const differs = (ctx: RowContext, column: ImportColumn, next: unknown, current: unknown): boolean => {
  if (column.column.cell === 'refs') {
    const a = new Set(Array.isArray(current) ? current : []);
    const b = new Set(Array.isArray(next) ? next : []);
    return a.size !== b.size || [...b].some((id) => !a.has(id));
  }
  if (column.column.cell === 'date') return shown(ctx, column, next) !== shown(ctx, column, current);
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(next) && empty(current)) return false;
  return next !== current;
};

const attributeKey = (column: ImportColumn) => column.column.key.slice(attributeColumnPrefix.length);

const currentValue = (record: ImportRecord | undefined, column: ImportColumn): unknown => {
  if (!record) return undefined;
  if (!('attribute' in column)) return record.fields[column.column.key];
  const attributes = (record.fields.attributes ?? []) as readonly { key: string; value: unknown }[];
  return attributes.find((a) => a.key === attributeKey(column))?.value ?? null;
};

const pendingPlaceholder = 1;

/** The field of a command a schema issue names, as the column header of the file. */
const headerOfIssue = (columns: readonly ImportColumn[], path: readonly PropertyKey[]): string | null => {
  const [field, , key] = path;
  if (field === 'attributes') {
    const attribute = columns.find((c) => 'attribute' in c && attributeKey(c) === key);
    return attribute?.header ?? null;
  }
  return columns.find((c) => c.column.key === field)?.header ?? null;
};

interface DraftRow {
  readonly row: number;
  readonly record: ImportRecord | undefined;
  readonly name: string;
  readonly refusals: ReturnType<typeof refuse>[];
  readonly changes: ImportFieldChange[];
  readonly data: Record<string, unknown>;
  readonly pending: PendingRef[];
}

const matchRecord = (
  ctx: RowContext,
  columns: readonly ImportColumn[],
  cells: readonly string[],
  byId: ReadonlyMap<number, ImportRecord>,
  group: unknown,
): { record?: ImportRecord; refusal?: ReturnType<typeof refuse> } => {
  const idColumn = idColumnOf(columns);
  const idText = idColumn ? cellOf(cells, idColumn) : '';
  if (idText !== '') {
    const id = /^\d{1,15}$/.test(idText) ? Number(idText) : null;
    const record = id === null ? undefined : byId.get(id);
    if (!record)
      return {
        refusal: refuse('unknown-id', `no record of this kind with id '${idText}'`, idColumn!.header, idText),
      };
    if (record.deleted)
      return {
        refusal: refuse('deleted', `record ${idText} is deleted: restore it first`, idColumn!.header, idText),
      };
    return { record };
  }
  const nameColumn = nameColumnOf(ctx.kind, columns)!;
  const name = cellOf(cells, nameColumn);
  const key = nameKeyOf(ctx.kind);
  const named = ctx.facts.records.filter(
    (r) =>
      !r.deleted &&
      r.fields[key] === name &&
      (ctx.kind !== 'items' || group === undefined || r.fields.group === group),
  );
  if (named.length > 1)
    return {
      refusal: refuse(
        'ambiguous-name',
        `${named.length} records are named '${name}': give the id`,
        nameColumn.header,
        name,
      ),
    };
  return named.length === 1 ? { record: named[0]! } : {};
};

const draftRow = (
  ctx: RowContext,
  columns: readonly ImportColumn[],
  cells: readonly string[],
  row: number,
  byId: ReadonlyMap<number, ImportRecord>,
): DraftRow => {
  const refusals: ReturnType<typeof refuse>[] = [];
  const values = new Map<ImportColumn, Read>();
  const nameColumn = nameColumnOf(ctx.kind, columns)!;
  const name = cellOf(cells, nameColumn);
  // an item's project first: an item is matched by title within its project
  const groupColumn = ctx.kind === 'items' ? columns.find((c) => c.column.key === 'group') : undefined;
  let group: unknown;
  if (groupColumn) {
    try {
      const read = readCell(ctx, groupColumn, cellOf(cells, groupColumn), undefined);
      group = 'value' in read ? read.value : undefined;
      values.set(groupColumn, read);
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      refusals.push(refuse(error.code, error.message, groupColumn.header, cellOf(cells, groupColumn)));
    }
  }
  const { record, refusal } = matchRecord(ctx, columns, cells, byId, group ?? undefined);
  if (refusal) refusals.push(refusal);
  for (const column of columns) {
    if (column.column.cell === 'id' || values.has(column)) continue;
    try {
      values.set(column, readCell(ctx, column, cellOf(cells, column), currentValue(record, column)));
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      refusals.push(refuse(error.code, error.message, column.header, cellOf(cells, column)));
    }
  }
  const data: Record<string, unknown> = record ? { id: record.id, version: record.version } : {};
  const changes: ImportFieldChange[] = [];
  const pending: PendingRef[] = [];
  const attributes = new Map(
    ((record?.fields.attributes ?? []) as readonly { key: string; value: unknown }[]).map((a) => [
      a.key,
      a.value,
    ]),
  );
  let attributesChanged = false;
  for (const [column, read] of values) {
    const current = currentValue(record, column);
    if ('pending' in read) {
      pending.push({ field: column.column.key, row: read.pending });
      data[column.column.key] = pendingPlaceholder;
      changes.push({
        field: column.header,
        before: shown(ctx, column, current),
        after: cellOf(cells, column),
      });
      continue;
    }
    if (record && !differs(ctx, column, read.value, current)) continue;
    if (!record && (read.value === null || (Array.isArray(read.value) && read.value.length === 0))) continue;
    changes.push({
      field: column.header,
      before: shown(ctx, column, current),
      after: shown(ctx, column, read.value),
    });
    if ('attribute' in column) {
      attributesChanged = true;
      if (read.value === null) attributes.delete(attributeKey(column));
      else attributes.set(attributeKey(column), read.value);
    } else data[column.column.key] = read.value;
  }
  if (attributesChanged) data.attributes = [...attributes].map(([key, value]) => ({ key, value }));
  // the sheet has no lane: a new item goes to its project's default lane of its type (§5)
  if (ctx.kind === 'items' && !record)
    data.subgroup = data.end === undefined || data.end === null ? 'milestones' : 'tasks';
  return { row, record, name, refusals, changes, data, pending };
};

/** The save command's own checks, and the order of the dates the record would have. */
const validate = (ctx: RowContext, columns: readonly ImportColumn[], draft: DraftRow): void => {
  const parsed = importSchemas[ctx.kind].safeParse(draft.data);
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      draft.refusals.push(refuse('invalid', issue.message, headerOfIssue(columns, issue.path)));
  if (Array.isArray(draft.data.attributes))
    for (const error of attributeValueErrors(
      draft.data.attributes as AttributeValue[],
      ctx.facts.attributes,
      (draft.record?.fields.attributes ?? []) as AttributeValue[],
    ))
      draft.refusals.push(
        refuse(
          'invalid',
          error.message,
          headerOfIssue(columns, ['attributes', 0, error.field.slice('attributes.'.length)]),
        ),
      );
  const merged = { ...draft.record?.fields, ...draft.data } as { start?: unknown; end?: unknown };
  const start = typeof merged.start === 'string' ? merged.start : null;
  const end = typeof merged.end === 'string' ? merged.end : null;
  const order = dateOrderError(start, end);
  if (order && (draft.data.start !== undefined || draft.data.end !== undefined))
    draft.refusals.push(
      refuse(
        'invalid',
        'the end cannot precede the start',
        columns.find((c) => c.column.key === 'end')?.header ?? null,
      ),
    );
};

const byName = (records: readonly RefRecord[] | undefined) => {
  const ids = new Map<string, number[]>();
  for (const { id, name } of records ?? []) {
    const list = ids.get(name.trim()) ?? [];
    list.push(id);
    ids.set(name.trim(), list);
  }
  return ids;
};

/** The rows a plan would apply and what they change; nothing here reads or stores anything. */
export const planImport = (kind: ImportableSheetKind, table: ImportTable, facts: ImportFacts): ImportPlan => {
  const columns = importColumnsOf(kind, table.headers, facts.attributes);
  const nameColumn = nameColumnOf(kind, columns);
  const idColumn = idColumnOf(columns);
  const refKinds = Object.keys(facts.refs) as SheetRefKind[];
  const refNames = new Map(
    refKinds.map((ref) => [ref, new Map((facts.refs[ref] ?? []).map((r) => [r.id, r.name]))] as const),
  );
  const refIds = new Map(refKinds.map((ref) => [ref, byName(facts.refs[ref])] as const));
  const existing = new Set(facts.records.filter((r) => !r.deleted).map((r) => r.fields[nameKeyOf(kind)]));
  const createdInFile = new Map<string, number>();
  table.rows.forEach((cells, i) => {
    const name = nameColumn ? cellOf(cells, nameColumn) : '';
    const id = idColumn ? cellOf(cells, idColumn) : '';
    if (name !== '' && id === '' && !existing.has(name) && !createdInFile.has(name))
      createdInFile.set(name, table.firstRow + i);
  });
  const ctx: RowContext = { kind, facts, refNames, refIds, createdInFile };
  const byId = new Map(facts.records.map((r) => [r.id, r]));
  const drafts = table.rows.map((cells, i) => draftRow(ctx, columns, cells, table.firstRow + i, byId));
  const seen = new Set<string>();
  for (const draft of drafts) {
    validate(ctx, columns, draft);
    const key = draft.record
      ? `#${draft.record.id}`
      : `${kind === 'items' ? String(draft.data.group) : ''}\u0000${draft.name}`;
    if (seen.has(key))
      draft.refusals.push(
        refuse(
          'twice-in-file',
          'an earlier row of the file imports the same record',
          nameColumn?.header ?? null,
        ),
      );
    seen.add(key);
  }
  const waves = wavesOf(drafts, nameColumn?.header ?? null);
  const rows = drafts.map((draft): PlannedRow => {
    const action: ImportRowAction =
      draft.refusals.length > 0
        ? 'refuse'
        : !draft.record
          ? 'create'
          : draft.changes.length > 0
            ? 'update'
            : 'unchanged';
    const preview: ImportRowPreview = {
      row: draft.row,
      action,
      id: draft.record?.id ?? null,
      name: draft.name,
      changes: draft.changes,
      refusals: draft.refusals,
    };
    return action === 'create' || action === 'update'
      ? { ...preview, command: { data: draft.data, pending: draft.pending, wave: waves.get(draft.row) ?? 0 } }
      : preview;
  });
  const totals = { create: 0, update: 0, unchanged: 0, refuse: 0 };
  for (const row of rows) totals[row.action]++;
  return { columns, rows, totals };
};

/**
 * The wave of each row that refers to a row created in the file: one more than that row's. A row that
 * refers to a refused row is refused too, and so are rows whose references go round in a cycle.
 */
const wavesOf = (drafts: readonly DraftRow[], column: string | null): Map<number, number> => {
  const byRow = new Map(drafts.map((d) => [d.row, d]));
  const waves = new Map<number, number>();
  const waveOf = (draft: DraftRow, path: Set<number>): number | null => {
    if (waves.has(draft.row)) return waves.get(draft.row)!;
    if (draft.refusals.length > 0) return null;
    if (path.has(draft.row)) {
      draft.refusals.push(refuse('parent-cycle', 'the rows name each other as parent', column));
      return null;
    }
    path.add(draft.row);
    let wave = 0;
    for (const { row } of draft.pending) {
      const parent = byRow.get(row);
      const parentWave = parent ? waveOf(parent, path) : null;
      if (parentWave === null) {
        if (draft.refusals.length === 0)
          draft.refusals.push(refuse('unknown-ref', `the parent in row ${row} is not imported`, column));
        return null;
      }
      wave = Math.max(wave, parentWave + 1);
    }
    path.delete(draft.row);
    waves.set(draft.row, wave);
    return wave;
  };
  for (const draft of drafts) waveOf(draft, new Set());
  return waves;
};

/** The command data of a planned row once the rows it refers to are created (their ids by row). */
export const resolvePending = (
  command: PlannedCommand,
  created: ReadonlyMap<number, number>,
): Readonly<Record<string, unknown>> | null => {
  const data = { ...command.data };
  for (const { field, row } of command.pending) {
    const id = created.get(row);
    if (id === undefined) return null;
    data[field] = id;
  }
  return data;
};
