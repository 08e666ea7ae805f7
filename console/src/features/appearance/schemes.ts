import type { ConsoleTheme } from '@fahrplan/contracts';

type ColorScheme = 'light' | 'dark' | 'auto';

/** A user's theme as Mantine's colour scheme: 'system' is Mantine's 'auto'. */
export const colorSchemeOf = (theme: ConsoleTheme): ColorScheme => (theme === 'system' ? 'auto' : theme);

/** Mantine's colour scheme as a user's theme. */
export const themeOf = (scheme: ColorScheme): ConsoleTheme => (scheme === 'auto' ? 'system' : scheme);

/**
 * The shade of a Mantine colour that a chart's marks take: 3:1 and more against the page in every
 * variant (shade 6 of orange, lime or cyan is not 3:1 on white), high contrast a step further.
 */
export const chartShade = (scheme: 'light' | 'dark', highContrast: boolean): number =>
  scheme === 'dark' ? (highContrast ? 3 : 4) : highContrast ? 9 : 8;
