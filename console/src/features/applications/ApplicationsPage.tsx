import { useState } from 'react';
import { Alert, Button, Group, Select, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { applicationStatuses } from '@fahrplan/contracts';
import { describeError } from '../api/problem';
import { useGetApplicationsQuery } from './applicationsApi';
import { ApplicationsTable } from './ApplicationsTable';
import { useOpenApplicationDialog } from './details/useOpenApplicationDialog';

function TableSkeleton() {
  return (
    <Stack gap={6} aria-label="loading applications">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} height={34} radius="sm" />
      ))}
    </Stack>
  );
}

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
        <TextInput
          label="Search"
          placeholder="name, release, short name, contact…"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={320}
        />
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
        <TableSkeleton />
      ) : isError ? (
        <Alert color="red" title="Applications could not be loaded">
          {describeError(error)}
        </Alert>
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
