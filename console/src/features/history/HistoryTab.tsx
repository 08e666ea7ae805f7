import { useState } from 'react';
import { Alert, Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconHistory } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import type { HistoryRow } from '@fahrplan/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { pageItems } from '../api/pages';
import { useSetAsOf } from '../as-of/useAsOf';
import { EmptyState } from '../common/EmptyState';
import { fieldLabel } from '../common/fieldLabels';
import { describeError, httpStatusOf } from '../common/problem';
import { historyColumns } from './historyColumns';
import { labelledRecordOf } from './historyFormat';
import { HistoryExport } from './HistoryExport';
import { useGetHistoryInfiniteQuery } from './historyApi';
import type { HistoryRecordCategory } from './historyApi';
import { LoadMore, morePages } from '../common/LoadMore';

const PAGE_SIZE = 50;

/** What a failed history load tells the user. */
const loadFailure = (error: unknown, t: TFunction) => {
  const status = httpStatusOf(error);
  if (status === 403) return t('history:tab.notPermitted');
  if (status === 404) return t('history:tab.noHistoryHere');
  return describeError(error);
};

function HistorySkeleton() {
  const { t } = useTranslation('history');
  return (
    <Stack gap="xs" aria-label={t('tab.loading')} aria-busy>
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
  /** A project another tenant shares: its history as the share shows it, no exports (the owner's log). */
  shared: boolean;
}

/** How the two filters (field, user) choose: searchable, clearable, of one width, above the dialog. */
const filterSelect = { clearable: true, searchable: true, w: 180, comboboxProps: { withinPortal: true } };

/**
 * Issue 8: a record's History tab, every change as a row (when, who, which command, its source and
 * the fields' before → after), filtered by field and user, 50 a page; a row's button shows the record
 * as of that change (the `asOf` URL parameter the dialogs follow). A project's history also exports.
 */
export function HistoryTab({ category, id, leave, saving, shared }: Props) {
  const { t } = useTranslation('history');
  const [field, setField] = useState<string | null>(null);
  const [user, setUser] = useState<string | null>(null);
  const setAsOf = useSetAsOf();
  const pages = useGetHistoryInfiniteQuery(
    { category, id, limit: PAGE_SIZE, field, user },
    { refetchOnMountOrArgChange: true },
  );
  const { data, currentData, error, isLoading, isFetching, isFetchingNextPage, refetch } = pages;
  // every page answers the filters' choices and the total; the first one's stand for all
  const first = (currentData ?? data)?.pages[0];
  const rows = pageItems(currentData ?? data);
  const filtered = field !== null || user !== null;

  // a referenced record's names are the same on every page: the pages' maps merge
  const refs = Object.assign({}, ...((currentData ?? data)?.pages ?? []).map((page) => page.refs));
  const columns = historyColumns({ field, refs, saving, onViewAsOf: (at) => leave(() => setAsOf(at)), t });
  const labelled = labelledRecordOf(category);

  const filters = (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group gap="sm" align="flex-end">
        <Select
          label={t('tab.field')}
          placeholder={t('tab.allFields')}
          data={(data?.pages[0]?.fields ?? []).map((value) => ({
            value,
            label: fieldLabel(t, labelled, value),
          }))}
          value={field}
          onChange={setField}
          {...filterSelect}
        />
        <Select
          label={t('tab.user')}
          placeholder={t('tab.allUsers')}
          data={[...(data?.pages[0]?.users ?? [])]}
          value={user}
          onChange={setUser}
          {...filterSelect}
        />
      </Group>
      {category === 'group' && !shared && <HistoryExport projectId={id} />}
    </Group>
  );

  let body;
  if (isLoading) body = <HistorySkeleton />;
  else if (error && !currentData)
    body = (
      <Alert color="red" icon={<IconAlertCircle />} title={t('tab.notAvailable')} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{loadFailure(error, t)}</Text>
          <Button size="xs" variant="default" onClick={() => void refetch()} loading={isFetching}>
            {t('tab.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  else if (currentData && first?.total === 0)
    body = (
      <EmptyState icon={IconHistory} text={filtered ? t('tab.noMatchingChanges') : t('tab.noChangesYet')} />
    );
  else
    body = (
      <DataTable<HistoryRow>
        withTableBorder
        borderRadius="sm"
        striped
        verticalAlign="top"
        minHeight={160}
        records={[...rows]}
        columns={columns}
        idAccessor="position"
        fetching={isFetching && !isFetchingNextPage}
        customRowAttributes={(row) => ({ 'data-testid': `history-row-${row.position}` })}
        aria-label={t('tab.tableLabel')}
        emptyState={<span />}
      />
    );

  const total = first?.total ?? 0;
  return (
    <Stack gap="md">
      {filters}
      {body}
      {rows.length > 0 && (
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {t('tab.shownOfTotal', { shown: rows.length, count: total })}
          </Text>
          <LoadMore {...morePages(pages)} label={t('tab.showOlder')} />
        </Group>
      )}
    </Stack>
  );
}
