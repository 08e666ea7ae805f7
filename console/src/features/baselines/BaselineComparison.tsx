import { Fragment, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconScale } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { isServerDate, serverToUiDate, uiToServerDate } from '@fahrplan/contracts';
import type { BaselineChange, BaselineView } from '@fahrplan/contracts';
import { LoadError } from '../common/CataloguePage';
import { EmptyState } from '../common/EmptyState';
import { LoadMore, morePages } from '../common/LoadMore';
import { UiDateInput } from '../common/UiDateInput';
import { formatDateTime } from '../common/dateTime';
import { describeError } from '../common/problem';
import { saveBlob } from '../common/saveBlob';
import { useExportComparisonMutation, useGetComparisonPagesInfiniteQuery } from './baselinesApi';
import { comparisonSections, csvFileName, datesLabel, defaultWindow, slipLabel } from './comparisonRows';
import { TableHeader } from '../common/TableHeader';
import { ValueBadge } from '../common/ValueBadge';

/** Each change's badge text (named one by one, so that the catalogue check sees every key). */
const changeLabels = (t: TFunction<'baselines'>): Record<BaselineChange, string> => ({
  slipped: t('change.slipped'),
  added: t('change.added'),
  removed: t('change.removed'),
  unchanged: t('change.unchanged'),
});

const changeColour: Record<BaselineChange, string> = {
  slipped: 'orange',
  added: 'green',
  removed: 'red',
  unchanged: 'gray',
};

/** The window's two dates, DD.MM.YYYY as typed; the comparison asks once both are dates. */
function WindowFields({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (window: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation('baselines');
  const [shown, setShown] = useState({ from: serverToUiDate(from), to: serverToUiDate(to) });
  const change = (next: typeof shown) => {
    setShown(next);
    const [a, b] = [next.from && uiToServerDate(next.from), next.to && uiToServerDate(next.to)];
    if (a && b && isServerDate(a) && isServerDate(b) && a < b) onChange({ from: a, to: b });
  };
  return (
    <Group gap="sm" align="flex-end">
      <UiDateInput
        label={t('compare.from')}
        value={shown.from}
        onChange={(v) => change({ ...shown, from: v ?? '' })}
        w={160}
      />
      <UiDateInput
        label={t('compare.to')}
        value={shown.to}
        onChange={(v) => change({ ...shown, to: v ?? '' })}
        w={160}
      />
    </Group>
  );
}

/**
 * Issue 21: the items of a window where each stood at the baseline's instant and where it stands now,
 * per project with its totals; the slipped, added and removed ones (all on request), and the same as CSV.
 */
export function BaselineComparisonPanel({
  baseline,
  initialWindow = null,
}: {
  baseline: BaselineView;
  /** The window a link asked for; else this month and the next two. */
  initialWindow?: { from: string; to: string } | null;
}) {
  const { t } = useTranslation('baselines');
  const [window, setWindow] = useState(() => initialWindow ?? defaultWindow(new Date()));
  const [unchanged, setUnchanged] = useState(false);
  const query = useGetComparisonPagesInfiniteQuery({ baseline: baseline.id, ...window });
  const [exportCsv, exported] = useExportComparisonMutation();
  const [exportError, setExportError] = useState<string | null>(null);
  const sections = comparisonSections(query.data?.pages ?? [], unchanged);
  const changes = changeLabels(t);

  const download = async () => {
    setExportError(null);
    try {
      const text = await exportCsv({ baseline: baseline.id, ...window }).unwrap();
      saveBlob(new Blob([text], { type: 'text/csv' }), csvFileName(baseline.name, window.from, window.to));
    } catch (error) {
      setExportError(describeError(error));
    }
  };

  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby="baseline-comparison">
      <Stack gap="sm">
        <Title order={2} size="h3" id="baseline-comparison">
          {t('compare.title', { name: baseline.name, at: formatDateTime(baseline.at) })}
        </Title>
        <Group justify="space-between" align="flex-end">
          <WindowFields {...window} onChange={setWindow} />
          <Group gap="sm">
            <Switch
              label={t('compare.unchanged')}
              checked={unchanged}
              onChange={(event) => setUnchanged(event.currentTarget.checked)}
            />
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={exported.isLoading}
              onClick={() => void download()}
            >
              {t('compare.csv')}
            </Button>
          </Group>
        </Group>
        {exportError && (
          <Alert
            color="red"
            icon={<IconAlertCircle />}
            role="alert"
            withCloseButton
            onClose={() => setExportError(null)}
          >
            {exportError}
          </Alert>
        )}
        {query.isError ? (
          <LoadError title={t('compare.failed')} error={query.error} />
        ) : query.isLoading ? null : sections.length === 0 ? (
          <EmptyState icon={IconScale} text={t('compare.empty')} />
        ) : (
          <Table aria-label={t('compare.label')}>
            <TableHeader
              cells={[
                t('compare.item'),
                t('compare.change'),
                t('compare.then'),
                t('compare.now'),
                { label: t('compare.startSlip'), ta: 'right' },
                { label: t('compare.endSlip'), ta: 'right' },
              ]}
            />
            <Table.Tbody>
              {sections.map(({ project, items }) => (
                <Fragment key={project.id}>
                  <Table.Tr bg="var(--mantine-color-default-hover)">
                    <Table.Th scope="rowgroup" colSpan={4}>
                      {project.title}
                    </Table.Th>
                    <Table.Td colSpan={2} ta="right">
                      <Text size="sm" span>
                        {t('compare.totals', {
                          slipped: project.slipped,
                          added: project.added,
                          removed: project.removed,
                          slip: slipLabel(project.slip, t),
                        })}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                  {items.map((item) => (
                    <Table.Tr key={`${project.id}-${item.id}`}>
                      <Table.Td>{item.title}</Table.Td>
                      <Table.Td>
                        <ValueBadge value={item.change} colours={changeColour} labels={changes} />
                      </Table.Td>
                      <Table.Td>{datesLabel(item.then)}</Table.Td>
                      <Table.Td>{datesLabel(item.now)}</Table.Td>
                      <Table.Td ta="right">{slipLabel(item.startSlip, t)}</Table.Td>
                      <Table.Td ta="right">{slipLabel(item.endSlip, t)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <LoadMore {...morePages(query)} label={t('compare.more')} />
      </Stack>
    </Paper>
  );
}
