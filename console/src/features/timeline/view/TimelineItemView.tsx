import { memo } from 'react';
import type { KeyboardEvent } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconCheck } from '@tabler/icons-react';
import { optionOf } from '@fahrplan/contracts';
import { useItem, useTimelineContext } from 'dnd-timeline';
import type { PlacedItem } from '../timelineRows';
import { pointSize, resizeHandle, rowPadding, slotHeight } from './timelineLayout';
import type { ItemData } from './timelineLayout';
import { useOptionLists } from '../../options/useOptionLists';
import { formatNumber } from '../../common/numbers';

interface ItemViewProps {
  placed: PlacedItem;
  /** Whether a milestone shows its title beside the diamond (ranges always do). */
  label: boolean;
  rowIndex: number;
  disabled: boolean;
  saving: boolean;
  onOpen: (id: number) => void;
  onKey: (placed: PlacedItem, rowIndex: number, event: KeyboardEvent<HTMLDivElement>) => void;
  /** Working days the item can slip without moving the chosen milestone (a critical path is shown). */
  float?: number;
  /** On the critical path: outlined, not only coloured. */
  onPath?: boolean;
}

/**
 * A locked item (a viewer's, a shared one) cannot be dragged but still opens, read-only: a button that
 * opens, so none of the drag library's disabled or draggable semantics.
 */
const lockedSemantics = {
  'aria-disabled': undefined,
  'aria-roledescription': undefined,
  'aria-describedby': undefined,
} as const;

export const TimelineItemView = memo(function TimelineItemView({
  placed,
  label: showLabel,
  rowIndex,
  disabled,
  saving,
  onOpen,
  onKey,
  float,
  onPath = false,
}: ItemViewProps) {
  const { t } = useTranslation('timeline');
  const { pixelsToValue } = useTimelineContext();
  const { item } = placed;
  const point = item.end === null;
  const half = pixelsToValue(pointSize / 2);
  const span = point
    ? { start: placed.start - half, end: placed.start + half }
    : { start: placed.start, end: placed.end };
  const data: ItemData = { placed, rowIndex };
  const { setNodeRef, attributes, listeners, itemStyle, itemContentStyle, isDragging } = useItem({
    id: String(item.id),
    span,
    data,
    disabled,
    // a milestone is a point: it moves but has no edges to drag
    resizeHandleWidth: point ? -1 : resizeHandle,
  });
  // the item's status by its label; one that counts as done shows a check (issue 19)
  const status = optionOf(useOptionLists(), 'itemStatus', item.status);
  const statusLabel = status?.label ?? t('item.status', { status: item.status });
  const start = item.start.replace('T', ' ');
  const label =
    item.end === null
      ? t('item.milestone', { title: item.title, start, status: statusLabel })
      : t('item.task', { title: item.title, start, end: item.end.replace('T', ' '), status: statusLabel });
  const floatText =
    float === undefined
      ? undefined
      : onPath
        ? t('critical.onPath', { float: formatNumber(float) })
        : t('critical.float', { float: formatNumber(float) });
  return (
    <div
      ref={setNodeRef}
      data-timeline-item
      data-item-id={item.id}
      data-testid={point ? 'timeline-milestone' : 'timeline-task'}
      // Mantine's focus ring, as on its own controls: the keyboard moves the focused item
      className={item.className ? `${item.className} mantine-focus-auto` : 'mantine-focus-auto'}
      {...attributes}
      {...(disabled && lockedSemantics)}
      {...listeners}
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-description={floatText}
      // while its change is being saved: the drawn place is not stored yet
      aria-busy={saving || undefined}
      title={floatText ? `${item.title} · ${statusLabel} · ${floatText}` : `${item.title} · ${statusLabel}`}
      data-critical={onPath || undefined}
      data-done={status?.done === true || undefined}
      onClick={() => onOpen(item.id)}
      onKeyDown={(e) => onKey(placed, rowIndex, e)}
      style={{
        ...itemStyle,
        top: rowPadding + placed.slot * slotHeight,
        height: slotHeight - 4,
        zIndex: isDragging ? 20 : 1,
        opacity: saving ? 0.6 : 1,
        cursor: disabled ? 'pointer' : itemStyle.cursor,
        ...(onPath && {
          outline: '3px solid var(--mantine-primary-color-filled)',
          outlineOffset: 1,
          borderRadius: 4,
        }),
      }}
    >
      {point ? (
        <div style={{ display: 'flex', alignItems: 'center', height: '100%', whiteSpace: 'nowrap' }}>
          <div
            style={{
              width: pointSize - 4,
              height: pointSize - 4,
              margin: 2,
              flex: 'none',
              transform: 'rotate(45deg)',
              background: item.shared ? 'var(--fahrplan-milestone-shared)' : 'var(--fahrplan-milestone)',
            }}
          />
          {showLabel && (
            <Text size="xs" ml={4} style={{ pointerEvents: 'none' }}>
              {item.title}
            </Text>
          )}
        </div>
      ) : (
        <div style={itemContentStyle}>
          <div
            style={{
              flex: 1,
              display: 'flex',
              alignItems: 'center',
              overflow: 'hidden',
              padding: '0 6px',
              borderRadius: 4,
              fontSize: 12,
              whiteSpace: 'nowrap',
              color: item.shared ? 'var(--fahrplan-bar-shared-text)' : 'var(--fahrplan-bar-text)',
              background: item.shared ? 'var(--fahrplan-bar-shared)' : 'var(--fahrplan-bar)',
              boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
            }}
          >
            {status?.done && <IconCheck size={12} aria-hidden style={{ flex: 'none', marginRight: 4 }} />}
            {item.title}
          </div>
        </div>
      )}
    </div>
  );
});
