import { Button, Group, Paper, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { attributeTypes } from '@fahrplan/contracts';
import { RowAction } from '../common/AdminTable';
import { attributeTypeLabels, keyFromLabel, moveRow, newRow } from './attributeRows';
import type { AttributeRow, AttributeType } from './attributeRows';

/** The attribute schemas a tenant keeps: of applications, projects (issue 19) and tasks. */
export const schemaLists = ['applicationAttributes', 'projectAttributes', 'taskAttributes'] as const;

export type AttributeSchemaValues = Record<(typeof schemaLists)[number], AttributeRow[]>;

type ListName = keyof AttributeSchemaValues;

/** One schema's rows: label, key (suggested from the label), type and a select's options; add, move, remove. */
export function AttributeSchemaEditor({
  form,
  list,
  title,
  readOnly,
}: {
  form: UseFormReturnType<AttributeSchemaValues>;
  list: ListName;
  title: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation('admin');
  const typeNames = attributeTypeLabels(t);
  const typeOptions = attributeTypes.map((type) => ({ value: type, label: typeNames[type] }));
  const rows = form.values[list];
  const setRows = (next: AttributeRow[]) => form.setFieldValue(list, next);
  const update = (index: number, change: Partial<AttributeRow>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const error = (index: number, field: keyof AttributeRow) => form.errors[`${list}.${index}.${field}`];

  return (
    <Stack gap="xs" aria-label={title} role="group">
      <Group justify="space-between">
        <Text fw={600}>{title}</Text>
        {!readOnly && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setRows([...rows, newRow()])}
          >
            {t('attributes.add')}
          </Button>
        )}
      </Group>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('attributes.empty')}
        </Text>
      )}
      {rows.map((row, index) => (
        <Paper key={row.uid} withBorder p="xs" radius="sm">
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              label={t('attributes.label')}
              required
              readOnly={readOnly}
              value={row.label}
              onChange={(e) => {
                const label = e.currentTarget.value;
                // keep suggesting the key while the user has not typed one of their own
                const suggested = !row.key || row.key === keyFromLabel(row.label);
                update(index, suggested ? { label, key: keyFromLabel(label) } : { label });
              }}
              error={error(index, 'label')}
              style={{ flex: 2 }}
            />
            <TextInput
              label={t('attributes.key')}
              required
              readOnly={readOnly}
              value={row.key}
              onChange={(e) => update(index, { key: e.currentTarget.value })}
              error={error(index, 'key')}
              style={{ flex: 2 }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Select
              label={t('attributes.type')}
              data={typeOptions}
              readOnly={readOnly}
              allowDeselect={false}
              value={row.type}
              onChange={(v) => v && update(index, { type: v as AttributeType })}
              error={error(index, 'type')}
              style={{ flex: 1.5 }}
            />
            {!readOnly && (
              <Group gap={2} mt={26} wrap="nowrap">
                <RowAction
                  tooltip={t('attributes.moveUp')}
                  label={t('attributes.moveNamedUp', { name: row.label || t('attributes.unnamed') })}
                  icon={<IconArrowUp size={16} />}
                  disabled={index === 0}
                  onClick={() => setRows(moveRow(rows, index, index - 1))}
                />
                <RowAction
                  tooltip={t('attributes.moveDown')}
                  label={t('attributes.moveNamedDown', { name: row.label || t('attributes.unnamed') })}
                  icon={<IconArrowDown size={16} />}
                  disabled={index === rows.length - 1}
                  onClick={() => setRows(moveRow(rows, index, index + 1))}
                />
                <RowAction
                  tooltip={t('attributes.remove')}
                  label={t('attributes.removeNamed', { name: row.label || t('attributes.unnamed') })}
                  icon={<IconTrash size={16} />}
                  color="red"
                  onClick={() => setRows(rows.filter((_, i) => i !== index))}
                />
              </Group>
            )}
          </Group>
          {row.type === 'select' && (
            <TagsInput
              mt="xs"
              label={t('attributes.options')}
              description={readOnly ? undefined : t('attributes.optionsHint')}
              readOnly={readOnly}
              value={row.options}
              onChange={(options) => update(index, { options })}
              // Enter with text adds an option (TagsInput prevents the form's submit then)
              error={error(index, 'options')}
            />
          )}
        </Paper>
      ))}
    </Stack>
  );
}
