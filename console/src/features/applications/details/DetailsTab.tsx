import { Divider, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ApplicationView, MeView } from '@fahrplan/contracts';
import { useGetApplicationsQuery } from '../applicationsApi';
import { AttributeField } from '../../common/AttributeField';
import { AdminCockpitField, DocumentationField } from '../../record-dialog/SharedFields';
import type { TabProps } from './formTypes';
import { notAssigned, parentOptions } from './parentOptions';

interface Props extends TabProps {
  selfId: number | null;
  /** The stored parent's name, in case the list does not (yet) hold it. */
  parentName: ApplicationView['parentName'];
  me: MeView;
  isAdmin: boolean;
}

export function DetailsTab({ form, editable, selfId, parentName, me, isAdmin }: Props) {
  const { data: applications = [], isLoading } = useGetApplicationsQuery({});
  const readOnly = !editable;
  const parent = form.values.parent;
  const options = parentOptions(applications, selfId);
  if (parent !== null && !options.some((o) => o.value === String(parent))) {
    options.push({ value: String(parent), label: parentName ?? `#${parent}` });
  }

  return (
    <Stack>
      <Select
        label="Parent application"
        data={options}
        searchable
        allowDeselect={false}
        readOnly={readOnly}
        disabled={isLoading && editable}
        value={parent === null ? notAssigned : String(parent)}
        onChange={(value) =>
          form.setFieldValue('parent', !value || value === notAssigned ? null : Number(value))
        }
        error={form.errors.parent}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Provider" readOnly={readOnly} {...form.getInputProps('provider')} />
        <TextInput label="Vendor" readOnly={readOnly} {...form.getInputProps('vendor')} />
      </SimpleGrid>
      <DocumentationField form={form} readOnly={readOnly} />
      <AdminCockpitField form={form} admin={isAdmin} editable={editable} />
      {me.applicationAttributes.length > 0 && (
        <>
          <Divider label="Attributes" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {me.applicationAttributes.map((definition) => (
              <AttributeField key={definition.key} form={form} definition={definition} editable={editable} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
