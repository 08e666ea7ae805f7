import { useTranslation } from 'react-i18next';
import { Divider, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { itemSystemTypes } from '@fahrplan/contracts';
import type { ItemSystemType } from '@fahrplan/contracts';
import { ResourceSelect } from '../resources/ResourceSelect';
import { DocumentationField } from '../record-dialog/SharedFields';
import { AttributeFields } from '../common/AttributeField';
import type { AttributeDefinition } from '../common/attributes';
import { ItemTrackerFields } from './ItemTrackerFields';
import { ItemDependencies } from './ItemDependencies';
import { changeType } from './itemForm';
import type { IssueGroup, ItemGroup } from './itemForm';
import type { ItemForm } from './ItemOverviewTab';

interface Props {
  form: ItemForm;
  editable: boolean;
  group: ItemGroup | null;
  issueGroups: readonly IssueGroup[];
  /** The tenant's task attribute schema: one field each (§2 Details). */
  attributes: readonly AttributeDefinition[];
  /** EDIT on item-details-system: the system type and class name (§6 superuser). */
  superuser: boolean;
  /** A saved item's id: its dependencies show below its details (issue 21). */
  itemId: number | null;
}

const noType = 'none';

/** §2 item details. */
export function ItemDetailsTab(props: Props) {
  const { form, editable, group, issueGroups, attributes, superuser, itemId } = props;
  const { t } = useTranslation('items');
  const readOnly = !editable;
  const values = form.values;
  return (
    <Stack>
      <DocumentationField form={form} readOnly={readOnly} />
      {(!values.milestone || values.resource !== null) && (
        // sent for tasks only (§5): a milestone shows a stored resource read-only
        <ResourceSelect
          readOnly={readOnly || values.milestone}
          value={values.resource}
          onChange={(next) => form.setFieldValue('resource', next)}
          error={form.errors.resource}
        />
      )}
      <AttributeFields form={form} definitions={attributes} editable={editable} />
      <ItemTrackerFields form={form} editable={editable} group={group} issueGroups={issueGroups} />
      {superuser && (
        <>
          <Divider label={t('details.system')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('details.systemType')}
              data={[{ value: noType, label: t('details.noSystemType') }, ...itemSystemTypes]}
              allowDeselect={false}
              readOnly={readOnly}
              value={values.type ?? noType}
              onChange={(next) =>
                form.setValues(
                  changeType(
                    form.getValues(),
                    next === null || next === noType ? null : (next as ItemSystemType),
                    group?.subgroups ?? [],
                  ),
                )
              }
              error={form.errors.type}
            />
            <TextInput
              label={t('details.className')}
              readOnly={readOnly}
              {...form.getInputProps('className')}
            />
          </SimpleGrid>
        </>
      )}
      {itemId !== null && <ItemDependencies itemId={itemId} editable={editable} />}
    </Stack>
  );
}
