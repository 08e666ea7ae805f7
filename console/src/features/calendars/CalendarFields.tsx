import { Checkbox, Group, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { calendarNameMax, cantons } from '@fahrplan/contracts';
import { UiDateInput } from '../common/UiDateInput';
import type { CalendarFormValues } from './calendarForm';
import { cantonNames } from './cantonNames';
import { weekdayNames } from './dayLabels';

type Form = UseFormReturnType<CalendarFormValues>;

/** The 26 cantons by their names in the language shown, in its alphabetical order. */
export const useCantonOptions = () => {
  const { t, i18n } = useTranslation('calendars');
  const collator = new Intl.Collator(i18n.language);
  const names = cantonNames(t);
  return cantons
    .map((canton) => ({ value: canton, label: names[canton] }))
    .sort((a, b) => collator.compare(a.label, b.label));
};

/** A calendar's name, its canton (whose public holidays it keeps) and its working weekdays. */
export function CalendarBaseFields({ form, editable }: { form: Form; editable: boolean }) {
  const { t, i18n } = useTranslation('calendars');
  const short = weekdayNames(i18n.language);
  const long = weekdayNames(i18n.language, 'long');
  const cantonOptions = useCantonOptions();
  return (
    <>
      <Group grow align="flex-start">
        <TextInput
          label={t('dialog.name')}
          required
          readOnly={!editable}
          data-autofocus
          maxLength={calendarNameMax}
          {...form.getInputProps('name')}
        />
        <Select
          label={t('dialog.region')}
          description={t('dialog.regionHint')}
          required
          readOnly={!editable}
          searchable
          allowDeselect={false}
          data={cantonOptions}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('region')}
        />
      </Group>
      <Checkbox.Group
        label={t('dialog.weekdays')}
        description={t('dialog.weekdaysHint')}
        {...form.getInputProps('workingWeekdays')}
      >
        <Group gap="md" mt={6}>
          {short.map((name, index) => (
            <Checkbox
              key={name}
              value={String(index + 1)}
              label={name}
              aria-label={long[index]}
              disabled={!editable}
            />
          ))}
        </Group>
      </Checkbox.Group>
    </>
  );
}

/** For a change of a saved calendar's days: the date from which the new definition applies. */
export function EffectiveFromField({ form, editable }: { form: Form; editable: boolean }) {
  const { t } = useTranslation('calendars');
  return (
    <UiDateInput
      label={t('dialog.effectiveFrom')}
      description={t('dialog.effectiveFromHint')}
      required
      readOnly={!editable}
      w={260}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...form.getInputProps('effectiveFrom')}
    />
  );
}
