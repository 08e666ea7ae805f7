import { useMemo } from 'react';
import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { resourceNameMax } from '@fahrplan/contracts';
import type { ResourceView } from '@fahrplan/contracts';
import { CalendarSelect } from '../calendars/CalendarSelect';
import { NumberField } from '../common/NumberField';
import { FormDialog } from '../record-dialog/FormDialog';
import { useFormCommand } from '../record-dialog/useFormCommand';
import { useSaveResourceMutation } from '../resources/resourcesApi';
import { resourceFormValidator, toResourceFormValues, toSaveResource } from './resourceForm';
import type { ResourceFormValues } from './resourceForm';

const shareRange = { min: 1, max: 100, decimals: 0 };

/**
 * A resource's name, its own working-day calendar (issue 24: a resource working four days a week) and
 * its part-time share of a working day; read-only without admin EDIT.
 */
export function ResourceDialog({
  resource,
  editable,
  onClose,
}: {
  resource: ResourceView;
  editable: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [save] = useSaveResourceMutation();
  const validate = useMemo(() => resourceFormValidator(resource), [resource]);
  const { form, changed, dialogProps } = useFormCommand({
    form: { initialValues: toResourceFormValues(resource), validate, validateInputOnBlur: true },
    step: 'save',
    parse: (values: ResourceFormValues) => toSaveResource(values, resource),
    command: save,
    notice: (data) => t('resources.saved', { name: data.name }),
    onClose,
  });

  return (
    <FormDialog
      title={t('resources.dialogTitle', { name: resource.name })}
      submitLabel={t('resources.save')}
      editable={editable}
      canSubmit={changed}
      {...dialogProps}
    >
      <Stack gap="sm" mb="md">
        <TextInput
          label={t('resources.name')}
          required
          readOnly={!editable}
          data-autofocus
          maxLength={resourceNameMax * 2}
          {...form.getInputProps('name')}
        />
        <CalendarSelect
          label={t('resources.calendar')}
          description={t('resources.calendarHelp')}
          none={t('resources.noCalendar')}
          unknown={(id) => t('resources.unknownCalendar', { id })}
          readOnly={!editable}
          value={form.values.calendar}
          onChange={(next) => form.setFieldValue('calendar', next)}
          error={form.errors.calendar}
        />
        <NumberField
          label={t('resources.share')}
          description={t('resources.shareHelp')}
          range={shareRange}
          suffix=" %"
          readOnly={!editable}
          value={form.values.share}
          onChange={(next) => form.setFieldValue('share', next)}
          error={form.errors.share}
        />
      </Stack>
    </FormDialog>
  );
}
