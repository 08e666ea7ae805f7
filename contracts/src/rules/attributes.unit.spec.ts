import { describe, expect, it } from '@jest/globals';
import { attributeValueErrors } from './attributes';
import { rangeMessage, ranges } from './ranges';
import type { AttributeDefinition } from '../identity/tenant.commands';

const definitions: AttributeDefinition[] = [
  { key: 'note', label: 'Note', type: 'text' },
  { key: 'users', label: 'Users', type: 'number' },
  { key: 'cloud', label: 'Cloud', type: 'boolean' },
  { key: 'review', label: 'Review', type: 'date' },
  { key: 'tier', label: 'Tier', type: 'select', options: ['a', 'b'] },
];

describe('attributeValueErrors', () => {
  it('accepts a value of each type and null for every attribute', () => {
    expect(
      attributeValueErrors(
        [
          { key: 'note', value: 'x' },
          { key: 'users', value: 3 },
          { key: 'cloud', value: false },
          { key: 'review', value: '2026-02-28' },
          { key: 'tier', value: 'b' },
        ],
        definitions,
      ),
    ).toEqual([]);
    expect(
      attributeValueErrors(
        definitions.map((d) => ({ key: d.key, value: null })),
        definitions,
      ),
    ).toEqual([]);
  });

  it('names each unknown, repeated or wrongly typed value by attributes.<key>', () => {
    expect(
      attributeValueErrors(
        [
          { key: 'other', value: 'x' },
          { key: 'users', value: '3' },
          { key: 'review', value: '2026-02-30' },
          { key: 'note', value: 'a' },
          { key: 'note', value: 'b' },
          { key: 'tier', value: 'c' },
        ],
        definitions,
      ),
    ).toEqual([
      { field: 'attributes.other', message: 'not an attribute of the tenant' },
      { field: 'attributes.users', message: rangeMessage(ranges.attributeNumber) },
      { field: 'attributes.review', message: 'a date like 2026-11-27' },
      { field: 'attributes.note', message: 'given more than once' },
      { field: 'attributes.tier', message: 'one of a, b' },
    ]);
  });

  it('lets a stored value pass unchanged, not a changed one', () => {
    const kept = [{ key: 'gone', value: 1 }];
    expect(attributeValueErrors([{ key: 'gone', value: 1 }], definitions, kept)).toEqual([]);
    expect(attributeValueErrors([{ key: 'gone', value: 2 }], definitions, kept)).toEqual([
      { field: 'attributes.gone', message: 'not an attribute of the tenant' },
    ]);
  });

  it('refuses a number outside the attribute range, never rounding it', () => {
    for (const value of [1e20, -1e13, 0.125])
      expect(attributeValueErrors([{ key: 'users', value }], definitions)).toEqual([
        { field: 'attributes.users', message: rangeMessage(ranges.attributeNumber) },
      ]);
    expect(attributeValueErrors([{ key: 'users', value: 999_999_999_999.99 }], definitions)).toEqual([]);
  });
});
