import { attributeDefinitionSchema } from '@fahrplan/contracts';
import type { AttributeDefinition, attributeTypes } from '@fahrplan/contracts';
import type { TFunction } from 'i18next';
import { newRowKey } from '../common/rowKey';

export type AttributeType = (typeof attributeTypes)[number];

/** One row of an attribute-schema editor; `uid` keeps React keys stable while rows move. */
export interface AttributeRow {
  uid: string;
  key: string;
  label: string;
  type: AttributeType;
  /** Kept while another type is chosen, so switching back to select does not lose them. */
  options: string[];
}

export const attributeTypeLabels = (t: TFunction<'admin'>): Record<AttributeType, string> => ({
  text: t('attributes.types.text'),
  number: t('attributes.types.number'),
  boolean: t('attributes.types.boolean'),
  date: t('attributes.types.date'),
  select: t('attributes.types.select'),
});

export const rowsOf = (definitions: readonly AttributeDefinition[]): AttributeRow[] =>
  definitions.map((d) => ({
    uid: newRowKey('row'),
    key: d.key,
    label: d.label,
    type: d.type,
    options: [...(d.options ?? [])],
  }));

export const newRow = (): AttributeRow => ({
  uid: newRowKey('row'),
  key: '',
  label: '',
  type: 'text',
  options: [],
});

/** What ChangeAttributeSchemas receives: trimmed, options only for a select. */
export const definitionsOf = (rows: readonly AttributeRow[]): AttributeDefinition[] =>
  rows.map((r) => ({
    key: r.key.trim(),
    label: r.label.trim(),
    type: r.type,
    ...(r.type === 'select' ? { options: r.options.map((o) => o.trim()) } : {}),
  }));

/** The rows with the one at `from` moved to `to` (both clamped); the same array when nothing moves. */
export const moveRow = <T>(rows: readonly T[], from: number, to: number): T[] => {
  const target = Math.max(0, Math.min(rows.length - 1, to));
  if (from < 0 || from >= rows.length || from === target) return [...rows];
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(target, 0, row as T);
  return next;
};

/**
 * A key suggested from a label ('Cost centre' → 'costCentre'): what the schema accepts, a letter first,
 * at most 50 characters; empty when the label has no letter.
 */
export const keyFromLabel = (label: string): string => {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  // a key starts with a letter: leading digits go, and a word of digits only with them
  while (words.length > 0 && /^[0-9]/.test(words[0] ?? '')) {
    const rest = (words[0] ?? '').replace(/^[0-9]+/, '');
    if (rest) words[0] = rest;
    else words.shift();
  }
  const camel = words
    .map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join('');
  return camel.slice(0, 50);
};

/**
 * Field errors of one editor's rows, as @mantine/form paths under `prefix` (`prefix.0.key`): each row
 * checked with the contracts' AttributeDefinition schema, and a key used twice marked on its later rows.
 */
export const attributeRowErrors = (
  rows: readonly AttributeRow[],
  prefix: string,
  t: TFunction<'admin'>,
): Record<string, string> => {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  definitionsOf(rows).forEach((definition, index) => {
    const result = attributeDefinitionSchema.safeParse(definition);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? 'key');
        errors[`${prefix}.${index}.${field}`] ??= issue.message;
      }
    }
    const key = definition.key.toLowerCase();
    if (key && seen.has(key)) errors[`${prefix}.${index}.key`] ??= t('attributes.keyTwice');
    seen.add(key);
  });
  return errors;
};
