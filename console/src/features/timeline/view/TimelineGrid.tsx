import { useTranslation } from 'react-i18next';
import { dayMs, todayMs, valueToX } from '../timeScale';
import type { Tick, TimeRange } from '../timeScale';
import { sidebarWidth } from './timelineLayout';

/** The lines of the minor ticks behind the rows, and today's red line. */
export function Grid({
  range,
  width,
  height,
  minorTicks,
}: {
  range: TimeRange;
  width: number;
  height: number;
  minorTicks: readonly Tick[];
}) {
  const { t } = useTranslation('timeline');
  const today = todayMs();
  const todayX = valueToX(today + dayMs / 2, range, width);
  return (
    <div
      aria-hidden
      style={{ position: 'absolute', left: sidebarWidth, top: 0, width, height, pointerEvents: 'none' }}
    >
      {minorTicks.map((t) => (
        <div
          key={t.start}
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: valueToX(t.start, range, width),
            borderLeft: '1px solid var(--fahrplan-grid)',
          }}
        />
      ))}
      {todayX >= 0 && todayX <= width && (
        <div
          data-testid="timeline-today"
          title={t('toolbar.today')}
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: todayX,
            borderLeft: '2px solid var(--fahrplan-today)',
            zIndex: 2,
          }}
        />
      )}
    </div>
  );
}
