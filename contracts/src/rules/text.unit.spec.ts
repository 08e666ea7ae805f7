import { brToLineBreaks, lineBreaksToBr, trimFields, trimText } from './text';

describe('trimText', () => {
  it.each([
    ['  hello  ', 'hello'],
    ['\thello\n', 'hello'],
    ['a  b', 'a  b'],
    ['x', 'x'],
  ])('trims %j to %j', (input, expected) => expect(trimText(input)).toBe(expected));

  it.each([
    ['an empty string', ''],
    ['whitespace only', ' \t\r\n '],
    ['null', null],
    ['undefined', undefined],
  ])('turns %s into null', (_, input) => expect(trimText(input)).toBeNull());
});

describe('trimFields', () => {
  it('trims every top-level string and turns empty ones into null', () => {
    expect(trimFields({ title: '  Plan  ', shortname: '   ', description: '', contact: 'Anna' })).toEqual({
      title: 'Plan',
      shortname: null,
      description: null,
      contact: 'Anna',
    });
  });

  it('leaves other values and nested objects as they are', () => {
    const nested = { name: '  inner  ' };
    const list = ['  a  '];
    const result = trimFields({ id: 7, done: false, none: null, nested, list, start: undefined });
    expect(result).toEqual({ id: 7, done: false, none: null, nested, list, start: undefined });
    expect(result.nested).toBe(nested);
    expect(nested.name).toBe('  inner  ');
    expect(list[0]).toBe('  a  ');
  });

  it('does not change its argument', () => {
    const input = { title: ' x ' };
    const output = trimFields(input);
    expect(input.title).toBe(' x ');
    expect(output).not.toBe(input);
    expect(output.title).toBe('x');
  });
});

describe('lineBreaksToBr', () => {
  it.each([
    ['a\nb', 'a<br>b'],
    ['a\r\nb', 'a<br>b'],
    ['a\rb', 'a<br>b'],
    ['a\n\nb', 'a<br><br>b'],
    ['a\r\n\r\nb', 'a<br><br>b'],
    ['a\n\rb', 'a<br><br>b'],
    ['\nstart and end\n', '<br>start and end<br>'],
    ['no breaks', 'no breaks'],
    ['', ''],
  ])('converts %j to %j', (input, expected) => expect(lineBreaksToBr(input)).toBe(expected));
});

describe('brToLineBreaks', () => {
  it.each([
    ['a<br>b', 'a\nb'],
    ['a<br/>b', 'a\nb'],
    ['a<br />b', 'a\nb'],
    ['a<BR>b', 'a\nb'],
    ['a<Br />b', 'a\nb'],
    ['a<br><br>b', 'a\n\nb'],
    ['no tags', 'no tags'],
    ['a<b>r</b>', 'a<b>r</b>'],
    ['a<brx>b', 'a<brx>b'],
    ['', ''],
  ])('converts %j to %j', (input, expected) => expect(brToLineBreaks(input)).toBe(expected));

  it('reverses lineBreaksToBr for text with \\n line breaks', () => {
    const text = 'first line\nsecond line\n\nafter a blank line';
    expect(brToLineBreaks(lineBreaksToBr(text))).toBe(text);
  });
});
