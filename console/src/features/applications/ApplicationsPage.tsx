import { useCallback } from 'react';
import { Button, Group, Select, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { applicationStatuses } from '@fahrplan/contracts';
import { pageItems } from '../api/pages';
import { LoadError, SearchField, TableSkeleton } from '../common/CataloguePage';
import { sortParamOf, sortStatusOf, useUrlParams, useUrlSearch } from '../common/listUrl';
import { useGetApplicationPagesInfiniteQuery } from './applicationsApi';
import { ApplicationsTable, applicationSortKeys } from './ApplicationsTable';
import { useOpenApplicationDialog } from '../record-dialog/useOpenRecordDialog';

/** The application catalogue: searched, filtered and sorted by the server, page after page as it scrolls. */
export function ApplicationsPage() {
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
      <Group justify="space-between">
        <Title order={2}>Applications</Title>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => openNew(null)}>
            New application
          </Button>
        )}
      </Group>
      <Group align="flex-end">
        <SearchField placeholder="name, release, short name, contact…" value={search} onChange={setSearch} />
        <Select
          label="Status filter"
          placeholder="all"
          data={[...applicationStatuses]}
          clearable
          value={status}
          onChange={(value) => setParams({ status: value })}
          w={220}
        />
      </Group>
      {isLoading ? (
        <TableSkeleton label="loading applications" />
      ) : isError && !data ? (
        <LoadError title="Applications could not be loaded" error={error} />
      ) : (
        <>
          {isError && <LoadError title="More applications could not be loaded" error={error} />}
          <ApplicationsTable
            applications={pageItems(data)}
            fetching={isFetching && !isFetchingNextPage}
            emptyText={filtered ? 'No application matches the search' : 'No applications yet'}
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
