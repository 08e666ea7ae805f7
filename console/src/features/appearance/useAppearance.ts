import { useMantineColorScheme } from '@mantine/core';
import type { ConsoleTheme } from '@fahrplan/contracts';
import { showHighContrast, useHighContrast } from './appearance';
import { colorSchemeOf, themeOf } from './schemes';

/** A change of appearance: what it names replaces what shows. */
export interface AppearanceChange {
  readonly theme?: ConsoleTheme;
  readonly highContrast?: boolean;
}

/** The appearance shown in this browser, and `show` to change it at once (and for the next page load). */
export function useAppearance() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const highContrast = useHighContrast();
  const show = ({ theme, highContrast: contrast }: AppearanceChange) => {
    if (theme !== undefined) setColorScheme(colorSchemeOf(theme));
    if (contrast !== undefined) showHighContrast(contrast);
  };
  return { theme: themeOf(colorScheme), highContrast, show };
}
