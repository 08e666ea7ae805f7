import { useCallback, useMemo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconMailForward, IconMailOff, IconUserPlus } from '@tabler/icons-react';
import { SectionHeader } from '../common/SectionHeader';
import type { DataTableColumn } from 'mantine-datatable';
import type { RoleView, UserAdminView } from '@fahrplan/contracts';
import { useAppSelector } from '../../app/hooks';
import { selectMe } from '../session/selectMe';
import { SortedCatalogueTable } from '../common/CatalogueTable';
import { EmptyState } from '../common/EmptyState';
import { sortRecords } from '../common/sortRecords';
import { TableLoad } from '../common/AdminTable';
import { useGetAdminUsersInfiniteQuery, useGetInvitationsQuery, useGetRolesQuery } from './adminApi';
import { pageItems } from '../api/pages';
import { SearchField } from '../common/CataloguePage';
import { EditUserDialog } from './EditUserDialog';
import { CreateUserDialog, InviteDialog } from './UserDialogs';
import { TableHeader } from '../common/TableHeader';

const roleNames = (ids: readonly number[], roles: readonly RoleView[]) =>
  ids.map((id) => roles.find((r) => r.id === id)?.name ?? `#${id}`);

const columnsOf = (
  roles: readonly RoleView[],
  tenant: string | undefined,
  t: TFunction<'admin'>,
): DataTableColumn<UserAdminView>[] => [
  { accessor: 'username', title: t('users.columns.username'), sortable: true },
  { accessor: 'displayName', title: t('users.columns.displayName'), sortable: true },
  {
    accessor: 'homeTenant',
    title: t('users.columns.homeTenant'),
    sortable: true,
    render: ({ homeTenant, joined }) =>
      joined ? (
        <Group gap={6}>
          {homeTenant}
          <Badge size="sm" variant="light">
            {t('users.joined')}
          </Badge>
        </Group>
      ) : (
        (tenant ?? homeTenant)
      ),
  },
  {
    accessor: 'roles',
    title: t('users.columns.roles'),
    render: ({ roles: ids }) =>
      ids.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('users.noRoles')}
        </Text>
      ) : (
        <Group gap={4}>
          {roleNames(ids, roles).map((name) => (
            <Badge key={name} size="sm" variant="outline" tt="none">
              {name}
            </Badge>
          ))}
        </Group>
      ),
  },
  {
    accessor: 'disabled',
    title: t('users.columns.status'),
    render: ({ disabled, oidc }) => (
      <Group gap={4}>
        {disabled ? (
          <Badge size="sm" color="red">
            {t('users.disabled')}
          </Badge>
        ) : (
          <Badge size="sm" color="green" variant="light">
            {t('users.active')}
          </Badge>
        )}
        {oidc && (
          <Badge size="sm" color="grape" variant="light">
            {t('users.sso')}
          </Badge>
        )}
      </Group>
    ),
  },
];

function InvitationsList({ roles }: { roles: readonly RoleView[] }) {
  const { data, isLoading, isError, error } = useGetInvitationsQuery();
  const { t } = useTranslation('admin');
  return (
    <TableLoad what={t('users.invitations.what')} isLoading={isLoading} isError={isError} error={error}>
      {!data || data.length === 0 ? (
        <EmptyState icon={IconMailOff} text={t('users.invitations.empty')} />
      ) : (
        <Table withTableBorder striped aria-label={t('users.invitations.table')}>
          <TableHeader
            cells={[t('users.columns.homeTenant'), t('users.columns.username'), t('users.invitations.roles')]}
          />
          <Table.Tbody>
            {data.map((invitation) => (
              <Table.Tr key={`${invitation.tenant}/${invitation.username}`}>
                <Table.Td>{invitation.tenant}</Table.Td>
                <Table.Td>{invitation.username}</Table.Td>
                <Table.Td>{roleNames(invitation.roles, roles).join(', ') || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </TableLoad>
  );
}

type Dialog = { kind: 'create' } | { kind: 'invite' } | { kind: 'edit'; id: number } | null;

/** The tenant's users and joined members, their roles and state; pending invitations below. */
export function UsersPanel({ editable }: { editable: boolean }) {
  const me = useAppSelector(selectMe);
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const users = useGetAdminUsersInfiniteQuery({ q });
  const { fetchNextPage } = users;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const loaded = useMemo(() => pageItems(users.data), [users.data]);
  const rolesQuery = useGetRolesQuery();
  const roles = useMemo(() => rolesQuery.data ?? [], [rolesQuery.data]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const columns = useMemo(() => columnsOf(roles, me?.tenant, t), [roles, me?.tenant, t]);
  const editing = dialog?.kind === 'edit' ? loaded.find((u) => u.id === dialog.id) : undefined;
  const close = () => setDialog(null);

  return (
    <Stack>
      <SectionHeader title={t('users.title')} level={2}>
        {editable && (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconMailForward size={16} />}
              onClick={() => setDialog({ kind: 'invite' })}
            >
              {t('users.invite')}
            </Button>
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
              {t('users.new')}
            </Button>
          </Group>
        )}
      </SectionHeader>
      <SearchField placeholder={t('users.search')} value={search} onChange={setSearch} />
      <TableLoad
        what={t('users.title')}
        isLoading={users.isLoading}
        isError={users.isError && !users.data}
        error={users.error}
      >
        <SortedCatalogueTable
          records={loaded}
          columns={columns}
          sort={sortRecords<UserAdminView, 'username' | 'displayName' | 'homeTenant'>}
          initialSort="username"
          kind="user"
          fetching={users.isFetching && !users.isFetchingNextPage}
          emptyText={q ? t('users.noMatch') : t('users.empty')}
          hasMore={users.hasNextPage}
          loadingMore={users.isFetchingNextPage}
          onLoadMore={loadMore}
          onOpen={(id) => setDialog({ kind: 'edit', id })}
        />
      </TableLoad>
      <Title order={3} size="h4" mt="md">
        {t('users.invitations.title')}
      </Title>
      <InvitationsList roles={roles} />
      {dialog?.kind === 'create' && <CreateUserDialog roles={roles} onClose={close} />}
      {dialog?.kind === 'invite' && <InviteDialog roles={roles} onClose={close} />}
      {editing && (
        <EditUserDialog
          user={editing}
          roles={roles}
          selfId={me?.userId}
          editable={editable}
          onClose={close}
        />
      )}
    </Stack>
  );
}
