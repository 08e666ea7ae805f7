import { describe, expect, it } from '@jest/globals';
import { attributeErrorPath, attributesToForm, attributesToServer } from './attributes';
import type { AttributeDefinition } from './attributes';

const definitions: AttributeDefinition[] = [
  { key: 'note', label: 'Note', type: 'text' },
  { key: 'users', label: 'Users', type: 'number' },
  { key: 'cloud', label: 'Cloud', type: 'boolean' },
  { key: 'review', label: 'Review', type: 'date' },
  { key: 'tier', label: 'Tier', type: 'select', options: ['a', 'b'] },
];

describe('attributesToForm', () => {
  it('gives one form value per definition: shown dates, empty values by type', () => {
    expect(
      attributesToForm(definitions, [
        { key: 'review', value: '2027-03-10' },
        { key: 'users', value: 12 },
        { key: 'gone', value: 'x' },
      ]),
    ).toEqual({ note: '', users: 12, cloud: false, review: '10.03.2027', tier: null });
  });
});

describe('attributesToServer', () => {
  it('sends every definition (stored dates, trimmed texts, null for empty) and keeps unlisted stored values', () => {
    expect(
      attributesToServer(
        definitions,
        { note: '  hi ', users: null, cloud: true, review: '10.03.2027', tier: '' },
        [
          { key: 'gone', value: 'x' },
          { key: 'note', value: 'old' },
        ],
      ),
    ).toEqual([
      { key: 'note', value: 'hi' },
      { key: 'users', value: null },
      { key: 'cloud', value: true },
      { key: 'review', value: '2027-03-10' },
      { key: 'tier', value: null },
      { key: 'gone', value: 'x' },
    ]);
  });

  it('round-trips stored values', () => {
    const stored = [
      { key: 'note', value: 'n' },
      { key: 'users', value: 3 },
      { key: 'cloud', value: true },
      { key: 'review', value: '2027-12-31' },
      { key: 'tier', value: 'b' },
    ];
    expect(attributesToServer(definitions, attributesToForm(definitions, stored), stored)).toEqual(stored);
  });
});

describe('attributeErrorPath', () => {
  it("names a command's attributes.<index> by the definition's key; other paths by their head", () => {
    expect(attributeErrorPath(definitions, 'attributes.3.value')).toBe('attributes.review');
    expect(attributeErrorPath(definitions, 'attributes.9.value')).toBe('attributes');
    expect(attributeErrorPath(definitions, 'title')).toBe('title');
    expect(attributeErrorPath(definitions, 'start.0')).toBe('start');
  });
});
