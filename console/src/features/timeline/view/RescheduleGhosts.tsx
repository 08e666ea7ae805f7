import { useTranslation } from 'react-i18next';
import type { ScheduleMove } from '@fahrplan/contracts';
import { shownItemDates } from '../../common/listDate';
import type { PlacedItem } from '../timelineRows';
import { toMs, valueToX } from '../timeScale';
import type { TimeRange } from '../timeScale';
import { pointSize, rowPadding, slotHeight } from './timelineLayout';

/**
 * Where a drag would move the items of this row (issue 21): a dashed ghost bar at each one's new
 * dates, in its own slot, labelled with them; the bars themselves stay where they are until the drop.
 */
export function RescheduleGhosts({
  items,
  ghosts,
  range,
  width,
}: {
  items: readonly PlacedItem[];
  ghosts: ReadonlyMap<number, ScheduleMove>;
  range: TimeRange;
  width: number;
}) {
  const { t } = useTranslation('timeline');
  return items.map(({ item, slot }) => {
    const ghost = ghosts.get(item.id);
    if (!ghost) return null;
    const dates = shownItemDates(ghost);
    const left = valueToX(toMs(ghost.start), range, width);
    const right = ghost.end === null ? left : valueToX(toMs(ghost.end), range, width);
    const label =
      dates.end === null
        ? t('reschedule.ghostMilestone', { title: item.title, start: dates.start })
        : t('reschedule.ghostTask', { title: item.title, start: dates.start, end: dates.end });
    return (
      <div
        key={item.id}
        data-testid="reschedule-ghost"
        data-item-id={item.id}
        data-start={ghost.start}
        data-end={ghost.end ?? undefined}
        role="img"
        aria-label={label}
        title={label}
        style={{
          position: 'absolute',
          top: rowPadding + slot * slotHeight,
          height: slotHeight - 4,
          left: ghost.end === null ? left - pointSize / 2 : left,
          width: Math.max(pointSize, right - left),
          border: '2px dashed var(--fahrplan-bar)',
          borderRadius: 4,
          background: 'var(--mantine-color-body)',
          color: 'var(--mantine-color-text)',
          fontSize: 12,
          padding: '0 4px',
          whiteSpace: 'nowrap',
          overflow: 'visible',
          display: 'flex',
          alignItems: 'center',
          pointerEvents: 'none',
          zIndex: 10,
        }}
      >
        {dates.end === null
          ? dates.start
          : t('reschedule.ghostDates', { start: dates.start, end: dates.end })}
      </div>
    );
  });
}
