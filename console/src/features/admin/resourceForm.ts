import { saveResourceSchema } from '@fahrplan/contracts';
import type { ResourceView } from '@fahrplan/contracts';
import type { FormErrors } from '@mantine/form';
import { fieldNumber } from '../common/numberField';
import type { NumberFieldValue } from '../common/numberField';
import { zodValidate } from '../common/zodValidate';
import type { SaveResourceInput } from '../resources/resourcesApi';

/** What the resource dialog edits (§3, issue 24): its name, its own calendar and its part-time share. */
export interface ResourceFormValues {
  name: string;
  /** Null: no calendar of its own, its projects' calendars apply. */
  calendar: number | null;
  /** Percent of a full working day, as typed. */
  share: NumberFieldValue;
}

export const toResourceFormValues = (resource: ResourceView): ResourceFormValues => ({
  name: resource.name,
  calendar: resource.calendar,
  share: resource.share,
});

/** SaveResource of the resource as edited: its id and the version the user saw, every field (the name trimmed). */
export const toSaveResource = (values: ResourceFormValues, resource: ResourceView): SaveResourceInput => ({
  id: resource.id,
  version: resource.version,
  name: values.name.trim(),
  calendar: values.calendar,
  // an empty or unfinished share is NaN, which the schema refuses at its field
  share: fieldNumber(values.share) ?? Number.NaN,
});

/** The rules of SaveResource (contracts), each at its field. */
export const resourceFormValidator = (resource: ResourceView): ((values: ResourceFormValues) => FormErrors) =>
  zodValidate(saveResourceSchema, (values: ResourceFormValues) => toSaveResource(values, resource));
