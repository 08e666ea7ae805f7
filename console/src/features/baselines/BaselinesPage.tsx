import { useState } from 'react';
import { Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconFlag, IconScale } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BaselineView } from '@fahrplan/contracts';
import { pageItems } from '../api/pages';
import { useCan } from '../auth/permissions';
import { DeleteButton } from '../common/ConfirmDelete';
import { CreateFormPanel } from '../common/CreateFormPanel';
import { PagedTable } from '../common/PagedTable';
import { SectionHeader } from '../common/SectionHeader';
import { formatDateTime } from '../common/dateTime';
import { notifySuccess } from '../common/notify';
import { useCreateForm } from '../common/useCreateForm';
import { pickerToAsOf } from '../as-of/asOfControl';
import { positiveInt, useAddressParams } from '../common/urlParams';
import { BaselineComparisonPanel } from './BaselineComparison';
import { linkedWindow } from './comparisonRows';
import {
  useCreateBaselineMutation,
  useDeleteBaselineMutation,
  useGetBaselinePagesInfiniteQuery,
} from './baselinesApi';
import { sendOnce } from '../api/commands';

/** Name and instant of a new baseline; an empty instant is now. */
function CreateBaselineForm() {
  const { t } = useTranslation('baselines');
  const [create] = useCreateBaselineMutation();
  const { form, panelProps } = useCreateForm({
    initialValues: { name: '', at: null as string | null },
    fields: ['name', 'at'],
    create: async ({ name, at }) => {
      const instant = pickerToAsOf(at);
      await sendOnce(create, { name, ...(instant ? { at: instant } : {}) });
      notifySuccess(t('created', { name: name.trim() }));
    },
  });

  return (
    <CreateFormPanel
      title={t('create.title')}
      submitLabel={t('create.submit')}
      submitIcon={<IconFlag size={16} />}
      {...panelProps}
    >
      <Group align="flex-start" gap="sm">
        <TextInput label={t('create.name')} required w={280} {...form.getInputProps('name')} />
        <DateTimePicker
          label={t('create.at')}
          description={t('create.atHint')}
          placeholder={t('create.now')}
          valueFormat="DD.MM.YYYY HH:mm"
          maxDate={new Date()}
          clearable
          w={240}
          {...form.getInputProps('at')}
        />
      </Group>
    </CreateFormPanel>
  );
}

function BaselineRow({
  baseline,
  chosen,
  onCompare,
}: {
  baseline: BaselineView;
  chosen: boolean;
  onCompare: () => void;
}) {
  const { t } = useTranslation('baselines');
  const canDelete = useCan('history', 'EDIT');
  const [remove] = useDeleteBaselineMutation();
  return (
    <Table.Tr aria-selected={chosen}>
      <Table.Td fw={chosen ? 600 : undefined}>{baseline.name}</Table.Td>
      <Table.Td>{formatDateTime(baseline.at)}</Table.Td>
      <Table.Td>{baseline.createdBy}</Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            variant={chosen ? 'filled' : 'light'}
            size="xs"
            leftSection={<IconScale size={14} />}
            onClick={onCompare}
            aria-label={t('list.compareWith', { name: baseline.name })}
          >
            {t('list.compare')}
          </Button>
          {canDelete && (
            <DeleteButton
              title={t('delete.title', { name: baseline.name })}
              confirmLabel={t('delete.confirm')}
              consequences={t('delete.consequences')}
              onConfirm={async () => {
                await sendOnce(remove, { id: baseline.id, version: baseline.version });
                notifySuccess(t('deleted', { name: baseline.name }));
              }}
            />
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Issue 21: the tenant's baselines, each a name for the plan as it stood at an instant, and the
 * comparison of a window with one of them.
 */
export function BaselinesPage() {
  const { t } = useTranslation('baselines');
  const canCreate = useCan('history', 'CREATE');
  const query = useGetBaselinePagesInfiniteQuery();
  const baselines = pageItems(query.data);
  // the timeline's overlay links here with its baseline and window
  const [params] = useAddressParams();
  const [linked] = useState(() => ({
    baseline: positiveInt(params.get('baseline')),
    window: linkedWindow(params),
  }));
  const [chosen, setChosen] = useState<number | null>(linked.baseline);
  const compared = baselines.find((b) => b.id === chosen) ?? null;

  return (
    <Stack gap="lg">
      <SectionHeader title={t('title')} level={1} intro={t('intro')} />
      {canCreate && <CreateBaselineForm />}
      <PagedTable
        query={query}
        count={baselines.length}
        label={t('list.label')}
        cells={[t('list.name'), t('list.at'), t('list.createdBy'), {}]}
        failed={t('list.failed')}
        empty={{ icon: IconFlag, text: t('list.empty') }}
        more={t('list.more')}
      >
        {baselines.map((baseline) => (
          <BaselineRow
            key={baseline.id}
            baseline={baseline}
            chosen={baseline.id === chosen}
            onCompare={() => setChosen(baseline.id)}
          />
        ))}
      </PagedTable>
      {compared && (
        <BaselineComparisonPanel
          key={compared.id}
          baseline={compared}
          initialWindow={compared.id === linked.baseline ? linked.window : null}
        />
      )}
    </Stack>
  );
}
