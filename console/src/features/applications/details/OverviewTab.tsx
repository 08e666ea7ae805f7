import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { applicationStatuses } from '@fahrplan/contracts';
import { UiDateInput } from '../../common/UiDateInput';
import type { TabProps } from './formTypes';
import { DescriptionField, RequiredNameInput } from '../../record-dialog/SharedFields';

export function OverviewTab({ form, editable }: TabProps) {
  const readOnly = !editable;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <RequiredNameInput form={form} field="name" label="Name" editable={editable} />
        <TextInput label="Release" readOnly={readOnly} {...form.getInputProps('release')} />
      </SimpleGrid>
      <DescriptionField form={form} readOnly={readOnly} />
      <TextInput label="Contact" readOnly={readOnly} {...form.getInputProps('contact')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <UiDateInput label="Begin" readOnly={readOnly} {...form.getInputProps('start')} />
        <UiDateInput label="End" readOnly={readOnly} {...form.getInputProps('end')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Status"
          data={[...applicationStatuses]}
          allowDeselect={false}
          readOnly={readOnly}
          {...form.getInputProps('status')}
        />
        <TextInput label="Asset number" readOnly={readOnly} {...form.getInputProps('assetNr')} />
        <TextInput label="Short name" readOnly={readOnly} {...form.getInputProps('shortname')} />
      </SimpleGrid>
    </Stack>
  );
}
