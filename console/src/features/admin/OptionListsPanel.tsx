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
  Popover,
  Select,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { IconArrowDown, IconArrowUp, IconDeviceFloppy, IconLanguage, IconPlus } from '@tabler/icons-react';
import { SectionHeader } from '../common/SectionHeader';
import { TableHeader } from '../common/TableHeader';
import { RemoveButton } from '../common/RemoveButton';
import {
  consoleLanguages,
  defaultOptionLists,
  optionColours,
  optionListKinds,
  optionValueRange,
} from '@fahrplan/contracts';
import type { OptionColour, OptionListKind, TenantAdminView } from '@fahrplan/contracts';
import { LoadError } from '../common/CataloguePage';
import { sameValues } from '../common/formChanges';
import { notifySuccess } from '../common/notify';
import { CommandAlert, useCommandRun } from '../record-dialog/FormDialog';
import { useChangeOptionListsMutation, useGetTenantAdminQuery } from './adminApi';
import { moveRow, newOptionRow, optionRowErrors, optionsOfRows, rowsOfOptions } from './optionRows';
import type { OptionRow } from './optionRows';

/** Each language by its own name, as the language switch names them. */
const languageNames = {
  'de-CH': 'Deutsch',
  'fr-CH': 'Français',
  'it-CH': 'Italiano',
  en: 'English',
} as const;

/**
 * An option's label in each of the console's languages (issue 20), behind a button beside its label:
 * a language left empty shows the label itself.
 */
function LabelTranslations({
  form,
  path,
  labels,
  name,
  readOnly,
}: {
  form: UseFormReturnType<Values>;
  path: string;
  labels: OptionRow['labels'];
  name: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation('admin');
  const given = consoleLanguages.filter((l) => labels[l].trim() !== '').length;
  return (
    <Popover position="bottom-end" withinPortal trapFocus shadow="md">
      <Popover.Target>
        <ActionIcon
          variant={given > 0 ? 'light' : 'subtle'}
          color="gray"
          aria-label={t('optionLists.translationsOf', { name, count: given })}
        >
          <IconLanguage size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={260}>
          <Text size="sm" fw={600}>
            {t('optionLists.translations')}
          </Text>
          {consoleLanguages.map((language) => (
            <TextInput
              key={language}
              lang={language}
              label={languageNames[language]}
              placeholder={t('optionLists.sameAsLabel')}
              readOnly={readOnly}
              {...form.getInputProps(`${path}.labels.${language}`)}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The option lists' names (the kinds are stored codes). */
const listTitles = (t: TFunction<'admin'>): Record<OptionListKind, string> => ({
  projectStatus: t('optionLists.kinds.projectStatus'),
  projectPhase: t('optionLists.kinds.projectPhase'),
  projectHealth: t('optionLists.kinds.projectHealth'),
  projectArt: t('optionLists.kinds.projectArt'),
  projectKlasse: t('optionLists.kinds.projectKlasse'),
  itemStatus: t('optionLists.kinds.itemStatus'),
});

/** The colours' names (the colours are stored codes, Mantine's palette). */
const colourLabels = (t: TFunction<'admin'>): Record<OptionColour, string> => ({
  gray: t('optionLists.colours.gray'),
  red: t('optionLists.colours.red'),
  pink: t('optionLists.colours.pink'),
  grape: t('optionLists.colours.grape'),
  violet: t('optionLists.colours.violet'),
  indigo: t('optionLists.colours.indigo'),
  blue: t('optionLists.colours.blue'),
  cyan: t('optionLists.colours.cyan'),
  teal: t('optionLists.colours.teal'),
  green: t('optionLists.colours.green'),
  lime: t('optionLists.colours.lime'),
  yellow: t('optionLists.colours.yellow'),
  orange: t('optionLists.colours.orange'),
});

type Values = Record<OptionListKind, OptionRow[]>;
type Form = UseFormReturnType<Values>;

const valuesOf = (tenant: TenantAdminView): Values =>
  Object.fromEntries(
    optionListKinds.map((kind) => [kind, rowsOfOptions(tenant.optionLists[kind])]),
  ) as Values;

const swatch = (colour: string) => (
  <ColorSwatch color={`var(--mantine-color-${colour}-6)`} size={14} aria-hidden />
);

/** The rows of one list: value, label, colour, done, shared parent (statuses), order and removal. */
function OptionRows({ form, kind, readOnly }: { form: Form; kind: OptionListKind; readOnly: boolean }) {
  const { t } = useTranslation('admin');
  const colourNames = colourLabels(t);
  const colourData = optionColours.map((colour) => ({ value: colour, label: colourNames[colour] }));
  const rows = form.values[kind];
  const statuses = kind === 'projectStatus';
  // a row's switches: done, and for project statuses whether a subproject's status follows its parent's
  const flags = [
    { field: 'done', label: (name: string) => t('optionLists.doneOf', { name }) },
    ...(statuses
      ? [{ field: 'sharedParent', label: (name: string) => t('optionLists.sharedParentOf', { name }) }]
      : []),
  ];
  const move = (index: number, by: -1 | 1) => form.setFieldValue(kind, moveRow(rows, index, by));
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={4} aria-label={t('optionLists.table', { list: listTitles(t)[kind] })}>
        <TableHeader
          cells={[
            { label: t('optionLists.columns.value'), w: 110 },
            t('optionLists.columns.label'),
            { label: t('optionLists.columns.colour'), w: 150 },
            { label: t('optionLists.columns.done'), w: 90 },
            statuses && { label: t('optionLists.columns.sharedParent'), w: 110 },
            { label: t('optionLists.columns.order'), w: 110, unlabelled: true },
          ]}
        />
        <Table.Tbody>
          {rows.map((row, i) => {
            const name = row.label.trim() || t('optionLists.unnamed', { number: i + 1 });
            return (
              <Table.Tr key={row.key}>
                <Table.Td>
                  <NumberInput
                    aria-label={t('optionLists.valueOf', { name })}
                    min={optionValueRange.min}
                    max={optionValueRange.max}
                    clampBehavior="none"
                    allowDecimal={false}
                    readOnly={readOnly}
                    {...form.getInputProps(`${kind}.${i}.value`)}
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <TextInput
                      aria-label={t('optionLists.labelOf', { name })}
                      readOnly={readOnly}
                      style={{ flex: 1 }}
                      {...form.getInputProps(`${kind}.${i}.label`)}
                    />
                    <LabelTranslations
                      form={form}
                      path={`${kind}.${i}`}
                      labels={row.labels}
                      name={name}
                      readOnly={readOnly}
                    />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={t('optionLists.colourOf', { name })}
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
                {flags.map(({ field, label }) => (
                  <Table.Td key={field}>
                    <Checkbox
                      aria-label={label(name)}
                      disabled={readOnly}
                      {...form.getInputProps(`${kind}.${i}.${field}`, { type: 'checkbox' })}
                    />
                  </Table.Td>
                ))}
                <Table.Td>
                  {!readOnly && (
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('optionLists.moveUp', { name })}
                        disabled={i === 0}
                        onClick={() => move(i, -1)}
                      >
                        <IconArrowUp size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('optionLists.moveDown', { name })}
                        disabled={i === rows.length - 1}
                        onClick={() => move(i, 1)}
                      >
                        <IconArrowDown size={16} />
                      </ActionIcon>
                      <RemoveButton
                        label={t('optionLists.remove', { name })}
                        onClick={() => form.removeListItem(kind, i)}
                      />
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
  const { t } = useTranslation('admin');
  const titles = listTitles(t);
  const [kind, setKind] = useState<OptionListKind>('projectStatus');
  const [saved, setSaved] = useState(() => valuesOf(tenant));
  // once a save was refused, a list's own error (a value listed twice) follows the edits: it goes when fixed
  const [refused, setRefused] = useState(false);
  const form = useForm<Values>({
    initialValues: saved,
    validate: (values) =>
      Object.assign({}, ...optionListKinds.map((k) => optionRowErrors(k, values[k], k, t))) as Record<
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
      notifySuccess(t('optionLists.saved', { lists: changedKinds.map((k) => titles[k]).join(', ') }));
    });
  };

  const listError = refused ? optionRowErrors(kind, form.values[kind], kind, t)[kind] : undefined;
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      noValidate
      aria-label={t('optionLists.form')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack>
        <SectionHeader title={t('tabs.options')} level={2} intro={t('optionLists.intro')} />
        <SegmentedControl
          aria-label={t('optionLists.chooser')}
          value={kind}
          onChange={(next) => setKind(next as OptionListKind)}
          data={optionListKinds.map((k) => ({
            value: k,
            label: changedKinds.includes(k) ? t('optionLists.changed', { list: titles[k] }) : titles[k],
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
                {t('optionLists.reload')}
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
                {t('optionLists.add')}
              </Button>
              <Button
                variant="subtle"
                onClick={() => form.setFieldValue(kind, rowsOfOptions(defaultOptionLists[kind]))}
              >
                {t('optionLists.defaults')}
              </Button>
            </Group>
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={16} />}
              loading={run.busy}
              disabled={changedKinds.length === 0}
            >
              {t('optionLists.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function OptionListsPanel({ editable }: { editable: boolean }) {
  const { data, isLoading, isError, error, refetch } = useGetTenantAdminQuery();
  const { t } = useTranslation('admin');
  if (isLoading) return <Skeleton height={320} radius="sm" aria-label={t('optionLists.loading')} />;
  if (isError || !data) return <LoadError title={t('optionLists.loadError')} error={error} />;
  // a new key after a reload starts the form from what the server holds now
  return (
    <OptionListsForm key={data.version} tenant={data} editable={editable} onReload={() => void refetch()} />
  );
}
