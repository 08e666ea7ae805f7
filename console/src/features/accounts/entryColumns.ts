import type { AccountEntry } from '@fahrplan/contracts';

export interface EntryColumn {
  key: keyof AccountEntry;
  label: string;
}

/**
 * §4 finance table: the amount column is hidden when no row has an amount, the period column when no
 * row has a period; projekt, typ and gruppe are the account plan columns.
 */
export const visibleColumns = (entries: readonly AccountEntry[]): EntryColumn[] =>
  [
    { key: 'sicht', label: 'Sicht' },
    ...(entries.some((e) => e.periode) ? [{ key: 'periode' as const, label: 'Periode' }] : []),
    ...(entries.some((e) => e.amount !== null) ? [{ key: 'amount' as const, label: 'Amount' }] : []),
    { key: 'projekt', label: 'Projekt' },
    { key: 'typ', label: 'Typ' },
    { key: 'gruppe', label: 'Gruppe' },
  ] satisfies EntryColumn[];
