import { useMemo } from 'react';
import { useComputedColorScheme } from '@mantine/core';
import { useHighContrast } from './appearance';
import { chartShade } from './schemes';

/** What a chart (ApexCharts takes colours, not CSS variables) draws with in the appearance shown. */
export interface ChartColours {
  /** ApexCharts' theme mode: its tooltips and defaults. */
  readonly mode: 'light' | 'dark';
  /** The shade of a Mantine colour for marks (`chartShade`). */
  readonly shade: number;
  readonly text: string;
  readonly grid: string;
  /** The page's ground: outlines that separate marks. */
  readonly body: string;
}

/** The chart colours of the appearance shown; a new object when the scheme or the contrast changes. */
export function useChartColours(): ChartColours {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const highContrast = useHighContrast();
  return useMemo(() => {
    // read after the switch set <html>'s attributes: the tokens of appearance.css and Mantine's variables
    const css = getComputedStyle(document.documentElement);
    const read = (name: string) => css.getPropertyValue(name).trim();
    return {
      mode: scheme,
      shade: chartShade(scheme, highContrast),
      text: read('--mantine-color-text'),
      grid: read('--fahrplan-row-border'),
      body: read('--mantine-color-body'),
    };
  }, [scheme, highContrast]);
}

/**
 * A chart's frame as the console's data charts draw it: the theme's font, the text colour of the
 * appearance shown, no ground of its own, no toolbar and no animation.
 */
export const chartFrame = (colours: ChartColours, fontFamily: string | undefined) => ({
  fontFamily,
  foreColor: colours.text,
  background: 'transparent',
  toolbar: { show: false },
  animations: { enabled: false },
});
