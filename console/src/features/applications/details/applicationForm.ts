import {
  applicationStatuses,
  dateOrderError,
  endFromServer,
  endToServer,
  isUiDate,
  saveApplicationSchema,
  serverToUiDate,
  trimText,
  uiToServerDate,
} from '@fahrplan/contracts';
import type { ApplicationView } from '@fahrplan/contracts';
import type { FormErrors } from '@mantine/form';
import {
  attributeErrorPath,
  attributeFormErrors,
  attributesToForm,
  attributesToServer,
} from '../../common/attributes';
import type { AttributeDefinition, AttributeFormValue } from '../../common/attributes';
import { sameValues } from '../../common/formChanges';
import { zodValidate } from '../../common/zodValidate';
import { newCommentErrors } from '../../record-dialog/newCommentErrors';
import type { SaveApplicationInput } from '../applicationsApi';

export type { AttributeDefinition, AttributeFormValue };

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

export const toFormValues = (
  app: ApplicationView | null,
  definitions: readonly AttributeDefinition[],
  parent: number | null = null,
): ApplicationFormValues => {
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
    attributes: attributesToForm(definitions, app?.attributes ?? []),
    addAccount: false,
    comment: '',
  };
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
  const attributes = attributesToServer(definitions, values.attributes, storedAttributes);
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

const serverDate = (ui: string | null) => (ui && isUiDate(ui) ? uiToServerDate(ui) : null);

/**
 * §5 rules from the shared schemas: the command that would be sent, the tenant's attribute schema,
 * end ≥ begin (as the server checks it), and the new comment.
 */
export const applicationFormValidator = (
  definitions: readonly AttributeDefinition[],
): ((values: ApplicationFormValues) => FormErrors) => {
  const commandErrors = zodValidate(
    saveApplicationSchema,
    (values: ApplicationFormValues) => toSaveCommand(values, definitions, null),
    (path) => attributeErrorPath(definitions, path),
  );
  return (values) => {
    const errors: FormErrors = { ...attributeFormErrors(definitions, values.attributes) };
    for (const [field, message] of Object.entries(commandErrors(values))) errors[field] ??= message;
    const order = dateOrderError(serverDate(values.start), serverDate(values.end));
    if (order) errors.end ??= order;
    Object.assign(errors, newCommentErrors(values));
    return errors;
  };
};
