import { useState } from 'react';
import { Alert, Group, Select, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { describeError } from '../api/problem';
import { codeOptions } from './projectCodes';
import { useGetProjectsQuery } from './projectsApi';
import { ProjectsTable } from './ProjectsTable';

const statusOptions = codeOptions('status');
const phaseOptions = codeOptions('phase');
const healthOptions = codeOptions('health');

function TableSkeleton() {
  return (
    <Stack gap={6} aria-label="loading projects">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} height={34} radius="sm" />
      ))}
    </Stack>
  );
}

export function ProjectsPage() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [phase, setPhase] = useState<string | null>(null);
  const [health, setHealth] = useState<string | null>(null);
  const [q] = useDebouncedValue(search.trim(), 300);
  const { data, error, isLoading, isError, isFetching } = useGetProjectsQuery({
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
    ...(phase ? { phase } : {}),
    ...(health ? { health } : {}),
  });
  const filtered = q !== '' || status !== null || phase !== null || health !== null;

  return (
    <Stack>
      <Title order={2}>Projects</Title>
      <Group align="flex-end">
        <TextInput
          label="Search"
          placeholder="title, short name, contact, project number…"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={320}
        />
        <Select
          label="Status filter"
          placeholder="all"
          data={statusOptions}
          clearable
          value={status}
          onChange={setStatus}
          w={160}
        />
        <Select
          label="Phase filter"
          placeholder="all"
          data={phaseOptions}
          clearable
          value={phase}
          onChange={setPhase}
          w={160}
        />
        <Select
          label="Health filter"
          placeholder="all"
          data={healthOptions}
          clearable
          value={health}
          onChange={setHealth}
          w={180}
        />
      </Group>
      {isLoading ? (
        <TableSkeleton />
      ) : isError ? (
        <Alert color="red" title="Projects could not be loaded">
          {describeError(error)}
        </Alert>
      ) : (
        <ProjectsTable
          projects={data ?? []}
          fetching={isFetching}
          emptyText={filtered ? 'No project matches the search' : 'No projects yet'}
        />
      )}
    </Stack>
  );
}
