import type { TFunction } from 'i18next';
import type { AccountEntry } from '@fahrplan/contracts';

export interface EntryColumn {
  key: keyof AccountEntry;
  label: string;
}

/**
 * §4 finance table: the amount column is hidden when no row has an amount, the period column when no
 * row has a period; projekt, typ and gruppe are the account plan columns.
 */
export const visibleColumns = (entries: readonly AccountEntry[], t: TFunction): EntryColumn[] =>
  [
    { key: 'sicht', label: t('accounts:columns.sicht') },
    ...(entries.some((e) => e.periode)
      ? [{ key: 'periode' as const, label: t('accounts:columns.periode') }]
      : []),
    ...(entries.some((e) => e.amount !== null)
      ? [{ key: 'amount' as const, label: t('accounts:columns.amount') }]
      : []),
    { key: 'projekt', label: t('accounts:columns.projekt') },
    { key: 'typ', label: t('accounts:columns.typ') },
    { key: 'gruppe', label: t('accounts:columns.gruppe') },
  ] satisfies EntryColumn[];
