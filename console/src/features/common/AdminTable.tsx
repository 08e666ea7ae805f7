import type { ReactNode } from 'react';
import { ActionIcon, Group, Table, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
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
  if (isLoading) return <TableSkeleton label={`loading ${what.toLowerCase()}`} />;
  if (isError) return <LoadError title={`${what} could not be loaded`} error={error} />;
  return children;
}

/**
 * A row's actions cell: the edit icon (labelled e.g. 'Rename'), any `extra` actions, and the delete icon
 * (left out without `onDelete`), right-aligned.
 */
export function RowActions({
  name,
  editLabel = 'Edit',
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
  return (
    <Table.Td>
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Tooltip label={editLabel}>
          <ActionIcon
            aria-label={`${editLabel} ${name}`}
            variant="subtle"
            onClick={onEdit}
            disabled={editDisabled}
          >
            {editIcon}
          </ActionIcon>
        </Tooltip>
        {extra}
        {onDelete && (
          <Tooltip label="Delete">
            <ActionIcon aria-label={`Delete ${name}`} variant="subtle" color="red" onClick={onDelete}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Table.Td>
  );
}
