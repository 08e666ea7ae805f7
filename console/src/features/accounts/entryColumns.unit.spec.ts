import { describe, expect, it } from '@jest/globals';
import type { AccountEntry } from '@fahrplan/contracts';
import { visibleColumns } from './entryColumns';
import { englishT } from '../i18n/testing';

const entry = (overrides: Partial<AccountEntry> = {}): AccountEntry => ({
  sicht: 'Budget',
  periode: '2026',
  amount: 100,
  projekt: 'ERP',
  typ: 'Opex',
  gruppe: 'Betrieb',
  ...overrides,
});

const keys = (entries: AccountEntry[]) => visibleColumns(entries, englishT('accounts')).map((c) => c.key);

describe('the finance table columns (§4)', () => {
  it('shows period and amount when some row has them', () => {
    expect(keys([entry({ periode: null, amount: null }), entry()])).toEqual([
      'sicht',
      'periode',
      'amount',
      'projekt',
      'typ',
      'gruppe',
    ]);
  });

  it('hides the amount column when no row has an amount (a zero is an amount)', () => {
    expect(keys([entry({ amount: null }), entry({ amount: null })])).not.toContain('amount');
    expect(keys([entry({ amount: null }), entry({ amount: 0 })])).toContain('amount');
  });

  it('hides the period column when no row has a period', () => {
    expect(keys([entry({ periode: null })])).toEqual(['sicht', 'amount', 'projekt', 'typ', 'gruppe']);
  });

  it('always shows sicht and the account plan columns', () => {
    expect(keys([])).toEqual(['sicht', 'projekt', 'typ', 'gruppe']);
  });
});
