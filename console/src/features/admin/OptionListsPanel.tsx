import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  ColorSwatch,
  Group,
  NumberInput,
  Paper,
  Select,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { defaultOptionLists, optionColours, optionListKinds, optionValueRange } from '@fahrplan/contracts';
import type { OptionColour, OptionListKind, TenantAdminView } from '@fahrplan/contracts';
import { LoadError } from '../common/CataloguePage';
import { sameValues } from '../common/formChanges';
import { notifySuccess } from '../common/notify';
import { CommandAlert, useCommandRun } from '../record-dialog/FormDialog';
import { useChangeOptionListsMutation, useGetTenantAdminQuery } from './adminApi';
import { moveRow, newOptionRow, optionRowErrors, optionsOfRows, rowsOfOptions } from './optionRows';
import type { OptionRow } from './optionRows';

const listTitles: Record<OptionListKind, string> = {
  projectStatus: 'Project status',
  projectPhase: 'Phase',
  projectHealth: 'Health',
  projectArt: 'Type (art)',
  projectKlasse: 'Class (klasse)',
  itemStatus: 'Item status',
};

type Values = Record<OptionListKind, OptionRow[]>;
type Form = UseFormReturnType<Values>;

const valuesOf = (tenant: TenantAdminView): Values =>
  Object.fromEntries(
    optionListKinds.map((kind) => [kind, rowsOfOptions(tenant.optionLists[kind])]),
  ) as Values;

const colourData = optionColours.map((colour) => ({ value: colour, label: colour }));
const swatch = (colour: string) => (
  <ColorSwatch color={`var(--mantine-color-${colour}-6)`} size={14} aria-hidden />
);

/** The rows of one list: value, label, colour, done, shared parent (statuses), order and removal. */
function OptionRows({ form, kind, readOnly }: { form: Form; kind: OptionListKind; readOnly: boolean }) {
  const rows = form.values[kind];
  const statuses = kind === 'projectStatus';
  const move = (index: number, by: -1 | 1) => form.setFieldValue(kind, moveRow(rows, index, by));
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={4} aria-label={`${listTitles[kind]} options`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110}>Value</Table.Th>
            <Table.Th>Label</Table.Th>
            <Table.Th w={150}>Colour</Table.Th>
            <Table.Th w={90}>Counts as done</Table.Th>
            {statuses && <Table.Th w={110}>Shared parent may have it</Table.Th>}
            <Table.Th w={110}>
              <VisuallyHidden>Order and removal</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => {
            const name = row.label.trim() || `option ${i + 1}`;
            return (
              <Table.Tr key={row.key}>
                <Table.Td>
                  <NumberInput
                    aria-label={`Value of ${name}`}
                    min={optionValueRange.min}
                    max={optionValueRange.max}
                    clampBehavior="none"
                    allowDecimal={false}
                    readOnly={readOnly}
                    {...form.getInputProps(`${kind}.${i}.value`)}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Label of ${name}`}
                    readOnly={readOnly}
                    {...form.getInputProps(`${kind}.${i}.label`)}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Colour of ${name}`}
                    data={colourData}
                    allowDeselect={false}
                    readOnly={readOnly}
                    leftSection={swatch(row.colour)}
                    renderOption={({ option }) => (
                      <Group gap="xs" wrap="nowrap">
                        {swatch(option.value)}
                        {option.label}
                      </Group>
                    )}
                    value={row.colour}
                    onChange={(next) =>
                      next && form.setFieldValue(`${kind}.${i}.colour`, next as OptionColour)
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`${name} counts as done`}
                    disabled={readOnly}
                    {...form.getInputProps(`${kind}.${i}.done`, { type: 'checkbox' })}
                  />
                </Table.Td>
                {statuses && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`a shared parent may have ${name}`}
                      disabled={readOnly}
                      {...form.getInputProps(`${kind}.${i}.sharedParent`, { type: 'checkbox' })}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  {!readOnly && (
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move ${name} up`}
                        disabled={i === 0}
                        onClick={() => move(i, -1)}
                      >
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move ${name} down`}
                        disabled={i === rows.length - 1}
                        onClick={() => move(i, 1)}
                      >
                        <IconArrowDown size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${name}`}
                        onClick={() => form.removeListItem(kind, i)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Administration → Option lists (issue 19): the labels, colours and order of the codes a project's
 * status, phase, health, type and class and an item's status store; which count as done; which project
 * statuses a shared parent may have. One list is edited at a time; Save sends the lists that changed.
 */
function OptionListsForm({
  tenant,
  editable,
  onReload,
}: {
  tenant: TenantAdminView;
  editable: boolean;
  onReload: () => void;
}) {
  const [change] = useChangeOptionListsMutation();
  const [kind, setKind] = useState<OptionListKind>('projectStatus');
  const [saved, setSaved] = useState(() => valuesOf(tenant));
  // once a save was refused, a list's own error (a value listed twice) follows the edits: it goes when fixed
  const [refused, setRefused] = useState(false);
  const form = useForm<Values>({
    initialValues: saved,
    validate: (values) =>
      Object.assign({}, ...optionListKinds.map((k) => optionRowErrors(k, values[k], k))) as Record<
        string,
        string
      >,
  });
  const run = useCommandRun({ form });
  const changedKinds = optionListKinds.filter(
    (k) => !sameValues(optionsOfRows(k, form.values[k]), optionsOfRows(k, saved[k])),
  );

  const save = async () => {
    if (!editable || changedKinds.length === 0 || run.busy) return;
    if (form.validate().hasErrors) {
      setRefused(true);
      const wrong = optionListKinds.find((k) => Object.keys(form.errors).some((e) => e.split('.')[0] === k));
      if (wrong) setKind(wrong);
      return;
    }
    const lists = Object.fromEntries(changedKinds.map((k) => [k, optionsOfRows(k, form.values[k])]));
    const data = { version: tenant.version, lists };
    await run.run(async (send) => {
      await send('options', data, (idempotencyKey) => change({ data, idempotencyKey }).unwrap());
      setSaved(form.getValues());
      notifySuccess(`option lists saved: ${changedKinds.map((k) => listTitles[k]).join(', ')}`);
    });
  };

  const listError = refused ? optionRowErrors(kind, form.values[kind], kind)[kind] : undefined;
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      noValidate
      aria-label="option lists"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack>
        <Title order={3}>Option lists</Title>
        <Text size="sm" c="dimmed">
          The labels every screen, filter, chart and history shows for the codes a record stores. A value
          removed from a list stays on the records that have it, marked &ldquo;not listed&rdquo;.
        </Text>
        <SegmentedControl
          aria-label="Option list"
          value={kind}
          onChange={(next) => setKind(next as OptionListKind)}
          data={optionListKinds.map((k) => ({
            value: k,
            label: `${listTitles[k]}${changedKinds.includes(k) ? ' •' : ''}`,
          }))}
        />
        <OptionRows form={form} kind={kind} readOnly={!editable} />
        {listError !== undefined && (
          <Alert color="red" variant="light" role="alert">
            {listError}
          </Alert>
        )}
        {run.error !== null && (
          <Stack gap="xs">
            <CommandAlert error={run.error} />
            <Group>
              <Button variant="default" size="xs" onClick={onReload}>
                Reload the lists
              </Button>
            </Group>
          </Stack>
        )}
        {editable && (
          <Group justify="space-between">
            <Group>
              <Button
                variant="default"
                leftSection={<IconPlus size={16} />}
                onClick={() => form.insertListItem(kind, newOptionRow(form.values[kind]))}
              >
                Add option
              </Button>
              <Button
                variant="subtle"
                onClick={() => form.setFieldValue(kind, rowsOfOptions(defaultOptionLists[kind]))}
              >
                Use the defaults
              </Button>
            </Group>
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={16} />}
              loading={run.busy}
              disabled={changedKinds.length === 0}
            >
              Save option lists
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function OptionListsPanel({ editable }: { editable: boolean }) {
  const { data, isLoading, isError, error, refetch } = useGetTenantAdminQuery();
  if (isLoading) return <Skeleton height={320} radius="sm" aria-label="loading option lists" />;
  if (isError || !data) return <LoadError title="The option lists could not be loaded" error={error} />;
  // a new key after a reload starts the form from what the server holds now
  return (
    <OptionListsForm key={data.version} tenant={data} editable={editable} onReload={() => void refetch()} />
  );
}
