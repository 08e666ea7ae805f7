import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { NewButton, SectionHeader } from '../common/SectionHeader';
import type { DataTableColumn } from 'mantine-datatable';
import type { RoleView } from '@fahrplan/contracts';
import { SortedCatalogueTable } from '../common/CatalogueTable';
import { sortRecords } from '../common/sortRecords';
import { TableLoad } from '../common/AdminTable';
import { useGetRolesQuery } from './adminApi';
import { permissionSummary } from './permissionMatrix';
import { RoleDialog } from './RoleDialog';

const columnsOf = (t: TFunction<'admin'>): DataTableColumn<RoleView>[] => [
  { accessor: 'name', title: t('roles.columns.role'), sortable: true, width: 220 },
  {
    accessor: 'members',
    title: t('roles.columns.members'),
    sortable: true,
    width: 110,
    textAlign: 'right',
  },
  {
    accessor: 'permissions',
    title: t('roles.columns.permissions'),
    render: ({ permissions }) => {
      const summary = permissionSummary(permissions, t);
      return summary.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('roles.nothing')}
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
  const { t } = useTranslation('admin');
  const columns = useMemo(() => columnsOf(t), [t]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const role = dialog?.id != null ? (data?.find((r) => r.id === dialog.id) ?? null) : null;
  return (
    <Stack>
      <SectionHeader title={t('roles.title')} level={2}>
        {editable && <NewButton label={t('roles.new')} onClick={() => setDialog({ id: null })} />}
      </SectionHeader>
      <TableLoad what={t('roles.title')} isLoading={isLoading} isError={isError} error={error}>
        <SortedCatalogueTable
          records={data ?? []}
          columns={columns}
          sort={sortRecords<RoleView, 'name' | 'members'>}
          initialSort="name"
          kind="role"
          fetching={isFetching}
          emptyText={t('roles.empty')}
          onOpen={(id) => setDialog({ id })}
        />
      </TableLoad>
      {dialog && (dialog.id === null || role) && (
        <RoleDialog role={role} editable={editable} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
