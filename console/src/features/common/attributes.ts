import { attributeValueErrors, serverToUiDate, trimText, uiToServerDate } from '@fahrplan/contracts';
import type { AttributeValue, MeView } from '@fahrplan/contracts';
import { fieldNumber } from './numberField';

/** One custom attribute of the tenant's schema (application or task attributes, MeView). */
export type AttributeDefinition = MeView['applicationAttributes'][number];
export type AttributeFormValue = string | number | boolean | null;
/** The custom attribute values a dialog edits, by key (dates as shown, DD.MM.YYYY). */
export type AttributeFormValues = Record<string, AttributeFormValue>;

const attributeToForm = (definition: AttributeDefinition, value: unknown): AttributeFormValue => {
  switch (definition.type) {
    case 'boolean':
      return value === true;
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'date':
      return typeof value === 'string' && value ? serverToUiDate(value) : null;
    case 'select':
      return typeof value === 'string' && value ? value : null;
    case 'text':
      return typeof value === 'string' ? value : value == null ? '' : String(value);
  }
};

const attributeToServer = (definition: AttributeDefinition, value: AttributeFormValue) => {
  switch (definition.type) {
    case 'boolean':
      return value === true;
    case 'number':
      return typeof value === 'number' || typeof value === 'string' ? fieldNumber(value) : null;
    case 'date':
      return typeof value === 'string' && value ? uiToServerDate(value) : null;
    case 'select':
    case 'text':
      return typeof value === 'string' ? trimText(value) : null;
  }
};

/** The form values of the stored attributes: one per definition, in the schema's order. */
export const attributesToForm = (
  definitions: readonly AttributeDefinition[],
  stored: readonly AttributeValue[] = [],
): AttributeFormValues => {
  const byKey = new Map(stored.map((a) => [a.key, a.value] as const));
  return Object.fromEntries(definitions.map((d) => [d.key, attributeToForm(d, byKey.get(d.key))]));
};

/**
 * The attributes a save command carries: one per definition, then the stored values whose key the
 * tenant's schema no longer lists, kept as they were.
 */
export const attributesToServer = (
  definitions: readonly AttributeDefinition[],
  values: AttributeFormValues,
  stored: readonly AttributeValue[] = [],
): AttributeValue[] => {
  const known = new Set(definitions.map((d) => d.key));
  return [
    ...definitions.map((d) => ({ key: d.key, value: attributeToServer(d, values[d.key] ?? null) })),
    ...stored.filter((a) => !known.has(a.key)).map((a) => ({ key: a.key, value: a.value })),
  ];
};

/** Maps a zod issue path of a command's `attributes.<index>` to the form field `attributes.<key>`. */
export const attributeErrorPath = (definitions: readonly AttributeDefinition[], path: string): string => {
  const [head, index] = path.split('.');
  if (head !== 'attributes') return head ?? path;
  const definition = definitions[Number(index)];
  return definition ? `attributes.${definition.key}` : 'attributes';
};

/**
 * The tenant schema's refusals of the attribute values the form would send (the server's check, run
 * before Save), by form field `attributes.<key>`.
 */
export const attributeFormErrors = (
  definitions: readonly AttributeDefinition[],
  values: AttributeFormValues,
  stored: readonly AttributeValue[] = [],
): Record<string, string> =>
  Object.fromEntries(
    attributeValueErrors(attributesToServer(definitions, values, stored), definitions, stored).map((e) => [
      e.field,
      e.message,
    ]),
  );
