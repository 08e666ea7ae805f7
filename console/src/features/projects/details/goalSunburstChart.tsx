import { useMemo } from 'react';
import { useMantineTheme } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { MantineTheme } from '@mantine/core';
import Chart from 'react-apexcharts';
import type { Props as ChartProps } from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import { useChartColours } from '../../appearance/useChartColours';
import { colourSunburst } from './goalTree';
import type { SunburstDatum } from './goalTree';

interface Props {
  readonly data: readonly SunburstDatum[];
  readonly height: number;
}

// react-apexcharts 2.2 types list the chart types of its 1.x days; ApexCharts 7.9 draws 'sunburst'.
const sunburst = 'sunburst' as ChartProps['type'];

const palette = (theme: MantineTheme, shade: number) =>
  (['blue', 'teal', 'grape', 'orange', 'cyan', 'pink', 'lime', 'indigo'] as const).map(
    (c) => theme.colors[c][shade]!,
  );

/** The ApexCharts sunburst itself, in its own module so the dialog can load it lazily. */
export default function GoalSunburstChart({ data, height }: Props) {
  const { t } = useTranslation('projects');
  const theme = useMantineTheme();
  const colours = useChartColours();
  const reduceMotion = useReducedMotion();
  // The rings are tinted lighter outwards and carry their labels: on light ground shade 6 with the dark
  // text (5:1 and more, tinted too), on dark ground the chart shade with the page's dark ground as text.
  const dark = colours.mode === 'dark';
  const shade = dark ? colours.shade : 6;
  const labels = dark ? colours.body : colours.text;
  // Stable options: a change of `data` alone goes through updateSeries, which animates the arcs.
  const options = useMemo<ApexOptions>(
    () => ({
      chart: {
        fontFamily: 'inherit',
        foreColor: colours.text,
        background: 'transparent',
        toolbar: { show: false },
        animations: { enabled: !reduceMotion },
      },
      theme: { mode: colours.mode },
      colors: palette(theme, shade),
      stroke: { colors: [colours.body] },
      legend: { show: false },
      tooltip: { enabled: true, theme: colours.mode },
      plotOptions: {
        sunburst: {
          innerSize: '18%',
          tint: 0.22,
          leaf: 'extend',
          dataLabels: {
            show: true,
            minAngleToShow: 14,
            style: { fontSize: '11px', colors: [labels] },
          },
        },
      },
    }),
    [theme, colours, shade, labels, reduceMotion],
  );
  const series = useMemo(
    () => [
      {
        name: t('sunburst.series'),
        data: colourSunburst(data, palette(theme, shade), theme.colors.gray[shade]!),
      },
    ],
    [data, theme, shade, t],
  );
  return <Chart type={sunburst} series={series} options={options} height={height} />;
}
