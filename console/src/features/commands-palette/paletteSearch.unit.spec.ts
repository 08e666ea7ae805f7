import { describe, expect, it } from '@jest/globals';
import { matchesQuery, paletteRecords, searchRecords, serverQuery } from './paletteSearch';
import type { PaletteRecord } from './paletteSearch';

const records: PaletteRecord[] = [
  { kind: 'application', id: 1, label: 'SAP Finance', description: '2.1' },
  { kind: 'application', id: 2, label: 'Portal' },
  { kind: 'project', id: 3, label: 'Finance Migration' },
  { kind: 'project', id: 4, label: 'Zürich office' },
  { kind: 'item', id: 5, label: 'Go-live Finance' },
];

describe('matchesQuery', () => {
  it('matches every word, case- and accent-insensitively', () => {
    expect(matchesQuery('zurich OFF', 'Zürich office')).toBe(true);
    expect(matchesQuery('finance portal', 'SAP Finance')).toBe(false);
  });
});

describe('searchRecords', () => {
  it('finds records of every kind by name, names starting with the query first', () => {
    expect(searchRecords('fin', records).map((r) => r.id)).toEqual([3, 5, 1]);
  });

  it('finds by description too', () => {
    expect(searchRecords('2.1', records).map((r) => r.id)).toEqual([1]);
  });

  it('finds nothing for an empty query', () => {
    expect(searchRecords('  ', records)).toEqual([]);
  });

  it('keeps at most `limit` records per kind', () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ kind: 'item' as const, id: i, label: `Task ${i}` }));
    expect(searchRecords('task', [...many, ...records], 3).filter((r) => r.kind === 'item')).toHaveLength(3);
  });
});

describe('serverQuery', () => {
  it('asks the server for the longest word, the first of equally long ones', () => {
    expect(serverQuery('  mig  Finance ')).toBe('Finance');
    expect(serverQuery('sap erp')).toBe('sap');
    expect(serverQuery('   ')).toBe('');
  });
});

describe('paletteRecords', () => {
  const found = [
    { id: 1, name: 'SAP Finance', release: '2.1', deleted: false },
    { id: 2, name: 'Old portal', release: null, deleted: true },
    { id: 3, name: 'Portal', release: null, deleted: false },
  ];

  it('lists the live records of a kind with their label and description', () => {
    expect(paletteRecords('application', found, (a) => [a.name, a.release])).toEqual([
      { kind: 'application', id: 1, label: 'SAP Finance', description: '2.1' },
      { kind: 'application', id: 3, label: 'Portal', description: undefined },
    ]);
  });

  it('lists nothing before the server answered', () => {
    expect(paletteRecords('item', undefined, () => ['', null])).toEqual([]);
  });
});
