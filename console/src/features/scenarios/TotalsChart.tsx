import { useMemo } from 'react';
import { useMantineTheme } from '@mantine/core';
import Chart from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import { useTranslation } from 'react-i18next';
import { chartFrame, useChartColours } from '../appearance/useChartColours';
import { formatNumber } from '../common/numbers';
import type { ComparedSide } from './comparison';

/**
 * Budget and effort of the live plan and each scenario as bars side by side (ApexCharts, as the
 * portfolio chart): one group per figure, one bar per side. The table beside it says the same in words.
 */
export function TotalsChart({ sides }: { sides: readonly ComparedSide[] }) {
  const { t } = useTranslation('scenarios');
  const theme = useMantineTheme();
  const colours = useChartColours();
  const palette = ['gray', 'grape', 'blue', 'teal'] as const;
  const series = useMemo(
    () =>
      sides.map((side) => ({
        name: side.name,
        data: [side.totals.budget / 1000, side.totals.effortWorkingDays],
      })),
    [sides],
  );
  const options = useMemo(
    (): ApexOptions => ({
      chart: {
        type: 'bar',
        ...chartFrame(colours, theme.fontFamily),
        accessibility: { enabled: true, description: t('compare.chartDescription') },
      },
      theme: { mode: colours.mode },
      colors: sides.map((_, i) => theme.colors[palette[i % palette.length]!]![colours.shade]!),
      plotOptions: { bar: { horizontal: true, barHeight: '70%' } },
      dataLabels: { enabled: true, formatter: (value) => formatNumber(Number(value)) },
      xaxis: {
        categories: [t('compare.budgetThousands'), t('compare.effortDays')],
        labels: { formatter: (value) => formatNumber(Number(value)) },
      },
      grid: { borderColor: colours.grid },
      legend: { show: true, position: 'top', horizontalAlign: 'left' },
      tooltip: { theme: colours.mode, y: { formatter: (value) => formatNumber(Number(value)) } },
    }),
    // the palette is a constant list
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sides, theme, colours, t],
  );
  return (
    <div data-testid="scenario-totals-chart">
      <Chart type="bar" series={series} options={options} height={220} />
    </div>
  );
}
