import { useState } from 'react';
import { Button, Group, Select, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { applicationStatuses } from '@fahrplan/contracts';
import { LoadError, SearchField, TableSkeleton } from '../common/CataloguePage';
import { useGetApplicationsQuery } from './applicationsApi';
import { ApplicationsTable } from './ApplicationsTable';
import { useOpenApplicationDialog } from '../record-dialog/useOpenRecordDialog';

export function ApplicationsPage() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [q] = useDebouncedValue(search.trim(), 300);
  const { data, error, isLoading, isError, isFetching } = useGetApplicationsQuery({
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
  });
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
          onChange={setStatus}
          w={220}
        />
      </Group>
      {isLoading ? (
        <TableSkeleton label="loading applications" />
      ) : isError ? (
        <LoadError title="Applications could not be loaded" error={error} />
      ) : (
        <ApplicationsTable
          applications={data ?? []}
          fetching={isFetching}
          emptyText={filtered ? 'No application matches the search' : 'No applications yet'}
          onOpen={openExisting}
        />
      )}
    </Stack>
  );
}
