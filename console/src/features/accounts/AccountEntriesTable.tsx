import { NumberFormatter, Table } from '@mantine/core';
import type { AccountView } from '@fahrplan/contracts';

type Entry = AccountView['entries'][number];

interface Column {
  key: keyof Entry;
  label: string;
}

/**
 * An account's entries. §4: the amount column is hidden when no row has an amount, the period column
 * when no row has a period; projekt, typ and gruppe are the account plan columns.
 */
export const visibleColumns = (entries: readonly Entry[]): Column[] =>
  [
    { key: 'sicht', label: 'Sicht' },
    ...(entries.some((e) => e.periode) ? [{ key: 'periode' as const, label: 'Periode' }] : []),
    ...(entries.some((e) => e.amount !== null) ? [{ key: 'amount' as const, label: 'Amount' }] : []),
    { key: 'projekt', label: 'Projekt' },
    { key: 'typ', label: 'Typ' },
    { key: 'gruppe', label: 'Gruppe' },
  ] satisfies Column[];

export function AccountEntriesTable({ entries }: { entries: readonly Entry[] }) {
  const columns = visibleColumns(entries);
  return (
    <Table.ScrollContainer minWidth={500}>
      <Table striped highlightOnHover aria-label="account entries">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={c.key === 'amount' ? 'right' : undefined}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
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
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
