import { TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CockpitField } from './CockpitField';
import { LinkField } from './LinkField';

/** Fields the record dialogs (application, project, item) share, on forms that name them alike. */

/** The record's name (application name, project title): required when editable; the dialog focuses it first. */
export function RequiredNameInput<V>({
  form,
  field,
  label,
  editable,
}: {
  form: UseFormReturnType<V>;
  field: keyof V & string;
  label: string;
  editable: boolean;
}) {
  const { t } = useTranslation('record-dialog');
  return (
    <TextInput
      label={label}
      // required without the visual asterisk: it would become part of the label text ('Name *')
      required={editable}
      withAsterisk={false}
      placeholder={editable ? t('fieldsShared.required') : undefined}
      readOnly={!editable}
      data-autofocus
      {...form.getInputProps(field)}
    />
  );
}

/** §2 duration in working days, computed from begin and end; empty while it cannot be computed. */
export function DurationField({ duration }: { duration: number | null }) {
  const { t } = useTranslation('record-dialog');
  return (
    <TextInput
      label={t('fieldsShared.duration')}
      readOnly
      value={duration === null ? '' : String(duration)}
    />
  );
}

/** A field of a record's form, editable or read-only. */
interface FormFieldProps<V> {
  form: UseFormReturnType<V>;
  readOnly: boolean;
}

export function DescriptionField<V extends { description: string }>({ form, readOnly }: FormFieldProps<V>) {
  const { t } = useTranslation('record-dialog');
  return (
    <Textarea
      label={t('fieldsShared.description')}
      autosize
      minRows={3}
      maxRows={10}
      readOnly={readOnly}
      {...form.getInputProps('description')}
    />
  );
}

export function DocumentationField<V extends { docUrl: string }>({ form, readOnly }: FormFieldProps<V>) {
  const { t } = useTranslation('record-dialog');
  return (
    <LinkField
      label={t('fieldsShared.documentation')}
      openLabel={t('fieldsShared.openDocumentation')}
      readOnly={readOnly}
      {...form.getInputProps('docUrl')}
      value={form.values.docUrl}
    />
  );
}

/** The cockpit id, shown to admins only. */
export function AdminCockpitField({
  form,
  admin,
  editable,
}: {
  form: UseFormReturnType<{ cockpitid: string }>;
  admin: boolean;
  editable: boolean;
}) {
  if (!admin) return null;
  return (
    <CockpitField
      value={form.values.cockpitid}
      onChange={(value) => form.setFieldValue('cockpitid', value)}
      error={form.errors.cockpitid}
      editable={editable}
    />
  );
}
