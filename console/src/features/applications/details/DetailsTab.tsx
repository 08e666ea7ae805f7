import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApplicationView, MeView } from '@fahrplan/contracts';
import { ApplicationPicker } from '../ApplicationPicker';
import { AttributeFields } from '../../common/AttributeField';
import { AdminCockpitField, DocumentationField } from '../../record-dialog/SharedFields';
import type { TabProps } from './formTypes';

interface Props extends TabProps {
  selfId: number | null;
  /** The stored parent's name, in case the lookup by id does not find it. */
  parentName: ApplicationView['parentName'];
  me: MeView;
  isAdmin: boolean;
}

export function DetailsTab({ form, editable, selfId, parentName, me, isAdmin }: Props) {
  const { t } = useTranslation('applications');
  const readOnly = !editable;

  return (
    <Stack>
      {/* §5: never the application itself, 'not assigned' first */}
      <ApplicationPicker
        label={t('fields.parent')}
        none={t('fields.notAssigned')}
        hide={(app) => app.id === selfId || app.deleted}
        fallbackLabel={parentName}
        allowDeselect={false}
        readOnly={readOnly}
        value={form.values.parent}
        onChange={(parent) => form.setFieldValue('parent', parent)}
        error={form.errors.parent}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('fields.provider')} readOnly={readOnly} {...form.getInputProps('provider')} />
        <TextInput label={t('fields.vendor')} readOnly={readOnly} {...form.getInputProps('vendor')} />
      </SimpleGrid>
      <DocumentationField form={form} readOnly={readOnly} />
      <AdminCockpitField form={form} admin={isAdmin} editable={editable} />
      <AttributeFields form={form} definitions={me.applicationAttributes} editable={editable} />
    </Stack>
  );
}
