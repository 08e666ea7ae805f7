import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle, IconHistory } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import type { DataTableColumn } from 'mantine-datatable';
import type { HistoryRow } from '@fahrplan/contracts';
import { describeError, httpStatusOf } from '../common/problem';
import { fieldLabel } from '../as-of/compareWithNow';
import { useSetAsOf } from '../as-of/useAsOf';
import { EmptyState } from '../common/EmptyState';
import { HistoryExport } from './HistoryExport';
import { useGetHistoryQuery } from './historyApi';
import type { HistoryRecordCategory } from './historyApi';
import { changeLine, describeCommand, formatChangeTime, sourceBadge, truncateText } from './historyFormat';

const PAGE_SIZE = 50;

/** What a failed history load tells the user. */
const loadFailure = (error: unknown) => {
  const status = httpStatusOf(error);
  if (status === 403) return 'You are not permitted to see the history of this record.';
  if (status === 404) return 'This record has no history here.';
  return describeError(error);
};

/** A value of a change: long texts cut, with a button that shows the whole. */
function ChangeValue({ value, label }: { value: string; label: 'before' | 'after' }) {
  const [whole, setWhole] = useState(false);
  const { text, truncated } = truncateText(value);
  return (
    <Text span size="sm" style={{ wordBreak: 'break-word' }}>
      {/* screen readers hear which side is which; the arrow between is only for the eye */}
      <VisuallyHidden data-sr-only>{label}: </VisuallyHidden>
      {whole ? value : text}
      {truncated && (
        <>
          {' '}
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={() => setWhole((w) => !w)}
            aria-expanded={whole}
          >
            {whole ? 'show less' : 'show all'}
          </Anchor>
        </>
      )}
    </Text>
  );
}

/** A change with many fields (a creation) lists its first ones until asked for all. */
const FIELDS_SHOWN = 5;

function ChangeList({ row, field }: { row: HistoryRow; field: string | null }) {
  const [all, setAll] = useState(false);
  if (row.changes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        no field changes
      </Text>
    );
  const folded = !all && row.changes.length > FIELDS_SHOWN + 1;
  // the field filtered by comes first, so folding never hides it
  const changes = field
    ? [...row.changes].sort((a, b) => Number(b.field === field) - Number(a.field === field))
    : row.changes;
  const shown = folded ? changes.slice(0, FIELDS_SHOWN) : changes;
  return (
    <Stack gap={4} align="flex-start">
      <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {shown.map((change) => {
          const line = changeLine(change);
          return (
            <li key={change.field} data-field={change.field}>
              <Text span size="sm" fw={600}>
                {fieldLabel(line.field)}
              </Text>
              <Text span size="sm">
                :{' '}
              </Text>
              <ChangeValue value={line.before} label="before" />
              <Text span size="sm" c="dimmed" aria-hidden>
                {' → '}
              </Text>
              <ChangeValue value={line.after} label="after" />
            </li>
          );
        })}
      </Stack>
      {row.changes.length > FIELDS_SHOWN + 1 && (
        <Anchor
          component="button"
          type="button"
          size="xs"
          onClick={() => setAll((a) => !a)}
          aria-expanded={all}
        >
          {all ? 'show fewer fields' : `show all ${row.changes.length} fields`}
        </Anchor>
      )}
    </Stack>
  );
}

function HistorySkeleton() {
  return (
    <Stack gap="xs" aria-label="loading history" aria-busy>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

interface Props {
  category: HistoryRecordCategory;
  /** The record's id (the tab shows only for a saved record). */
  id: number;
  /**
   * The dialog's leave guard: "View as of this change" remounts the dialog as of that instant, so
   * unsaved changes are confirmed away first.
   */
  leave: (then: () => void) => void;
  /** The dialog's save flow runs: moving in time now would refuse its later steps. */
  saving: boolean;
}

/** Why "View as of this change" waits. */
export const savingReason = 'Wait until the save has finished';

/**
 * Issue 8: a record's History tab, every change as a row (when, who, which command, its source and
 * the fields' before → after), filtered by field and user, 50 a page; a row's button shows the record
 * as of that change (the `asOf` URL parameter the dialogs follow). A project's history also exports.
 */
export function HistoryTab({ category, id, leave, saving }: Props) {
  const [field, setField] = useState<string | null>(null);
  const [user, setUser] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const setAsOf = useSetAsOf();
  const { data, currentData, error, isLoading, isFetching, refetch } = useGetHistoryQuery(
    { category, id, page, pageSize: PAGE_SIZE, field, user },
    { refetchOnMountOrArgChange: true },
  );
  const filtered = field !== null || user !== null;

  const columns: DataTableColumn<HistoryRow>[] = [
    {
      accessor: 'at',
      title: 'When',
      noWrap: true,
      render: (row) => (
        <Text size="sm" title={row.at}>
          {formatChangeTime(row.at)}
        </Text>
      ),
    },
    { accessor: 'user', title: 'Who', render: (row) => <Text size="sm">{row.user}</Text> },
    {
      accessor: 'event',
      title: 'Change',
      width: 170,
      render: (row) => {
        const badge = sourceBadge(row.source);
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
      },
    },
    { accessor: 'changes', title: 'Fields', render: (row) => <ChangeList row={row} field={field} /> },
    {
      accessor: 'position',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      textAlign: 'right',
      render: (row) => (
        <Tooltip label={saving ? savingReason : `Show the record as it was at ${formatChangeTime(row.at)}`}>
          {/* a disabled button gets no pointer events: the wrapper shows the tooltip */}
          <span style={{ display: 'inline-block' }}>
            <Button
              size="compact-xs"
              variant="light"
              disabled={saving}
              aria-description={saving ? savingReason : undefined}
              onClick={() => leave(() => setAsOf(row.at))}
            >
              View as of this change
            </Button>
          </span>
        </Tooltip>
      ),
    },
  ];

  const filters = (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group gap="sm" align="flex-end">
        <Select
          label="Field"
          placeholder="All fields"
          data={[...(data?.fields ?? [])]}
          value={field}
          onChange={(next) => {
            setField(next);
            setPage(1);
          }}
          clearable
          searchable
          w={180}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="User"
          placeholder="All users"
          data={[...(data?.users ?? [])]}
          value={user}
          onChange={(next) => {
            setUser(next);
            setPage(1);
          }}
          clearable
          searchable
          w={180}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {category === 'group' && <HistoryExport projectId={id} />}
    </Group>
  );

  let body;
  if (isLoading) body = <HistorySkeleton />;
  else if (error && !currentData)
    body = (
      <Alert color="red" icon={<IconAlertCircle />} title="History not available" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{loadFailure(error)}</Text>
          <Button size="xs" variant="default" onClick={() => void refetch()} loading={isFetching}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  else if (currentData && currentData.total === 0)
    body = (
      <EmptyState icon={IconHistory} text={filtered ? 'No changes match the filters' : 'No changes yet'} />
    );
  else
    body = (
      <DataTable<HistoryRow>
        withTableBorder
        borderRadius="sm"
        striped
        verticalAlign="top"
        minHeight={160}
        records={[...((currentData ?? data)?.rows ?? [])]}
        columns={columns}
        idAccessor="position"
        fetching={isFetching}
        totalRecords={(currentData ?? data)?.total ?? 0}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        paginationText={({ from, to, totalRecords }) =>
          `${from}–${to} of ${totalRecords} ${totalRecords === 1 ? 'change' : 'changes'}`
        }
        customRowAttributes={(row) => ({ 'data-testid': `history-row-${row.position}` })}
        aria-label="history"
        emptyState={<span />}
      />
    );

  return (
    <Stack gap="md">
      {filters}
      {body}
    </Stack>
  );
}
