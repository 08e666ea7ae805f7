import { z } from 'zod';
import { saveApplicationSchema } from '../application/application';
import './messages';

const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('the error map every schema speaks with', () => {
  it.each([
    ['a missing value', z.string(), undefined, 'required'],
    ['null', z.number(), null, 'required'],
    ['a number for a text', z.string(), 5, 'a text'],
    ['a text for a number', z.number(), 'five', 'a number'],
    ['a text for true or false', z.boolean(), 'yes', 'true or false'],
    ['an empty required text', z.string().min(1), '', 'required'],
    ['a short text', z.string().min(3), 'ab', 'at least 3 characters'],
    ['a long text', z.string().max(100), 'x'.repeat(101), 'at most 100 characters'],
    ['an empty list', z.array(z.number()).min(1), [], 'at least one entry'],
    ['a long list', z.array(z.number()).max(500), Array(501).fill(1), 'at most 500 entries'],
    ['a large number', z.number().max(1000), 1001, 'at most 1,000'],
    ['a small number', z.number().min(0), -1, 'at least 0'],
    ['a fraction', z.number().int(), 1.5, 'a whole number'],
    ['a value not offered', z.enum(['low', 'high']), 'extreme', 'one of low, high'],
    ['a date-time', z.iso.datetime(), 'soon', 'a date and time like 2026-11-27T14:30:00Z'],
    ['a pattern', z.string().regex(/^\d+$/), 'abc', 'not in the expected form'],
    ['a union', z.union([z.string(), z.number()]), true, 'not a valid value'],
    ['a refinement', z.string().refine(() => false), 'x', 'not valid'],
  ])('says %s for people', (_, schema, value, expected) => expect(messageOf(schema, value)).toBe(expected));

  it('leaves a message a schema gives of its own', () =>
    expect(messageOf(z.string().min(2, { error: 'two at least' }), 'a')).toBe('two at least'));

  it('never lets zod\'s own words ("Too small", "Invalid input", "expected") reach a field error', () => {
    const result = saveApplicationSchema.safeParse({
      name: 5,
      release: 'r'.repeat(51),
      status: 'LIVE',
      start: '2026-02-30',
      parent: -1,
      attributes: [{ key: '', value: {} }],
    });
    const texts = result.error?.issues.map((i) => i.message) ?? [];
    expect(texts.length).toBeGreaterThanOrEqual(6);
    for (const text of texts) expect(text).not.toMatch(/too (small|big)|invalid input|expected/i);
  });
});
