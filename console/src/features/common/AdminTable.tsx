import type { ComponentProps, ReactNode } from 'react';
import { ActionIcon, Alert, Group, Stack, Table, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadError, TableSkeleton } from './CataloguePage';
import { EmptyState } from './EmptyState';
import { TableHeader } from './TableHeader';
import type { HeaderCell } from './TableHeader';
import { NewButton, SectionHeader } from './SectionHeader';

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

/** An administration list's records: its header row and its rows (`children`), or `empty` when there are none. */
export function RecordsTable({
  count,
  empty,
  label,
  cells,
  children,
}: {
  count: number;
  empty: ComponentProps<typeof EmptyState>;
  /** The table's accessible name. */
  label?: string;
  cells: readonly (HeaderCell | false)[];
  children: ReactNode;
}) {
  if (count === 0) return <EmptyState {...empty} />;
  return (
    <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
      <TableHeader cells={cells} />
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}

/** One icon action of a row: its tooltip, and an accessible name that names the row. */
export function RowAction({
  tooltip,
  label,
  icon,
  onClick,
  color,
  loading,
  disabled,
}: {
  tooltip: string;
  /** The accessible name, e.g. 'Delete Zurich'. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: string;
  loading?: boolean;
  disabled?: boolean;
}) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon
        aria-label={label}
        variant="subtle"
        color={color}
        loading={loading}
        disabled={disabled}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * A row's actions cell: the edit icon (labelled e.g. 'Rename'), any `extra` actions, and the delete icon
 * (left out without `onDelete`), right-aligned. A `readOnly` row opens for viewing (an eye labelled
 * `showLabel`) and has no delete.
 */
export function RowActions({
  name,
  editLabel,
  editIcon,
  showLabel,
  readOnly = false,
  editDisabled,
  onEdit,
  onDelete,
  extra,
}: {
  /** The row's name, for the icons' accessible labels. */
  name: string;
  editLabel?: string;
  editIcon?: ReactNode;
  showLabel?: string;
  readOnly?: boolean;
  editDisabled?: boolean;
  onEdit: () => void;
  onDelete?: () => void;
  /** Actions between edit and delete. */
  extra?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const edit = (readOnly ? showLabel : editLabel) ?? t('rowActions.edit');
  return (
    <Table.Td>
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <RowAction
          tooltip={edit}
          label={t('rowActions.named', { action: edit, name })}
          icon={editIcon ?? (readOnly ? <IconEye size={16} /> : <IconPencil size={16} />)}
          onClick={onEdit}
          disabled={editDisabled}
        />
        {extra}
        {onDelete && !readOnly && (
          <RowAction
            tooltip={t('delete')}
            label={t('rowActions.delete', { name })}
            icon={<IconTrash size={16} />}
            color="red"
            onClick={onDelete}
          />
        )}
      </Group>
    </Table.Td>
  );
}

/**
 * An administration tab's list: without VIEW only `needsView` in a grey notice; else its heading with
 * `intro`, the New button when `onNew` is given (EDIT), and the list below.
 */
export function AdminPanel({
  canView,
  needsView,
  title,
  intro,
  newLabel,
  onNew,
  children,
}: {
  canView: boolean;
  needsView: string;
  title: string;
  intro: string;
  newLabel: string;
  onNew?: () => void;
  children: ReactNode;
}) {
  if (!canView)
    return (
      <Alert color="gray" variant="light">
        {needsView}
      </Alert>
    );
  return (
    <Stack gap="sm">
      <SectionHeader title={title} level={2} intro={intro}>
        {onNew && <NewButton label={newLabel} onClick={onNew} />}
      </SectionHeader>
      {children}
    </Stack>
  );
}

/**
 * An administration list's table: loading and failure as `TableLoad` shows them, `empty` when there are
 * no `rows`, else a striped table named `label` with its `header` cells; `footer` below (Load more).
 */
export function AdminList({
  what,
  load,
  empty,
  label,
  header,
  rows,
  footer,
}: {
  what: string;
  load: { isLoading: boolean; isError: boolean; error: unknown };
  empty: ComponentProps<typeof EmptyState>;
  label: string;
  header: readonly (HeaderCell | false)[];
  rows: readonly ReactNode[];
  footer?: ReactNode;
}) {
  return (
    <TableLoad what={what} {...load}>
      <RecordsTable count={rows.length} empty={empty} label={label} cells={header}>
        {rows}
      </RecordsTable>
      {footer}
    </TableLoad>
  );
}
