import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { attributeTypes } from '@fahrplan/contracts';
import { attributeTypeLabels, keyFromLabel, moveRow, newRow } from './attributeRows';
import type { AttributeRow, AttributeType } from './attributeRows';

/** The attribute schemas a tenant keeps: of applications, projects (issue 19) and tasks. */
export const schemaLists = ['applicationAttributes', 'projectAttributes', 'taskAttributes'] as const;

export type AttributeSchemaValues = Record<(typeof schemaLists)[number], AttributeRow[]>;

type ListName = keyof AttributeSchemaValues;

const typeOptions = attributeTypes.map((t) => ({ value: t, label: attributeTypeLabels[t] }));

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
            Add attribute
          </Button>
        )}
      </Group>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No attributes: the dialogs show no generated fields.
        </Text>
      )}
      {rows.map((row, index) => (
        <Paper key={row.uid} withBorder p="xs" radius="sm">
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              label="Label"
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
              label="Key"
              required
              readOnly={readOnly}
              value={row.key}
              onChange={(e) => update(index, { key: e.currentTarget.value })}
              error={error(index, 'key')}
              style={{ flex: 2 }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Select
              label="Type"
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
                <Tooltip label="Move up">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`move ${row.label || 'attribute'} up`}
                    disabled={index === 0}
                    onClick={() => setRows(moveRow(rows, index, index - 1))}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Move down">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`move ${row.label || 'attribute'} down`}
                    disabled={index === rows.length - 1}
                    onClick={() => setRows(moveRow(rows, index, index + 1))}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Remove">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`remove ${row.label || 'attribute'}`}
                    onClick={() => setRows(rows.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            )}
          </Group>
          {row.type === 'select' && (
            <TagsInput
              mt="xs"
              label="Options"
              description={readOnly ? undefined : 'type an option and press Enter'}
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
