import type { ReactNode } from 'react';
import { NumberFormatter, Table } from '@mantine/core';
import { TableHeader } from '../common/TableHeader';
import { useTranslation } from 'react-i18next';
import type { AccountView } from '@fahrplan/contracts';
import { visibleColumns } from './entryColumns';

type Entry = AccountView['entries'][number];

interface Props {
  entries: readonly Entry[];
  /** The entries the visible columns are chosen from, when `entries` shows only some of them. */
  columnsOf?: readonly Entry[];
  label?: string;
  /** A last column of actions per entry (its delete), when the user may change the account. */
  actions?: (entry: Entry) => ReactNode;
}

/** An account's entries with the §4 column rule (entryColumns.ts). */
export function AccountEntriesTable({ entries, columnsOf = entries, label, actions }: Props) {
  const { t } = useTranslation('accounts');
  const columns = visibleColumns(columnsOf, t);
  return (
    <Table.ScrollContainer minWidth={500}>
      <Table striped highlightOnHover aria-label={label ?? t('table.label')}>
        <TableHeader
          cells={[
            ...columns.map((c) => (c.key === 'amount' ? { label: c.label, ta: 'right' as const } : c.label)),
            actions !== undefined && { label: t('table.actions'), w: 40, unlabelled: true },
          ]}
        />
        <Table.Tbody>
          {entries.map((entry, index) => (
            <Table.Tr key={`${entry.sicht}-${entry.periode ?? ''}-${index}`}>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={c.key === 'amount' ? 'right' : undefined}>
                  {c.key === 'amount' ? (
                    entry.amount === null ? (
                      ''
                    ) : (
                      <NumberFormatter value={entry.amount} thousandSeparator="'" decimalScale={2} />
                    )
                  ) : (
                    (entry[c.key] ?? '')
                  )}
                </Table.Td>
              ))}
              {actions && <Table.Td>{actions(entry)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
