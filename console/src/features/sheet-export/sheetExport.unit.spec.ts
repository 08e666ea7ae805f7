import { describe, expect, it } from '@jest/globals';
import { exportArgs, fileNameOf } from './sheetExport';

describe('exportArgs', () => {
  it("asks for the list's file with the screen's filters, without its paging, in the console's language", () => {
    expect(
      exportArgs({
        kind: 'projects',
        format: 'xlsx',
        filter: { q: ' cloud ', status: '3', phase: null, sort: '-end', limit: 100, cursor: 'abc' },
        language: 'fr-CH',
      }),
    ).toEqual({
      url: '/exports/projects.xlsx',
      params: { q: 'cloud', status: '3', sort: '-end', lang: 'fr-CH' },
    });
  });

  it('leaves lang to the server for a language the console does not speak', () => {
    expect(exportArgs({ kind: 'goals', format: 'csv', filter: {}, language: 'es' })).toEqual({
      url: '/exports/goals.csv',
      params: {},
    });
  });
});

describe('fileNameOf', () => {
  it("takes the server's file name, else names the file after the kind", () => {
    expect(fileNameOf('attachment; filename="projects-2026-11-29.csv"', 'projects', 'csv')).toBe(
      'projects-2026-11-29.csv',
    );
    expect(fileNameOf(null, 'items', 'xlsx')).toBe('items.xlsx');
    expect(fileNameOf('attachment; filename="../x/evil.csv"', 'items', 'csv')).toBe('items.csv');
  });
});
