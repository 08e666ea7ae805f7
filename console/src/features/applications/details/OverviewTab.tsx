import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { applicationStatuses } from '@fahrplan/contracts';
import { UiDateInput } from '../../common/UiDateInput';
import type { TabProps } from './formTypes';
import { DescriptionField, RequiredNameInput } from '../../record-dialog/SharedFields';

export function OverviewTab({ form, editable }: TabProps) {
  const { t } = useTranslation('applications');
  const readOnly = !editable;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <RequiredNameInput form={form} field="name" label={t('fields.name')} editable={editable} />
        <TextInput label={t('fields.release')} readOnly={readOnly} {...form.getInputProps('release')} />
      </SimpleGrid>
      <DescriptionField form={form} readOnly={readOnly} />
      <TextInput label={t('fields.contact')} readOnly={readOnly} {...form.getInputProps('contact')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <UiDateInput label={t('fields.start')} readOnly={readOnly} {...form.getInputProps('start')} />
        <UiDateInput label={t('fields.end')} readOnly={readOnly} {...form.getInputProps('end')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t('fields.status')}
          data={[...applicationStatuses]}
          allowDeselect={false}
          readOnly={readOnly}
          {...form.getInputProps('status')}
        />
        <TextInput label={t('fields.assetNr')} readOnly={readOnly} {...form.getInputProps('assetNr')} />
        <TextInput label={t('fields.shortname')} readOnly={readOnly} {...form.getInputProps('shortname')} />
      </SimpleGrid>
    </Stack>
  );
}
