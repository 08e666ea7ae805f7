import { memo } from 'react';
import type { CSSProperties, KeyboardEvent, MouseEvent } from 'react';
import { Group, Text, Tooltip } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRow } from 'dnd-timeline';
import type { ScheduleMove } from '@fahrplan/contracts';
import { valueToX } from '../timeScale';
import type { TimeRange } from '../timeScale';
import type { CriticalHighlight } from '../dependencyArrows';
import type { LaneRow, PlacedItem } from '../timelineRows';
import { TruncatedText } from '../../common/TruncatedText';
import { pointLabelPx } from './timelineLayout';
import type { RowActions, RowData } from './timelineLayout';
import { RescheduleGhosts } from './RescheduleGhosts';
import { TimelineItemView } from './TimelineItemView';
import { BaselineLayer } from './BaselineLayer';
import type { BaselineOverlay } from '../baselineOverlay';

interface LaneRowProps {
  row: LaneRow;
  rowIndex: number;
  top: number;
  height: number;
  range: TimeRange;
  items: PlacedItem[];
  backgrounds: PlacedItem[];
  width: number;
  readOnly: boolean;
  pending: ReadonlySet<number> | undefined;
  ghosts: ReadonlyMap<number, ScheduleMove> | undefined;
  onOpen: (id: number) => void;
  onKey: (placed: PlacedItem, rowIndex: number, event: KeyboardEvent<HTMLDivElement>) => void;
  onCreate: (row: LaneRow, event: MouseEvent<HTMLDivElement>) => void;
  projectActions: RowActions | undefined;
  laneActions: RowActions | undefined;
  baseline?: BaselineOverlay | null;
  critical?: CriticalHighlight | null;
}

export function LaneRowView({
  row,
  rowIndex,
  top,
  height,
  range,
  items,
  backgrounds,
  width,
  readOnly,
  pending,
  ghosts,
  onOpen,
  onKey,
  onCreate,
  projectActions,
  laneActions,
  baseline,
  critical,
}: LaneRowProps) {
  const locked = readOnly || row.shared;
  const data: RowData = { groupId: row.groupId, laneId: row.laneId, locked };
  const { setNodeRef, rowWrapperStyle, rowStyle, rowSidebarStyle, isOver } = useRow({
    id: row.key,
    data,
    disabled: locked,
  });
  return (
    <div
      data-testid="timeline-row"
      data-row={row.key}
      style={{
        ...rowWrapperStyle,
        position: 'absolute',
        top,
        left: 0,
        width: '100%',
        height,
        borderTop: row.first
          ? '1px solid var(--fahrplan-row-border)'
          : '1px dashed var(--fahrplan-lane-border)',
      }}
    >
      <RowSidebar
        row={row}
        style={rowSidebarStyle}
        projectActions={projectActions}
        laneActions={laneActions}
      />
      <div
        ref={setNodeRef}
        onDoubleClick={(e) => onCreate(row, e)}
        style={{
          ...rowStyle,
          background: isOver ? 'var(--fahrplan-drop)' : undefined,
        }}
      >
        {backgrounds.map((b) => (
          <Shade
            key={b.item.id}
            placed={b}
            range={range}
            width={width}
            lane={b.item.type === 'lane-background'}
          />
        ))}
        {items.map((placed, i) => (
          <TimelineItemView
            key={placed.item.id}
            placed={placed}
            label={placed.item.end !== null || pointHasRoom(items, i, range, width)}
            rowIndex={rowIndex}
            disabled={locked || placed.item.shared}
            saving={pending?.has(placed.item.id) ?? false}
            onOpen={onOpen}
            onKey={onKey}
            float={critical?.floats.get(placed.item.id)}
            onPath={critical?.path.has(placed.item.id)}
          />
        ))}
        {baseline && (
          <BaselineLayer rowKey={row.key} items={items} overlay={baseline} range={range} width={width} />
        )}
        {ghosts && ghosts.size > 0 && (
          <RescheduleGhosts items={items} ghosts={ghosts} range={range} width={width} />
        )}
      </div>
    </div>
  );
}

/** The lane's label (and the project's on its first lane): memoised, as it does not change while panning. */
export const RowSidebar = memo(function RowSidebar({
  row,
  style,
  projectActions,
  laneActions,
}: {
  row: LaneRow;
  style: CSSProperties;
  projectActions: RowActions | undefined;
  laneActions: RowActions | undefined;
}) {
  const { t } = useTranslation('timeline');
  return (
    <div
      data-timeline-sidebar
      style={{
        ...style,
        background: 'var(--mantine-color-body)',
        borderRight: '1px solid var(--mantine-color-default-border)',
        padding: '2px 8px',
        flexDirection: 'column',
        justifyContent: 'center',
        overflow: 'hidden',
        cursor: 'default',
      }}
    >
      {row.first && (
        <Group gap={4} wrap="nowrap">
          {row.shared && (
            <Tooltip label={t('row.sharedBy', { tenant: row.tenant })}>
              <IconLink
                size={14}
                aria-label={t('row.sharedByLabel', { tenant: row.tenant })}
                style={{ flex: 'none' }}
              />
            </Tooltip>
          )}
          <TruncatedText size="sm" fw={600} style={{ flex: 1, minWidth: 0 }}>
            {row.groupTitle}
          </TruncatedText>
          {row.shared && (
            <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
              {row.tenant}
            </Text>
          )}
          {projectActions?.(row)}
        </Group>
      )}
      <Group gap={2} wrap="nowrap" pl={row.first ? 0 : 8}>
        <TruncatedText size="xs" c="dimmed" style={{ flex: 1, minWidth: 0 }}>
          {row.laneName}
        </TruncatedText>
        {laneActions?.(row)}
      </Group>
    </div>
  );
});

/** Whether no later point in the same slot sits within a label's width of point `i` (items sorted by start). */
function pointHasRoom(items: readonly PlacedItem[], i: number, range: TimeRange, width: number): boolean {
  const own = items[i]!;
  const x = valueToX(own.start, range, width);
  for (let j = i + 1; j < items.length; j++) {
    const other = items[j]!;
    const dx = valueToX(other.start, range, width) - x;
    if (dx >= pointLabelPx) return true;
    if (other.slot === own.slot) return false;
  }
  return true;
}

function Shade({
  placed,
  range,
  width,
  lane,
}: {
  placed: PlacedItem;
  range: TimeRange;
  width: number;
  lane: boolean;
}) {
  const left = Math.max(-1, valueToX(placed.start, range, width));
  const right = Math.min(width + 1, valueToX(placed.end, range, width));
  if (right <= left) return null;
  return (
    <div
      data-testid={lane ? 'timeline-lane-background' : 'timeline-background'}
      title={placed.item.title}
      className={placed.item.className ?? undefined}
      style={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        left,
        width: right - left,
        background: lane ? 'var(--fahrplan-shade-lane)' : 'var(--fahrplan-shade-project)',
        opacity: 0.8,
        pointerEvents: 'none',
      }}
    />
  );
}
