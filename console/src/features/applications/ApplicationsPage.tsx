import { useCallback } from 'react';
import { Group, Select, Stack } from '@mantine/core';
import { NewButton, SectionHeader } from '../common/SectionHeader';
import { useTranslation } from 'react-i18next';
import { applicationStatuses } from '@fahrplan/contracts';
import { pageItems } from '../api/pages';
import { LoadError, SearchField, TableSkeleton } from '../common/CataloguePage';
import { sortParamOf, sortStatusOf, useUrlParams, useUrlSearch } from '../common/listUrl';
import { useGetApplicationPagesInfiniteQuery } from './applicationsApi';
import { ApplicationsTable, applicationSortKeys } from './ApplicationsTable';
import { useOpenApplicationDialog } from '../record-dialog/useOpenRecordDialog';
import { ImportButton } from '../imports/ImportButton';
import { ExportMenu } from '../sheet-export/ExportMenu';

/** The application catalogue: searched, filtered and sorted by the server, page after page as it scrolls. */
export function ApplicationsPage() {
  const { t } = useTranslation('applications');
  // the search, the status filter and the sort live in the URL, so a reload or a shared link keeps them
  const [params, setParams] = useUrlParams();
  const { search, setSearch, q } = useUrlSearch(params, setParams);
  const status = params.get('status');
  const sortStatus = sortStatusOf(params.get('sort'), applicationSortKeys, 'name');
  const sort = sortParamOf(sortStatus, applicationSortKeys, 'name');
  const { data, error, isLoading, isError, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage } =
    useGetApplicationPagesInfiniteQuery({ q, status, sort });
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const { openExisting, openNew, canCreate } = useOpenApplicationDialog();
  const filtered = q !== '' || status !== null;

  return (
    <Stack>
      <SectionHeader title={t('page.title')} level={1}>
        <Group>
          <ImportButton kind="applications" />
          <ExportMenu kind="applications" filter={{ q, status, sort }} />
          {canCreate && <NewButton label={t('page.new')} onClick={() => openNew(null)} />}
        </Group>
      </SectionHeader>
      <Group align="flex-end">
        <SearchField placeholder={t('page.searchPlaceholder')} value={search} onChange={setSearch} />
        <Select
          label={t('page.statusFilter')}
          placeholder={t('page.all')}
          data={[...applicationStatuses]}
          clearable
          value={status}
          onChange={(value) => setParams({ status: value })}
          w={220}
        />
      </Group>
      {isLoading ? (
        <TableSkeleton label={t('page.loading')} />
      ) : isError && !data ? (
        <LoadError title={t('page.loadFailed')} error={error} />
      ) : (
        <>
          {isError && <LoadError title={t('page.moreFailed')} error={error} />}
          <ApplicationsTable
            applications={pageItems(data)}
            fetching={isFetching && !isFetchingNextPage}
            emptyText={filtered ? t('page.noMatch') : t('page.none')}
            onOpen={openExisting}
            sortStatus={sortStatus}
            onSortStatusChange={(next) => setParams({ sort: sortParamOf(next, applicationSortKeys, 'name') })}
            hasMore={hasNextPage && !isError}
            loadingMore={isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </>
      )}
    </Stack>
  );
}
