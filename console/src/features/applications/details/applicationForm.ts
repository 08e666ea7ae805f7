import {
  applicationStatuses,
  createCommentSchema,
  endFromServer,
  endToServer,
  saveApplicationSchema,
  serverToUiDate,
  trimText,
  uiToServerDate,
} from '@fahrplan/contracts';
import type { ApplicationView, MeView } from '@fahrplan/contracts';
import type { FormErrors } from '@mantine/form';
import { sameValues } from '../../common/formChanges';
import { zodValidate } from '../../common/zodValidate';
import type { SaveApplicationInput } from '../applicationsApi';

export type AttributeDefinition = MeView['applicationAttributes'][number];
export type AttributeFormValue = string | number | boolean | null;

/** What the dialog edits. Dates are shown dates (DD.MM.YYYY); `end` is the last day, inclusive. */
export interface ApplicationFormValues {
  name: string;
  release: string;
  description: string;
  contact: string;
  start: string | null;
  end: string | null;
  status: string;
  assetNr: string;
  shortname: string;
  parent: number | null;
  provider: string;
  vendor: string;
  docUrl: string;
  cockpitid: string;
  attributes: Record<string, AttributeFormValue>;
  /** §4: the user chose 'add application account'; the account is created on save. */
  addAccount: boolean;
  /** A new comment, posted after the application is saved. */
  comment: string;
}

/** The saved record the dialog works on: null until a new application has been created. */
export interface ApplicationRecord {
  id: number;
  version: number;
  account: number | null;
}

const text = (value: string | null | undefined) => value ?? '';

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

export const toFormValues = (
  app: ApplicationView | null,
  definitions: readonly AttributeDefinition[],
  parent: number | null = null,
): ApplicationFormValues => {
  const stored = new Map((app?.attributes ?? []).map((a) => [a.key, a.value] as const));
  return {
    name: text(app?.name),
    release: text(app?.release),
    description: text(app?.description),
    contact: text(app?.contact),
    start: app?.start ? serverToUiDate(app.start) : null,
    end: endFromServer(app?.end ?? null),
    status: app?.status ?? applicationStatuses[0],
    assetNr: text(app?.assetNr),
    shortname: text(app?.shortname),
    parent: app ? app.parent : parent,
    provider: text(app?.provider),
    vendor: text(app?.vendor),
    docUrl: text(app?.docUrl),
    cockpitid: text(app?.cockpitid),
    attributes: Object.fromEntries(definitions.map((d) => [d.key, attributeToForm(d, stored.get(d.key))])),
    addAccount: false,
    comment: '',
  };
};

const attributeToServer = (definition: AttributeDefinition, value: AttributeFormValue) => {
  switch (definition.type) {
    case 'boolean':
      return value === true;
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'date':
      return typeof value === 'string' && value ? uiToServerDate(value) : null;
    case 'select':
    case 'text':
      return typeof value === 'string' ? trimText(value) : null;
  }
};

/**
 * The SaveApplication command for the form: a create without `record`, else an update of the version
 * the user saw. Attributes the tenant's schema no longer lists are kept as they were.
 */
export const toSaveCommand = (
  values: ApplicationFormValues,
  definitions: readonly AttributeDefinition[],
  record: ApplicationRecord | null,
  storedAttributes: ApplicationView['attributes'] = [],
): SaveApplicationInput => {
  const known = new Set(definitions.map((d) => d.key));
  const attributes = [
    ...definitions.map((d) => ({
      key: d.key,
      value: attributeToServer(d, values.attributes[d.key] ?? null),
    })),
    ...storedAttributes.filter((a) => !known.has(a.key)).map((a) => ({ key: a.key, value: a.value })),
  ];
  return {
    ...(record ? { id: record.id, version: record.version } : {}),
    name: trimText(values.name) ?? '',
    release: trimText(values.release),
    shortname: trimText(values.shortname),
    description: trimText(values.description),
    contact: trimText(values.contact),
    start: values.start ? uiToServerDate(values.start) : null,
    end: endToServer(values.end),
    assetNr: trimText(values.assetNr),
    provider: trimText(values.provider),
    vendor: trimText(values.vendor),
    cockpitid: trimText(values.cockpitid),
    docUrl: trimText(values.docUrl),
    parent: values.parent,
    status: values.status as SaveApplicationInput['status'],
    attributes,
  };
};

/** The fields that belong to the application itself (not the account choice or the new comment). */
export const applicationPart = ({ addAccount: _a, comment: _c, ...fields }: ApplicationFormValues) => fields;

export { sameValues };

/** §5 rules from the shared schemas: the command that would be sent, and the new comment. */
export const applicationFormValidator = (
  definitions: readonly AttributeDefinition[],
): ((values: ApplicationFormValues) => FormErrors) => {
  const commandErrors = zodValidate(
    saveApplicationSchema,
    (values: ApplicationFormValues) => toSaveCommand(values, definitions, null),
    (path) => {
      const [head, index] = path.split('.');
      if (head !== 'attributes') return head ?? path;
      const definition = definitions[Number(index)];
      return definition ? `attributes.${definition.key}` : 'attributes';
    },
  );
  const commentErrors = zodValidate(
    createCommentSchema.shape.description,
    (values: ApplicationFormValues) => values.comment,
    () => 'comment',
  );
  return (values) => ({
    ...commandErrors(values),
    ...(values.comment.trim() ? commentErrors(values) : {}),
  });
};
