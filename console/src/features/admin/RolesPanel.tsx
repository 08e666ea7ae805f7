import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { RoleView } from '@fahrplan/contracts';
import { SortedCatalogueTable } from '../common/CatalogueTable';
import { sortRecords } from '../common/sortRecords';
import { TableLoad } from '../common/AdminTable';
import { useGetRolesQuery } from './adminApi';
import { permissionSummary } from './permissionMatrix';
import { RoleDialog } from './RoleDialog';

const columns: DataTableColumn<RoleView>[] = [
  { accessor: 'name', title: 'Role', sortable: true, width: 220 },
  {
    accessor: 'members',
    title: 'Members',
    sortable: true,
    width: 110,
    textAlign: 'right',
  },
  {
    accessor: 'permissions',
    title: 'Permissions',
    render: ({ permissions }) => {
      const summary = permissionSummary(permissions);
      return summary.length === 0 ? (
        <Text size="sm" c="dimmed">
          nothing
        </Text>
      ) : (
        <Group gap={4}>
          {summary.map((s) => (
            <Badge key={s} size="sm" variant="light" tt="none">
              {s}
            </Badge>
          ))}
        </Group>
      );
    },
  },
];

type Dialog = { id: number | null } | null;

/** The tenant's roles with their member counts; a row opens the role's permission matrix. */
export function RolesPanel({ editable }: { editable: boolean }) {
  const { data, isLoading, isError, error, isFetching } = useGetRolesQuery();
  const [dialog, setDialog] = useState<Dialog>(null);
  const role = dialog?.id != null ? (data?.find((r) => r.id === dialog.id) ?? null) : null;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Roles</Title>
        {editable && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ id: null })}>
            New role
          </Button>
        )}
      </Group>
      <TableLoad what="Roles" isLoading={isLoading} isError={isError} error={error}>
        <SortedCatalogueTable
          records={data ?? []}
          columns={columns}
          sort={sortRecords<RoleView, 'name' | 'members'>}
          initialSort="name"
          kind="role"
          fetching={isFetching}
          emptyText="No roles yet"
          onOpen={(id) => setDialog({ id })}
        />
      </TableLoad>
      {dialog && (dialog.id === null || role) && (
        <RoleDialog role={role} editable={editable} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
