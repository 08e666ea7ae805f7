import { Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { applicationStatuses } from '@fahrplan/contracts';
import { UiDateInput } from '../../common/UiDateInput';
import type { TabProps } from './formTypes';

export function OverviewTab({ form, editable }: TabProps) {
  const readOnly = !editable;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Name"
          // required without the visual asterisk: it would become part of the label text ('Name *')
          required={editable}
          withAsterisk={false}
          placeholder={editable ? 'required' : undefined}
          readOnly={readOnly}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput label="Release" readOnly={readOnly} {...form.getInputProps('release')} />
      </SimpleGrid>
      <Textarea
        label="Description"
        autosize
        minRows={3}
        maxRows={10}
        readOnly={readOnly}
        {...form.getInputProps('description')}
      />
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
