import type { ReactNode } from 'react';
import { ActionIcon, Group, Table, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadError, TableSkeleton } from './CataloguePage';

/** An administration list while it loads (skeleton rows), when it failed to load, else `children`. */
export function TableLoad({
  what,
  isLoading,
  isError,
  error,
  children,
}: {
  /** What the list holds, for the failure's title, e.g. 'Goals'. */
  what: string;
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const names = { what, whatLower: what.toLowerCase() };
  if (isLoading) return <TableSkeleton label={t('tableLoad.loading', names)} />;
  if (isError) return <LoadError title={t('tableLoad.failed', names)} error={error} />;
  return children;
}

/**
 * A row's actions cell: the edit icon (labelled e.g. 'Rename'), any `extra` actions, and the delete icon
 * (left out without `onDelete`), right-aligned.
 */
export function RowActions({
  name,
  editLabel,
  editIcon = <IconPencil size={16} />,
  editDisabled,
  onEdit,
  onDelete,
  extra,
}: {
  /** The row's name, for the icons' accessible labels. */
  name: string;
  editLabel?: string;
  editIcon?: ReactNode;
  editDisabled?: boolean;
  onEdit: () => void;
  onDelete?: () => void;
  /** Actions between edit and delete. */
  extra?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const edit = editLabel ?? t('rowActions.edit');
  return (
    <Table.Td>
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Tooltip label={edit}>
          <ActionIcon
            aria-label={t('rowActions.named', { action: edit, name })}
            variant="subtle"
            onClick={onEdit}
            disabled={editDisabled}
          >
            {editIcon}
          </ActionIcon>
        </Tooltip>
        {extra}
        {onDelete && (
          <Tooltip label={t('delete')}>
            <ActionIcon
              aria-label={t('rowActions.delete', { name })}
              variant="subtle"
              color="red"
              onClick={onDelete}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Table.Td>
  );
}
