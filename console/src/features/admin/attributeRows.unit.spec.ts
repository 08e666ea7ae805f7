import { describe, expect, it } from '@jest/globals';
import { changeAttributeSchemasSchema } from '@fahrplan/contracts';
import { attributeRowErrors, definitionsOf, keyFromLabel, moveRow, newRow, rowsOf } from './attributeRows';
import type { AttributeRow } from './attributeRows';
import { englishT } from '../i18n/testing';

const t = englishT('admin');

const row = (fields: Partial<AttributeRow>): AttributeRow => ({ ...newRow(), ...fields });

describe('attribute schema rows', () => {
  it('round-trips definitions and gives each row its own uid', () => {
    const definitions = [
      { key: 'costCentre', label: 'Cost centre', type: 'text' as const },
      { key: 'tier', label: 'Tier', type: 'select' as const, options: ['gold', 'silver'] },
    ];
    const rows = rowsOf(definitions);
    expect(new Set(rows.map((r) => r.uid)).size).toBe(2);
    expect(definitionsOf(rows)).toEqual(definitions);
  });

  it('sends options only for a select, trimmed', () => {
    expect(
      definitionsOf([
        row({ key: ' a ', label: ' A ', type: 'number', options: ['x'] }),
        row({ key: 'b', label: 'B', type: 'select', options: [' x '] }),
      ]),
    ).toEqual([
      { key: 'a', label: 'A', type: 'number' },
      { key: 'b', label: 'B', type: 'select', options: ['x'] },
    ]);
  });

  it('what it sends passes the ChangeAttributeSchemas schema when it finds no errors', () => {
    const rows = [row({ key: 'tier', label: 'Tier', type: 'select', options: ['gold'] })];
    expect(attributeRowErrors(rows, 'applicationAttributes', t)).toEqual({});
    expect(
      changeAttributeSchemasSchema.safeParse({
        applicationAttributes: definitionsOf(rows),
        taskAttributes: [],
      }).success,
    ).toBe(true);
  });

  it('marks invalid keys, missing labels and a select without options on their fields', () => {
    const errors = attributeRowErrors(
      [
        row({ key: '1abc', label: 'Ok', type: 'text' }),
        row({ key: 'ok', label: '  ', type: 'text' }),
        row({ key: 'sel', label: 'Sel', type: 'select', options: [] }),
      ],
      'taskAttributes',
      t,
    );
    expect(Object.keys(errors).sort()).toEqual([
      'taskAttributes.0.key',
      'taskAttributes.1.label',
      'taskAttributes.2.options',
    ]);
    expect(errors['taskAttributes.2.options']).toBe('a select needs options');
  });

  it('marks a key used twice (case-insensitively) on the later row', () => {
    const errors = attributeRowErrors(
      [row({ key: 'tier', label: 'A' }), row({ key: 'Tier', label: 'B' })],
      'applicationAttributes',
      t,
    );
    expect(errors).toEqual({ 'applicationAttributes.1.key': 'key used twice' });
  });

  it('moves rows and clamps the target', () => {
    expect(moveRow(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveRow(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveRow(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('suggests a key from a label', () => {
    expect(keyFromLabel('Cost centre')).toBe('costCentre');
    expect(keyFromLabel('  Café owner ')).toBe('cafeOwner');
    expect(keyFromLabel('2 tier')).toBe('tier');
    expect(keyFromLabel('---')).toBe('');
    expect(keyFromLabel('x'.repeat(80))).toHaveLength(50);
  });
});
