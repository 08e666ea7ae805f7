import { describe, expect, it } from '@jest/globals';
import { consoleThemes } from '@fahrplan/contracts';
import { chartShade, colorSchemeOf, themeOf } from './schemes';

describe('colour schemes', () => {
  it("a user's 'system' is Mantine's 'auto'; light and dark are the same in both", () => {
    expect(colorSchemeOf('system')).toBe('auto');
    expect(colorSchemeOf('light')).toBe('light');
    expect(colorSchemeOf('dark')).toBe('dark');
  });

  it('reads every theme back as it was chosen', () => {
    for (const theme of consoleThemes) expect(themeOf(colorSchemeOf(theme))).toBe(theme);
  });

  it('charts draw darker shades on light ground and lighter ones on dark, high contrast one step further', () => {
    expect(chartShade('light', false)).toBe(8);
    expect(chartShade('light', true)).toBe(9);
    expect(chartShade('dark', false)).toBe(4);
    expect(chartShade('dark', true)).toBe(3);
  });
});
