import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fittingLabel, ticks, valueToX } from '../timeScale';
import type { AxisScale, Tick, TimeRange } from '../timeScale';
import { axisHeight, axisRowHeight, sidebarWidth } from './timelineLayout';

/** The sticky date axis: the major ticks (bold) over the minor ones. */
export function Axis({
  range,
  width,
  scale,
  minorTicks: minor,
}: {
  range: TimeRange;
  width: number;
  scale: AxisScale;
  minorTicks: readonly Tick[];
}) {
  const { t } = useTranslation('timeline');
  const major = scale.major ? ticks(t, range, scale.major, 1, true) : [];
  const cell = (tick: { start: number; end: number; label: string }, top: number, bold: boolean) => {
    const left = Math.max(0, valueToX(tick.start, range, width));
    const right = Math.min(width, valueToX(tick.end, range, width));
    return (
      <div
        key={`${top}-${tick.start}`}
        style={{
          position: 'absolute',
          top,
          left: sidebarWidth + left,
          width: Math.max(0, right - left),
          height: axisRowHeight,
          borderLeft: '1px solid var(--mantine-color-default-border)',
          paddingLeft: 4,
          fontSize: 12,
          lineHeight: `${axisRowHeight}px`,
          fontWeight: bold ? 600 : 400,
          overflow: 'hidden',
          whiteSpace: 'nowrap',
        }}
        data-testid={`axis-${bold ? 'major' : 'minor'}-label`}
      >
        {fittingLabel(tick.label, right - left)}
      </div>
    );
  };
  return (
    <div
      data-testid="timeline-axis"
      data-scale={scale.unit}
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 5,
        height: axisHeight,
        background: 'var(--mantine-color-body)',
        borderBottom: '1px solid var(--mantine-color-default-border)',
        overflow: 'hidden',
      }}
    >
      <Text size="xs" c="dimmed" fw={600} style={{ position: 'absolute', left: 8, top: 14 }}>
        {t('view.projects')}
      </Text>
      {major.map((t) => cell(t, 0, true))}
      {minor.map((t) => cell(t, scale.major ? axisRowHeight : axisRowHeight / 2, false))}
    </div>
  );
}
