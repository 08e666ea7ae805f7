import { adfToText, adfVersionOf, isAdfDocument, toAdf } from './adf';

describe('toAdf (§7 rich-text wrapping)', () => {
  it('wraps plain text into a version-1 document of one paragraph with one text node', () => {
    expect(toAdf('Deploy on Friday')).toEqual({
      type: 'doc',
      version: 1,
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Deploy on Friday' }] }],
    });
  });

  it('carries a given version (an edit reuses the stored one)', () => {
    expect(toAdf('x', 3).version).toBe(3);
  });

  it('keeps line breaks and special characters inside the one text node', () => {
    const text = 'line 1\nline 2 <b>&"ü"';
    expect(toAdf(text).content[0]?.content?.[0]?.text).toBe(text);
  });

  it('makes an empty paragraph of an empty string (Jira refuses empty text nodes)', () => {
    expect(toAdf('').content).toEqual([{ type: 'paragraph', content: [] }]);
  });
});

describe('adfVersionOf', () => {
  it('reads the stored document version', () => {
    expect(adfVersionOf({ type: 'doc', version: 2, content: [] })).toBe(2);
  });

  it.each([
    [null],
    [undefined],
    ['plain'],
    [{ type: 'doc', content: [] }],
    [{ type: 'doc', version: 0, content: [] }],
  ])('falls back to 1 for %p', (stored) => {
    expect(adfVersionOf(stored)).toBe(1);
  });
});

describe('adfToText (data center stores strings)', () => {
  it('joins blocks by lines and keeps inline text, breaks and mentions', () => {
    const doc = {
      type: 'doc' as const,
      version: 1,
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Hello ' },
            { type: 'mention', attrs: { id: 'x', text: '@Ada' } },
            { type: 'hardBreak' },
            { type: 'text', text: 'next' },
          ],
        },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }] },
          ],
        },
      ],
    };
    expect(adfToText(doc)).toBe('Hello @Ada\nnext\none');
  });

  it('round-trips toAdf', () => {
    expect(adfToText(toAdf('plain words'))).toBe('plain words');
  });

  it('recognises documents', () => {
    expect(isAdfDocument(toAdf('a'))).toBe(true);
    expect(isAdfDocument('a')).toBe(false);
    expect(isAdfDocument({ type: 'paragraph', content: [] })).toBe(false);
  });
});
