import { z } from 'zod';
import { accountEntrySchema } from '../account/account';
import { saveGroupSchema } from '../group/group.commands';
import { saveItemSchema } from '../item/item';
import { isInRange, numberIn, rangeMessage, ranges } from './ranges';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('ranges', () => {
  it('say the range for people', () => {
    expect(rangeMessage(ranges.code)).toBe('a whole number between 0 and 99');
    expect(rangeMessage(ranges.effort)).toBe('a number between 0 and 1,000,000 with at most 2 decimals');
    expect(rangeMessage(ranges.amount)).toBe(
      'a number between -999,999,999,999.99 and 999,999,999,999.99 with at most 2 decimals',
    );
  });

  describe('numberIn a whole-number range (0 to 99)', () => {
    const schema = numberIn(ranges.code);

    it.each([0, 1, 99])('accepts %s', (value) => expect(schema.parse(value)).toBe(value));

    it.each([
      ['one below', -1],
      ['one above', 100],
      ['a huge number', Number('99999999999999999999')],
      ['a fraction', 1.5],
      ['NaN', Number.NaN],
      ['Infinity', Number.POSITIVE_INFINITY],
      ['a numeric string', '5'],
      ['a string beyond the safe integers', '99999999999999999999'],
    ])('refuses %s, naming the range once', (_, value) =>
      expect(messages(schema.safeParse(value))).toEqual([['', 'a whole number between 0 and 99']]),
    );

    it('says "required" for a missing value', () => {
      expect(messages(schema.safeParse(undefined))).toEqual([['', 'required']]);
      expect(messages(schema.safeParse(null))).toEqual([['', 'required']]);
    });

    it('keeps its bounds in the JSON Schema it publishes', () =>
      expect(z.toJSONSchema(schema)).toMatchObject({ type: 'integer', minimum: 0, maximum: 99 }));
  });

  describe('numberIn a range with 2 decimals (amounts)', () => {
    const schema = numberIn(ranges.amount);

    it.each([0, 0.07, 12.34, -5.55, 999_999_999_999.99, -999_999_999_999.99])('accepts %s', (value) =>
      expect(schema.parse(value)).toBe(value),
    );

    it.each([1e20, 1_000_000_000_000, -1_000_000_000_000, 1.005, 0.001])('refuses %s', (value) =>
      expect(messages(schema.safeParse(value))).toEqual([['', rangeMessage(ranges.amount)]]),
    );
  });

  it('isInRange answers what numberIn accepts', () => {
    expect(isInRange(ranges.effort, 2.5)).toBe(true);
    expect(isInRange(ranges.effort, -5)).toBe(false);
    expect(isInRange(ranges.effort, '5')).toBe(false);
  });
});

describe('the numeric fields of the commands', () => {
  it('refuse the values the console once coerced: art 99999999999999999999, item status 1000, effort −5', () => {
    expect(messages(saveGroupSchema.safeParse({ title: 'P', art: Number('99999999999999999999') }))).toEqual([
      ['art', 'a whole number between 0 and 99'],
    ]);
    const item = { title: 'I', group: 1, start: '2026-11-27T00:00' };
    expect(messages(saveItemSchema.safeParse({ ...item, status: 1000 }))).toEqual([
      ['status', 'a whole number between 0 and 99'],
    ]);
    expect(messages(saveItemSchema.safeParse({ ...item, effort: -5 }))).toEqual([
      ['effort', 'a number between 0 and 1,000,000 with at most 2 decimals'],
    ]);
  });

  it('refuse an account entry of 1e20 or of a tenth of a cent', () => {
    for (const amount of [1e20, 0.125])
      expect(messages(accountEntrySchema.safeParse({ sicht: 'Ist', amount }))).toEqual([
        ['amount', rangeMessage(ranges.amount)],
      ]);
    expect(accountEntrySchema.parse({ sicht: 'Ist', amount: 1234.56 }).amount).toBe(1234.56);
  });

  it('refuse ratings and metric 4 outside their sliders', () => {
    expect(messages(saveGroupSchema.safeParse({ title: 'P', metric1: 10, metric4: 13 }))).toEqual([
      ['metric1', 'a whole number between 0 and 9'],
      ['metric4', 'a whole number between 0 and 12'],
    ]);
  });
});
