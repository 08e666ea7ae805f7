import { describe, expect, it } from '@jest/globals';
import { maxEntriesPerCommand } from '@fahrplan/contracts';
import { chunksOf, parseAmount, parseEntriesCsv } from './parseEntriesCsv';
import { englishT } from '../i18n/testing';

const t = englishT('accounts');

const csv = (...lines: string[]) => lines.join('\r\n');

describe('parseAmount', () => {
  it.each([
    ['1.234,56', 1234.56],
    ['1234,56', 1234.56],
    ['-1.234.567,5', -1234567.5],
    ['1.234', 1234],
    ['0,5', 0.5],
    ['12', 12],
    ["1'234,56", 1234.56],
    ['1 234,56', 1234.56],
    ['+7', 7],
  ])('reads the German %s as %d', (text, value) => {
    expect(parseAmount(text, ',', t)).toEqual({ ok: true, value });
  });

  it.each([
    ['1,234.56', 1234.56],
    ['1234.56', 1234.56],
    ['-1,234,567.5', -1234567.5],
    ['1,234', 1234],
    ['0.5', 0.5],
    ["1'234.56", 1234.56],
  ])('reads the English %s as %d', (text, value) => {
    expect(parseAmount(text, '.', t)).toEqual({ ok: true, value });
  });

  it('reads an empty or blank amount as no amount', () => {
    expect(parseAmount('', ',', t)).toEqual({ ok: true, value: null });
    expect(parseAmount('   ', '.', t)).toEqual({ ok: true, value: null });
  });

  it.each([
    ['12,5', '.'],
    ['1.23,4', ','],
    ['1.2345', ','],
    ['1234.56', ','],
    ['1,234,56', '.'],
    ['abc', ','],
    ['1e5', '.'],
    ['12 EUR', ','],
    ['--1', ','],
    [',5', ','],
  ] as const)('rejects %s with decimal %s, naming the expected format', (text, decimal) => {
    const result = parseAmount(text, decimal, t);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(decimal === ',' ? 'like 1.234,56' : 'like 1,234.56');
  });

  it('never returns negative zero', () => {
    expect(parseAmount('-0,00', ',', t)).toEqual({ ok: true, value: 0 });
    expect(Object.is((parseAmount('-0', '.', t) as { value: number }).value, -0)).toBe(false);
  });
});

describe('parseEntriesCsv', () => {
  describe('a German file (semicolons, decimal commas)', () => {
    const result = parseEntriesCsv(
      csv(
        'Sicht;Periode;Amount;Projekt;Typ;Gruppe',
        'Budget;2026;1.234,56;ERP Betrieb;Opex;Betrieb',
        'Ist;2026;-845,5;;;',
        'Prognose;;;;;',
        '',
      ),
      t,
    );

    it('detects the delimiter and the decimal separator', () => {
      expect(result.delimiter).toBe(';');
      expect(result.decimal).toBe(',');
    });

    it('reads every row, empty texts and amounts as null', () => {
      expect(result.entries).toEqual([
        {
          sicht: 'Budget',
          periode: '2026',
          amount: 1234.56,
          projekt: 'ERP Betrieb',
          typ: 'Opex',
          gruppe: 'Betrieb',
        },
        { sicht: 'Ist', periode: '2026', amount: -845.5, projekt: null, typ: null, gruppe: null },
        { sicht: 'Prognose', periode: null, amount: null, projekt: null, typ: null, gruppe: null },
      ]);
      expect(result.rejected).toEqual([]);
      expect(result.problems).toEqual([]);
      expect(result.notes).toEqual([]);
    });
  });

  describe('an English file (commas, decimal points)', () => {
    const result = parseEntriesCsv(
      csv('sicht,periode,amount', 'Budget,2026,"1,234.56"', 'Ist,2026,845.5', 'Plan,2027,1234,56'),
      t,
    );

    it('detects the delimiter and reads quoted thousands', () => {
      expect(result.delimiter).toBe(',');
      expect(result.decimal).toBe('.');
      expect(result.entries.map((e) => e.amount)).toEqual([1234.56, 845.5]);
    });

    it('rejects an unquoted decimal comma as a row with too many fields', () => {
      expect(result.rejected).toEqual([
        {
          row: 4,
          issues: [expect.objectContaining({ field: 'row', message: expect.stringMatching(/too many/i) })],
        },
      ]);
    });
  });

  it('reads a file with only the sicht column (no delimiter to see) as comma-separated', () => {
    const result = parseEntriesCsv('sicht\nBudget\nIst\n', t);
    expect(result.delimiter).toBe(',');
    expect(result.entries.map((e) => [e.sicht, e.amount])).toEqual([
      ['Budget', null],
      ['Ist', null],
    ]);
  });

  it('accepts a byte order mark, header case and spaces, and columns in any order', () => {
    const result = parseEntriesCsv('\uFEFF Amount ; SICHT ;periode\n10;Budget;2026\n', t);
    expect(result.entries).toEqual([
      { sicht: 'Budget', periode: '2026', amount: 10, projekt: null, typ: null, gruppe: null },
    ]);
  });

  it('reports every rejected row with its spreadsheet row number, field and message', () => {
    const result = parseEntriesCsv(
      csv(
        'sicht;periode;amount;projekt',
        'Budget;2026;100;A',
        ';2026;abc;B',
        `Ist;${'9'.repeat(21)};5;C`,
        'Budget;2027;200;D',
      ),
      t,
    );
    expect(result.entries.map((e) => e.sicht)).toEqual(['Budget', 'Budget']);
    expect(result.rejected).toHaveLength(2);
    const [second, third] = result.rejected;
    expect(second?.row).toBe(3);
    expect(second?.issues.map((i) => i.field).sort()).toEqual(['amount', 'sicht']);
    expect(second?.issues.find((i) => i.field === 'amount')?.message).toBe(
      '"abc" is not a number like 1.234,56',
    );
    expect(third).toEqual({ row: 4, issues: [{ field: 'periode', message: expect.any(String) }] });
  });

  it('refuses an amount of 1e20 or with a third decimal, naming the row, the column and the range', () => {
    const result = parseEntriesCsv(
      csv('sicht,amount', 'Plan,100000000000000000000', 'Ist,1.005', 'Ist,12.34'),
      t,
    );
    const range = 'a number between -999,999,999,999.99 and 999,999,999,999.99 with at most 2 decimals';
    expect(result.rejected).toEqual([
      { row: 2, issues: [{ field: 'amount', message: range }] },
      { row: 3, issues: [{ field: 'amount', message: range }] },
    ]);
    expect(result.entries.map((e) => e.amount)).toEqual([12.34]);
    expect(result.rows).toEqual([4]);
  });

  it('checks rows with the shared accountEntrySchema (a sicht of only spaces is empty)', () => {
    const result = parseEntriesCsv(csv('sicht;amount', '   ;5', `${'x'.repeat(51)};5`), t);
    expect(result.entries).toEqual([]);
    expect(result.rejected.map((r) => [r.row, r.issues.map((i) => i.field)])).toEqual([
      [2, ['sicht']],
      [3, ['sicht']],
    ]);
  });

  it('skips blank lines but keeps the row numbers of the rows after them', () => {
    const result = parseEntriesCsv(csv('sicht;amount', 'Budget;1', '', ';;', 'x;bad'), t);
    expect(result.entries).toHaveLength(1);
    expect(result.rejected.map((r) => r.row)).toEqual([5]);
  });

  it('notes ignored columns and repeated keys (the later row wins on the server)', () => {
    const result = parseEntriesCsv(
      csv('sicht;periode;amount;kommentar', 'Budget;2026;1;x', 'Budget;2026;2;y'),
      t,
    );
    expect(result.entries.map((e) => e.amount)).toEqual([1, 2]);
    expect(result.notes).toEqual([
      'ignored columns: kommentar',
      'row 3 repeats the key of row 2; the later row wins',
    ]);
  });

  it('says why a file without a sicht column cannot be imported', () => {
    const result = parseEntriesCsv(csv('name;amount', 'Budget;1'), t);
    expect(result.entries).toEqual([]);
    expect(result.problems).toEqual([expect.stringContaining('no column sicht (found: name, amount')]);
  });

  it('says why an empty file or a header-only file cannot be imported', () => {
    expect(parseEntriesCsv('', t).problems).toEqual([expect.stringContaining('the file is empty')]);
    expect(parseEntriesCsv('sicht;amount\n', t).problems).toEqual(['the file has a header but no data rows']);
  });
});

describe('chunksOf', () => {
  it('splits into chunks of at most the server limit, in order', () => {
    const items = Array.from({ length: 2 * maxEntriesPerCommand + 1 }, (_, i) => i);
    const chunks = chunksOf(items, maxEntriesPerCommand);
    expect(chunks.map((c) => c.length)).toEqual([maxEntriesPerCommand, maxEntriesPerCommand, 1]);
    expect(chunks.flat()).toEqual(items);
  });

  it('gives no chunk for no items and refuses a size below one', () => {
    expect(chunksOf([], 10)).toEqual([]);
    expect(() => chunksOf([1], 0)).toThrow(RangeError);
  });
});
