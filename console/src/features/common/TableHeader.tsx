import { Table } from '@mantine/core';

/**
 * A header cell: its label, or the label with the column's width and alignment; `unlabelled` columns
 * (a row's actions) carry the label only for screen readers; `{}` is an empty header.
 */
export type HeaderCell =
  | string
  | { readonly label?: string; readonly w?: number; readonly ta?: 'right'; readonly unlabelled?: boolean };

/** A table's header row from its cells, in order; `false` leaves a column out (e.g. actions without EDIT). */
export function TableHeader({ cells }: { cells: readonly (HeaderCell | false)[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {cells.map((cell, index) => {
          if (cell === false) return null;
          const { label, w, ta, unlabelled } = typeof cell === 'string' ? { label: cell } : cell;
          return unlabelled ? (
            <Table.Th key={index} w={w} aria-label={label} />
          ) : (
            <Table.Th key={index} w={w} ta={ta}>
              {label}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}
