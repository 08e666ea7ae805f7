import { hiddenCharactersMessage, limits, optionalText, requiredName, requiredText } from './limits';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('limits', () => {
  it('match the text limits of §5', () =>
    expect(limits).toEqual({
      title: 200,
      subtitle: 200,
      description: 1000,
      contact: 200,
      release: 50,
      assetNr: 50,
      projectNr: 50,
      shortname: 50,
      provider: 200,
      vendor: 200,
      docUrl: 1000,
      cockpitid: 100,
      iamId: 50,
      issueId: 100,
      className: 100,
      comment: 2000,
    }));
});

describe('requiredText', () => {
  describe.each([1, 50, 200, 2000])('allowing at most %i characters', (max) => {
    const schema = requiredText(max);

    it('accepts exactly the maximum', () => expect(schema.parse('x'.repeat(max))).toBe('x'.repeat(max)));

    it('rejects one character more with "at most N characters"', () => {
      const result = schema.safeParse('x'.repeat(max + 1));
      expect(result.success).toBe(false);
      expect(messages(result)).toEqual([`at most ${max} characters`]);
    });

    it('trims before checking the length', () =>
      expect(schema.parse(`  ${'x'.repeat(max)}\n\t`)).toBe('x'.repeat(max)));
  });

  it('returns the trimmed text', () => expect(requiredText(200).parse('  Fahrplan  ')).toBe('Fahrplan'));

  it.each([
    ['an empty string', ''],
    ['whitespace only', '  \n\t '],
    ['undefined', undefined],
    ['null', null],
  ])('rejects %s with "required"', (_, value) => {
    const result = requiredText(200).safeParse(value);
    expect(result.success).toBe(false);
    expect(messages(result)).toEqual(['required']);
  });

  it('rejects a value that is not a string with "required"', () =>
    expect(messages(requiredText(200).safeParse(42))).toEqual(['required']));
});

describe('optionalText', () => {
  describe.each([1, 50, 1000])('allowing at most %i characters', (max) => {
    const schema = optionalText(max);

    it('accepts exactly the maximum', () => expect(schema.parse('y'.repeat(max))).toBe('y'.repeat(max)));

    it('rejects one character more with "at most N characters"', () => {
      const result = schema.safeParse('y'.repeat(max + 1));
      expect(result.success).toBe(false);
      expect(messages(result)).toEqual([`at most ${max} characters`]);
    });

    it('trims before checking the length', () =>
      expect(schema.parse(` ${'y'.repeat(max)} `)).toBe('y'.repeat(max)));
  });

  it('returns the trimmed text', () => expect(optionalText(200).parse('  Anna  ')).toBe('Anna'));

  it.each([
    ['an empty string', ''],
    ['whitespace only', '   '],
    ['undefined', undefined],
    ['null', null],
  ])('turns %s into null', (_, value) => expect(optionalText(200).parse(value)).toBeNull());

  it('rejects a value that is not a string', () =>
    expect(optionalText(200).safeParse(42).success).toBe(false));
});

describe('requiredName (names and titles)', () => {
  const schema = requiredName(200);

  it.each([
    ['NUL', 'Portal\u0000'],
    ['a tab inside', 'Port\tal'],
    ['a line break inside', 'Port\nal'],
    ['DEL', 'Portal\u007F x'],
    ['a C1 control', 'Portal \u0085 x'],
    ['a right-to-left override', 'invoice\u202Efdp.exe'],
    ['a left-to-right embedding', '\u202AEmbedded'],
    ['a first-strong isolate', 'a \u2068b\u2069'],
  ])('refuses %s, naming the rule', (_, name) => {
    const result = schema.safeParse(name);
    expect(result.success).toBe(false);
    expect(messages(result)).toEqual([hiddenCharactersMessage]);
  });

  it('keeps everything else byte for byte: other scripts, marks, joiners, emoji', () => {
    for (const name of [
      'Café crème',
      'Cafe\u0301 composed apart',
      'مشروع \u200F(RTL mark)',
      'Familie 👨‍👩‍👧 & Co.',
      'Zero\u200Bwidth space',
      '東京 Ⅻ №5 — “quoted”',
    ])
      expect(schema.parse(name)).toBe(name);
  });

  it('still trims around the name, and refuses an empty one', () => {
    expect(schema.parse('  Portal \n')).toBe('Portal');
    expect(messages(schema.safeParse(' \t '))).toEqual(['required']);
  });
});
