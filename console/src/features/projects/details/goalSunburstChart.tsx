import { useMemo } from 'react';
import { useMantineTheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MantineTheme } from '@mantine/core';
import Chart from 'react-apexcharts';
import type { Props as ChartProps } from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import { colourSunburst } from './goalTree';
import type { SunburstDatum } from './goalTree';

interface Props {
  readonly data: readonly SunburstDatum[];
  readonly height: number;
}

// react-apexcharts 2.2 types list the chart types of its 1.x days; ApexCharts 7.9 draws 'sunburst'.
const sunburst = 'sunburst' as ChartProps['type'];

const palette = (theme: MantineTheme) =>
  (['blue', 'teal', 'grape', 'orange', 'cyan', 'pink', 'lime', 'indigo'] as const).map(
    (c) => theme.colors[c][6],
  );

/** The ApexCharts sunburst itself, in its own module so the dialog can load it lazily. */
export default function GoalSunburstChart({ data, height }: Props) {
  const { t } = useTranslation('projects');
  const theme = useMantineTheme();
  // Stable options: a change of `data` alone goes through updateSeries, which animates the arcs.
  const options = useMemo<ApexOptions>(
    () => ({
      chart: { fontFamily: 'inherit', toolbar: { show: false }, animations: { enabled: true } },
      colors: palette(theme),
      legend: { show: false },
      tooltip: { enabled: true },
      plotOptions: {
        sunburst: {
          innerSize: '18%',
          tint: 0.22,
          leaf: 'extend',
          dataLabels: { show: true, minAngleToShow: 14, style: { fontSize: '11px' } },
        },
      },
    }),
    [theme],
  );
  const series = useMemo(
    () => [{ name: t('sunburst.series'), data: colourSunburst(data, palette(theme), theme.colors.gray[6]) }],
    [data, theme, t],
  );
  return <Chart type={sunburst} series={series} options={options} height={height} />;
}
