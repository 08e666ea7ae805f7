import { useLayoutEffect, useMemo, useRef } from 'react';
import { Group, Paper, SegmentedControl, Stack, Text, VisuallyHidden, useMantineTheme } from '@mantine/core';
import { IconChartBubble } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Chart from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import type { GroupView } from '@fahrplan/contracts';
import { chartFrame, useChartColours } from '../appearance/useChartColours';
import { EmptyState } from '../common/EmptyState';
import { formatNumber } from '../common/numbers';
import { describePoint, formatSize, portfolioSeries } from './portfolioSeries';
import { useOptionLists } from '../options/useOptionLists';
import type { BubbleSize, Portfolio } from './portfolioSeries';

interface Props {
  /** The projects the chart shows: the highest priorities of those the filters match. */
  projects: readonly GroupView[];
  /** More projects match than the chart shows. */
  more: boolean;
  size: BubbleSize;
  onSizeChange: (size: BubbleSize) => void;
  onOpen: (id: number) => void;
  emptyText: string;
}

const sizeOptions = (t: TFunction<'projects'>) => [
  { value: 'effort', label: t('chart.sizeEffort') },
  { value: 'budget', label: t('chart.sizeBudget') },
];

/** Ticks run from -1 to 11 so spread bubbles at 0 and 10 stay inside the plot; only 0–10 are labelled. */
const scaleLabel = (value: string | number) => {
  const n = Math.round(Number(value));
  return n < 0 || n > 10 ? '' : String(n);
};

/** The chart's caption: whole sentences, one per fact. */
const caption = (portfolio: Portfolio, size: BubbleSize, t: TFunction<'projects'>) =>
  [
    size === 'effort' ? t('chart.captionEffort') : t('chart.captionBudget'),
    portfolio.largest === null
      ? null
      : t('chart.captionLargest', { size: formatSize(portfolio.largest, size, t) }),
    portfolio.withoutSize === 0
      ? null
      : size === 'effort'
        ? t('chart.captionWithoutDates', { count: portfolio.withoutSize })
        : t('chart.captionWithoutBudget', { count: portfolio.withoutSize }),
    t('chart.captionSpread'),
  ]
    .filter((sentence) => sentence !== null)
    .join(' ');

/** The portfolio bubble chart: importance against urgency, sized by effort or budget, coloured by health. */
export function PortfolioChart({ projects, more, size, onSizeChange, onOpen, emptyText }: Props) {
  const { t } = useTranslation('projects');
  const theme = useMantineTheme();
  const colours = useChartColours();
  const lists = useOptionLists();
  const portfolio = useMemo(() => portfolioSeries(projects, size, t, lists), [projects, size, t, lists]);
  // ApexCharts keeps the options it was given; the handlers read the current data through refs
  const current = useRef({ portfolio, size, onOpen, lists, t });
  useLayoutEffect(() => {
    current.current = { portfolio, size, onOpen, lists, t };
  }, [portfolio, size, onOpen, lists, t]);

  const series = useMemo(
    () =>
      portfolio.series.map((s) => ({
        name: s.name,
        data: s.points.map((p) => [p.x, p.y, p.z]),
      })),
    [portfolio],
  );

  const options = useMemo((): ApexOptions => {
    const pointAt = (seriesIndex: number, dataPointIndex: number) =>
      current.current.portfolio.series[seriesIndex]?.points[dataPointIndex];
    return {
      chart: {
        type: 'bubble',
        ...chartFrame(colours, theme.fontFamily),
        zoom: { enabled: false },
        accessibility: {
          enabled: true,
          description:
            size === 'effort'
              ? t('chart.descriptionEffort', { count: portfolio.count })
              : t('chart.descriptionBudget', { count: portfolio.count }),
        },
        events: {
          dataPointSelection: (_event, _chart, opts) => {
            const point = opts ? pointAt(opts.seriesIndex, opts.dataPointIndex) : undefined;
            if (point) current.current.onOpen(point.id);
          },
        },
      },
      theme: { mode: colours.mode },
      colors: portfolio.series.map((s) => (theme.colors[s.colour] ?? theme.colors.gray)[colours.shade]!),
      fill: { opacity: 0.62 },
      stroke: { width: 1, colors: [colours.body] },
      dataLabels: { enabled: false },
      // z is the radius in pixels (portfolioSeries scales it by area)
      plotOptions: { bubble: { zScaling: false } },
      states: { active: { filter: { type: 'none' } } },
      xaxis: {
        type: 'numeric',
        min: -1,
        max: 11,
        tickAmount: 12,
        title: { text: t('chart.importance') },
        labels: { formatter: scaleLabel },
        tooltip: { enabled: false },
      },
      yaxis: {
        min: -1,
        max: 11,
        tickAmount: 12,
        // ApexCharts puts a rotated title's ascenders at the edge: a capital (Dringlichkeit) would be cut
        title: { text: t('chart.urgency'), offsetX: 6 },
        labels: { formatter: scaleLabel },
      },
      grid: {
        borderColor: colours.grid,
        xaxis: { lines: { show: true } },
        yaxis: { lines: { show: true } },
      },
      annotations: {
        xaxis: [{ x: 5, borderColor: colours.text, strokeDashArray: 4 }],
        yaxis: [{ y: 5, borderColor: colours.text, strokeDashArray: 4 }],
      },
      legend: { show: true, showForSingleSeries: true, position: 'top', horizontalAlign: 'left' },
      tooltip: {
        theme: colours.mode,
        custom: ({ seriesIndex, dataPointIndex }) => {
          const point = pointAt(seriesIndex, dataPointIndex);
          const box = document.createElement('div');
          box.style.padding = '6px 10px';
          if (!point) return box;
          // text nodes, not HTML: titles are user input
          describePoint(point, current.current.size, current.current.t, current.current.lists).forEach(
            (line, i) => {
              const row = document.createElement('div');
              row.textContent = line;
              if (i === 0) row.style.fontWeight = '600';
              box.appendChild(row);
            },
          );
          return box;
        },
      },
    };
  }, [portfolio, size, theme, colours, t]);

  const sizeControl = (
    <Group gap="xs">
      <Text size="sm" id="bubble-size-label">
        {t('chart.bubbleSize')}
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby="bubble-size-label"
        data={sizeOptions(t)}
        value={size}
        onChange={(value) => onSizeChange(value as BubbleSize)}
      />
    </Group>
  );

  if (portfolio.count === 0) {
    return (
      <Stack>
        {sizeControl}
        <EmptyState icon={IconChartBubble} text={emptyText} />
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      {sizeControl}
      <Paper withBorder radius="sm" p="sm" data-testid="portfolio-chart">
        <Chart type="bubble" height={560} series={series} options={options} />
      </Paper>
      {more && (
        <Text size="sm" role="status">
          {t('chart.more', { shown: formatNumber(projects.length) })}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {caption(portfolio, size, t)}
      </Text>
      <VisuallyHidden>
        <ul aria-label={t('chart.bubbles')}>
          {portfolio.series.flatMap((s) =>
            s.points.map((p) => <li key={p.id}>{describePoint(p, size, t, lists).join('; ')}</li>),
          )}
        </ul>
      </VisuallyHidden>
    </Stack>
  );
}
