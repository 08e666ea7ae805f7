import { Badge, Button, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { HistoryPage, HistoryRow } from '@fahrplan/contracts';
import { ChangeList } from './HistoryChanges';
import { describeCommand, formatChangeTime, sourceBadge } from './historyFormat';

/** The command and event of a change, and its source as a badge. */
function ChangeCell({ row, refs }: { row: HistoryRow; refs: HistoryPage['refs'] }) {
  const { t } = useTranslation('history');
  const badge = sourceBadge(row.source, t, { refs, position: row.position });
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" title={describeCommand(row)}>
        {row.command ?? row.event}
      </Text>
      {row.command && (
        <Text size="xs" c="dimmed">
          {row.event}
        </Text>
      )}
      {badge && (
        <Badge
          variant="light"
          color={badge.color}
          size="sm"
          tt="none"
          h="auto"
          styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
          title={row.source ?? undefined}
        >
          {badge.label}
        </Badge>
      )}
    </Stack>
  );
}

/** Shows the record as it was at `at` (disabled while the dialog saves). */
function ViewAsOfButton({
  at,
  saving,
  onView,
}: {
  at: string;
  saving: boolean;
  onView: (at: string) => void;
}) {
  const { t } = useTranslation('history');
  // why "View as of this change" waits
  const savingReason = t('columns.savingReason');
  return (
    <Tooltip label={saving ? savingReason : t('columns.showAsOf', { at: formatChangeTime(at) })}>
      {/* a disabled button gets no pointer events: the wrapper shows the tooltip */}
      <span style={{ display: 'inline-block' }}>
        <Button
          size="compact-xs"
          variant="light"
          disabled={saving}
          aria-description={saving ? savingReason : undefined}
          onClick={() => onView(at)}
        >
          {t('columns.viewAsOf')}
        </Button>
      </span>
    </Tooltip>
  );
}

/** The History tab's columns: when, who, which change, the fields, and "View as of this change". */
export function historyColumns({
  field,
  refs,
  saving,
  onViewAsOf,
  t,
}: {
  /** The field filtered by: listed first in each row. */
  field: string | null;
  /** The names of the records the rows refer to. */
  refs: HistoryPage['refs'];
  saving: boolean;
  onViewAsOf: (at: string) => void;
  t: TFunction;
}): DataTableColumn<HistoryRow>[] {
  return [
    {
      accessor: 'at',
      title: t('history:columns.when'),
      noWrap: true,
      render: (row) => (
        <Text size="sm" title={row.at}>
          {formatChangeTime(row.at)}
        </Text>
      ),
    },
    { accessor: 'user', title: t('history:columns.who'), render: (row) => <Text size="sm">{row.user}</Text> },
    {
      accessor: 'event',
      title: t('history:columns.change'),
      width: 170,
      render: (row) => <ChangeCell row={row} refs={refs} />,
    },
    {
      accessor: 'changes',
      title: t('history:columns.fields'),
      render: (row) => <ChangeList row={row} field={field} refs={refs} />,
    },
    {
      accessor: 'position',
      title: <VisuallyHidden>{t('history:columns.actions')}</VisuallyHidden>,
      textAlign: 'right',
      render: (row) => <ViewAsOfButton at={row.at} saving={saving} onView={onViewAsOf} />,
    },
  ];
}
