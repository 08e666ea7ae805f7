import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { FormEvent } from 'react';
import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { SectionHeader } from '../common/SectionHeader';
import { resourceNameSchema } from '@fahrplan/contracts';
import type { ResourceView } from '@fahrplan/contracts';
import { describeError } from '../common/problem';
import { useCan } from '../auth/permissions';
import { EmptyState } from '../common/EmptyState';
import { notifyError, notifySuccess } from '../common/notify';
import { ConfirmRecordDelete } from '../record-dialog/ConfirmRecordDelete';
import { RowActions, TableLoad } from '../common/AdminTable';
import {
  useDeleteResourceMutation,
  useGetResourcePagesInfiniteQuery,
  useSaveResourceMutation,
} from '../resources/resourcesApi';
import { pageItems } from '../api/pages';
import { SearchField } from '../common/CataloguePage';
import { LoadMore, morePages } from '../common/LoadMore';
import { TableHeader } from '../common/TableHeader';
import { ResourceDialog } from './ResourceDialog';
import { sendOnce } from '../api/commands';

/** The shared name rule (§3: trimmed, 1–100 characters); null when the name is fine. */
const nameError = (name: string): string | null =>
  resourceNameSchema.safeParse(name).error?.issues[0]?.message ?? null;

function AddResource() {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveResourceMutation();
  const { t } = useTranslation('admin');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = nameError(name);
    setError(invalid);
    if (invalid) return;
    try {
      await sendOnce(save, { name });
      notifySuccess(t('resources.added', { name: name.trim() }));
      setName('');
    } catch (failure) {
      notifyError(describeError(failure));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Group align="flex-start" gap="xs">
        <TextInput
          aria-label={t('resources.newName')}
          placeholder={t('resources.newPlaceholder')}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: 1 }}
          maxLength={200}
        />
        <Button type="submit" leftSection={<IconPlus size={16} />} loading={isLoading}>
          {t('resources.add')}
        </Button>
      </Group>
    </form>
  );
}

function DeleteConfirm({ resource, onClose }: { resource: ResourceView; onClose: () => void }) {
  const [remove] = useDeleteResourceMutation();
  const { t } = useTranslation('admin');
  const data = { id: resource.id, version: resource.version };
  return (
    <ConfirmRecordDelete
      title={t('resources.deleteTitle')}
      confirmLabel={t('resources.deleteConfirm')}
      remove={() => sendOnce(remove, data)}
      deleted={t('resources.deleted', { name: resource.name })}
      onClose={onClose}
    >
      <Text size="sm">{t('resources.deleteText', { name: resource.name, id: resource.id })}</Text>
    </ConfirmRecordDelete>
  );
}

/**
 * §3 resources administration: add, edit in a dialog (name, own calendar, part-time share: issue 24),
 * delete with confirmation; read-only without admin EDIT.
 */
export function ResourcesPanel() {
  const canEdit = useCan('admin', 'EDIT');
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const pages = useGetResourcePagesInfiniteQuery({ q });
  const { data, isLoading, isError, error } = pages;
  const resources = pageItems(data);
  const [editing, setEditing] = useState<ResourceView | null>(null);
  const [deleting, setDeleting] = useState<ResourceView | null>(null);

  return (
    <Stack gap="sm">
      <SectionHeader title={t('tabs.resources')} level={2}>
        <Text size="sm" c="dimmed">
          {t('resources.intro')}
        </Text>
      </SectionHeader>
      {canEdit && <AddResource />}
      <SearchField placeholder={t('resources.search')} value={search} onChange={setSearch} />
      <TableLoad what={t('tabs.resources')} isLoading={isLoading} isError={isError && !data} error={error}>
        {resources.length === 0 ? (
          <EmptyState
            icon={IconUsers}
            text={q ? t('resources.noMatch') : canEdit ? t('resources.emptyEditable') : t('resources.empty')}
          />
        ) : (
          <Table striped highlightOnHover verticalSpacing="xs">
            <TableHeader
              cells={[
                t('resources.name'),
                { label: t('resources.id'), w: 90 },
                canEdit && { label: t('actions'), w: 100, unlabelled: true },
              ]}
            />
            <Table.Tbody>
              {resources.map((resource) => (
                <Table.Tr key={resource.id}>
                  <Table.Td>{resource.name}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      #{resource.id}
                    </Text>
                  </Table.Td>
                  {canEdit && (
                    <RowActions
                      name={resource.name}
                      onEdit={() => setEditing(resource)}
                      onDelete={() => setDeleting(resource)}
                    />
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <LoadMore {...morePages(pages)} label={t('resources.loadMore')} />
      </TableLoad>
      {editing && <ResourceDialog resource={editing} editable={canEdit} onClose={() => setEditing(null)} />}
      {deleting && <DeleteConfirm resource={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
