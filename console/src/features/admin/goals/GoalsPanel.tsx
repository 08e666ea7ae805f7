import { useMemo, useState } from 'react';
import { Badge, Checkbox, Group, Select, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconCheck, IconTarget } from '@tabler/icons-react';
import { NewButton, SectionHeader } from '../../common/SectionHeader';
import { createGoalSchema, ranges } from '@fahrplan/contracts';
import { useCan } from '../../auth/permissions';
import { NumberField } from '../../common/NumberField';
import { formatNumber } from '../../common/numbers';
import { fieldNumber } from '../../common/numberField';
import type { NumberFieldValue } from '../../common/numberField';
import { zodValidate } from '../../common/zodValidate';
import { ConfirmRecordDelete } from '../../record-dialog/ConfirmRecordDelete';
import { sendOnce } from '../../api/commands';
import { FormDialog } from '../../record-dialog/FormDialog';
import { useFormCommand } from '../../record-dialog/useFormCommand';
import { RecordsTable, RowActions, TableLoad } from '../../common/AdminTable';
import { deleteRefusal, goalRows, parentOptions } from './goalRows';
import type { AdminGoal } from './goalRows';
import { ExportMenu } from '../../sheet-export/ExportMenu';
import {
  goalsPageSize,
  useCreateGoalMutation,
  useDeleteGoalMutation,
  useGetGoalsQuery,
  useUpdateGoalMutation,
} from './goalsApi';

interface GoalFormValues {
  name: string;
  parent: string | null;
  type: string;
  rank: NumberFieldValue;
  description: string;
  assignable: boolean;
}

const valuesOf = (goal: AdminGoal | null): GoalFormValues => ({
  name: goal?.name ?? '',
  parent: goal?.parent == null ? null : String(goal.parent),
  type: goal?.type ?? '',
  rank: goal?.rank ?? '',
  description: goal?.description ?? '',
  assignable: goal?.assignable ?? true,
});

/** The §3 fields as the commands take them (texts are trimmed and emptied to null by the schema). */
const commandOf = (values: GoalFormValues) => ({
  name: values.name,
  parent: values.parent === null ? null : Number(values.parent),
  type: values.type,
  rank: fieldNumber(values.rank),
  description: values.description,
  assignable: values.assignable,
});

type Editing = { mode: 'new' } | { mode: 'edit'; goal: AdminGoal };

function GoalDialog({
  editing,
  goals,
  onClose,
}: {
  editing: Editing;
  goals: readonly AdminGoal[];
  onClose: () => void;
}) {
  const current = editing.mode === 'edit' ? editing.goal : null;
  const [create] = useCreateGoalMutation();
  const [update] = useUpdateGoalMutation();
  const { t } = useTranslation('admin');
  const { form, dialogProps } = useFormCommand({
    form: {
      initialValues: valuesOf(current),
      validate: zodValidate(createGoalSchema, commandOf),
      validateInputOnChange: true,
    },
    step: current ? 'update' : 'create',
    parse: commandOf,
    command: current
      ? ({ data, idempotencyKey }) =>
          update({ data: { ...data, id: current.id, version: current.version }, idempotencyKey })
      : create,
    notice: () => (current ? t('goals.saved') : t('goals.created')),
    onClose,
  });
  const parents = useMemo(() => parentOptions(goals, current?.id ?? null), [goals, current]);

  return (
    <FormDialog
      title={current ? t('goals.editTitle', { name: current.name }) : t('goals.new')}
      size="lg"
      submitLabel={current ? t('goals.save') : t('goals.create')}
      {...dialogProps}
    >
      <Stack gap="sm">
        <TextInput label={t('goals.name')} withAsterisk data-autofocus {...form.getInputProps('name')} />
        <Select
          label={t('goals.parent')}
          placeholder={t('goals.parentNone')}
          data={parents}
          searchable
          clearable
          nothingFoundMessage={t('goals.parentNotFound')}
          {...form.getInputProps('parent')}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t('goals.type')}
            placeholder={t('goals.typePlaceholder')}
            {...form.getInputProps('type')}
          />
          <NumberField
            label={t('goals.rank')}
            description={t('goals.rankHint')}
            range={ranges.goalRank}
            value={form.values.rank}
            onChange={(rank) => form.setFieldValue('rank', rank)}
            error={form.errors.rank}
          />
        </Group>
        <Textarea
          label={t('goals.description')}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('description')}
        />
        <Checkbox
          label={t('goals.assignableLabel')}
          {...form.getInputProps('assignable', { type: 'checkbox' })}
        />
      </Stack>
    </FormDialog>
  );
}

function DeleteGoal({ goal, onClose }: { goal: AdminGoal; onClose: () => void }) {
  const [remove] = useDeleteGoalMutation();
  const { t } = useTranslation('admin');
  const data = { id: goal.id, version: goal.version };
  const refusal = { title: t('goals.cannotDelete'), message: (e: unknown) => deleteRefusal(e, goal.name, t) };
  return (
    <ConfirmRecordDelete
      title={t('goals.deleteTitle')}
      confirmLabel={t('goals.deleteConfirm')}
      remove={() => sendOnce(remove, data)}
      deleted={t('goals.deleted', { name: goal.name })}
      refusal={refusal}
      onClose={onClose}
    >
      <Text size="sm">{t('goals.deleteText', { name: goal.name })}</Text>
    </ConfirmRecordDelete>
  );
}

const noGoals: AdminGoal[] = [];

/** §3 goals administration: the goal tree with create, edit and delete; read-only without admin EDIT. */
export function GoalsPanel() {
  const canEdit = useCan('admin', 'EDIT');
  const { t } = useTranslation('admin');
  const { data, isLoading, isError, error } = useGetGoalsQuery();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<AdminGoal | null>(null);
  const goals = data?.items ?? noGoals;
  const rows = useMemo(() => goalRows(goals), [goals]);

  return (
    <Stack gap="sm">
      <SectionHeader title={t('tabs.goals')} level={2}>
        <Group>
          <ExportMenu kind="goals" filter={{}} />
          {canEdit && <NewButton label={t('goals.new')} onClick={() => setEditing({ mode: 'new' })} />}
        </Group>
      </SectionHeader>
      <TableLoad what={t('tabs.goals')} isLoading={isLoading} isError={isError} error={error}>
        <RecordsTable
          count={rows.length}
          empty={{ icon: IconTarget, text: canEdit ? t('goals.emptyEditable') : t('goals.empty') }}
          cells={[
            t('goals.name'),
            t('goals.type'),
            { label: t('goals.rank'), w: 70 },
            { label: t('goals.assignable'), w: 100 },
            t('goals.description'),
            canEdit && { label: t('actions'), w: 100, unlabelled: true },
          ]}
        >
          {rows.map(({ goal, depth }) => (
            <Table.Tr key={goal.id}>
              <Table.Td style={{ paddingLeft: `calc(var(--mantine-spacing-sm) + ${depth * 1.5}rem)` }}>
                <Text size="sm" fw={depth === 0 ? 600 : undefined}>
                  {goal.name}
                </Text>
              </Table.Td>
              <Table.Td>{goal.type && <Badge variant="light">{goal.type}</Badge>}</Table.Td>
              <Table.Td>{goal.rank ?? ''}</Table.Td>
              <Table.Td>
                {goal.assignable && <IconCheck size={16} aria-label={t('goals.assignableMark')} />}
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" lineClamp={1}>
                  {goal.description}
                </Text>
              </Table.Td>
              {canEdit && (
                <RowActions
                  name={goal.name}
                  onEdit={() => setEditing({ mode: 'edit', goal })}
                  onDelete={() => setDeleting(goal)}
                />
              )}
            </Table.Tr>
          ))}
        </RecordsTable>
        {data?.nextCursor != null && (
          <Text size="sm" c="dimmed">
            {t('goals.firstPage', { size: formatNumber(goalsPageSize) })}
          </Text>
        )}
      </TableLoad>
      {editing && (
        <GoalDialog
          key={editing.mode === 'edit' ? editing.goal.id : 'new'}
          editing={editing}
          goals={goals}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteGoal goal={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
