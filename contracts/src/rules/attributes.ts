import { z } from 'zod';
import { validationError } from '../errors';
import type { FieldError } from '../errors';
import type { AttributeDefinition } from '../identity/tenant.commands';
import { serverDateSchema } from './limits';
import { say } from './messages';
import { isInRange, rangeMessage, ranges } from './ranges';

/** A generated field's value on an application, project or item (§2), checked against the tenant's schema. */
export const attributeValueSchema = z.strictObject({
  key: z.string().trim().min(1).max(100),
  value: z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]),
});
export type AttributeValue = z.infer<typeof attributeValueSchema>;

const fitsType = (definition: AttributeDefinition, value: AttributeValue['value']): string | null => {
  if (value === null) return null; // null clears any attribute
  switch (definition.type) {
    case 'text':
      return typeof value === 'string' ? null : say('kind', { kind: 'text' });
    case 'number':
      return isInRange(ranges.attributeNumber, value) ? null : rangeMessage(ranges.attributeNumber);
    case 'boolean':
      return typeof value === 'boolean' ? null : say('kind', { kind: 'boolean' });
    case 'date':
      return serverDateSchema.safeParse(value).success ? null : say('format', { format: 'date' });
    case 'select':
      return typeof value === 'string' && (definition.options ?? []).includes(value)
        ? null
        : say('one-of', { values: (definition.options ?? []).join(', ') });
  }
};

/**
 * Field errors (`attributes.<key>`) of custom attribute values against the tenant's attribute schema:
 * unknown keys, repeated keys and values of the wrong type. `kept` are values already stored: they pass
 * unchanged even when the schema no longer lists their key, so a record saved earlier stays editable.
 */
export const attributeValueErrors = (
  values: readonly AttributeValue[],
  definitions: readonly AttributeDefinition[],
  kept: readonly AttributeValue[] = [],
): FieldError[] => {
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const stored = new Map(kept.map((a) => [a.key, JSON.stringify(a.value)]));
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const { key, value } of values) {
    const field = `attributes.${key}`;
    if (seen.has(key)) {
      errors.push({ field, message: 'given more than once' });
      continue;
    }
    seen.add(key);
    if (stored.get(key) === JSON.stringify(value)) continue;
    const definition = byKey.get(key);
    if (!definition) {
      errors.push({ field, message: 'not an attribute of the tenant' });
      continue;
    }
    const expected = fitsType(definition, value);
    if (expected) errors.push({ field, message: expected });
  }
  return errors;
};

/** Throws a validation error listing `attributeValueErrors` when there are any; `what` names the schema ('task'). */
export const assertAttributeValues = (
  values: readonly AttributeValue[],
  definitions: readonly AttributeDefinition[],
  stored: readonly AttributeValue[],
  what: string,
): void => {
  const errors = attributeValueErrors(values, definitions, stored);
  if (errors.length > 0)
    throw validationError(`attribute values do not fit the tenant's ${what} attributes`, errors);
};
