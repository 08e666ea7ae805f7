import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, MouseEvent, PointerEvent, ReactNode } from 'react';
import { ActionIcon, Box, Button, Group, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconLink, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { PointerSensor, pointerWithin, useSensor, useSensors } from '@dnd-kit/core';
import type { DragEndEvent, DragStartEvent } from '@dnd-kit/core';
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import type { Range as VirtualRange } from '@tanstack/react-virtual';
import { TimelineContext, useItem, useRow, useTimelineContext, useTimelineMonitor } from 'dnd-timeline';
import type { DragItemData, ResizeEndEvent, UsePanStrategy } from 'dnd-timeline';
import type { TimelineGroup, TimelineItem } from '@fahrplan/contracts';
import {
  axisScale,
  clampRange,
  dayMs,
  floorDay,
  nearestPreset,
  panRange,
  presetRange,
  snap,
  snapStep,
  snapUnitFor,
  ticks,
  toServerDate,
  todayMs,
  valueToX,
  wheelZoomFactor,
  zoomPresets,
  zoomRange,
} from './timeScale';
import type { AxisScale, Tick, TimeRange, ZoomPreset } from './timeScale';
import { isReleaseRow, withReleaseRows } from './releaseMilestones';
import type { ReleaseMilestone } from './releaseMilestones';
import { ReleaseRowView, releaseRowHeight } from './TimelineReleases';
import { snappedMove, snappedResize } from './timelineChanges';
import type { ItemChange } from './timelineChanges';
import { buildRows, indexItems, visibleIn } from './timelineRows';
import type { LaneRow, PlacedItem } from './timelineRows';

export interface TimelineViewProps {
  groups: readonly TimelineGroup[];
  items: readonly TimelineItem[];
  range: TimeRange;
  onRangeChange: (range: TimeRange) => void;
  /** A drop: one call per drag, already snapped; `group`/`subgroup` are the drop row's. */
  onItemMove: (item: TimelineItem, change: ItemChange) => void;
  /** An edge drag: one call per resize, already snapped. */
  onItemResize: (item: TimelineItem, change: ItemChange) => void;
  /** Double-click on empty lane space: `date` is YYYY-MM-DD. */
  onCreateAt: (groupId: number, laneId: string, date: string) => void;
  onOpenItem: (id: number) => void;
  /** No drag, resize or create anywhere (e.g. without the right to edit items). */
  readOnly?: boolean;
  /** Items whose save is on its way: drawn dimmed where they were dropped. */
  pending?: ReadonlySet<number>;
  /** Shown instead of the rows when there are no projects (the toolbar stays, to move the window). */
  empty?: ReactNode;
  /** The height of the scrolling area. */
  height?: CSSProperties['height'];
  /** Drawn beside the project title on a project's first lane (e.g. its actions menu). */
  projectActions?: (row: LaneRow) => ReactNode;
  /** Drawn beside a lane's name (e.g. its rename menu); null for none. */
  laneActions?: (row: LaneRow) => ReactNode;
  /** Tracker releases per project: each project listed gets a releases row under its lanes. */
  releases?: ReadonlyMap<number, readonly ReleaseMilestone[]> | null;
}

const sidebarWidth = 240;
const noReleases: readonly ReleaseMilestone[] = [];
const axisRowHeight = 22;
const axisHeight = 2 * axisRowHeight;
const slotHeight = 26;
const rowPadding = 4;
const minRowHeight = 34;
/** A project's first lane also carries the project title. */
const minFirstRowHeight = 44;
const pointSize = 14;
const resizeHandle = 10;

const rowHeight = (slots: number, first: boolean) =>
  Math.max(first ? minFirstRowHeight : minRowHeight, slots * slotHeight + 2 * rowPadding);
/** A milestone's title shows only when the next milestone in its slot is at least this far to the right. */
const pointLabelPx = 90;

interface RowData {
  groupId: number;
  laneId: string;
  locked: boolean;
}

interface ItemData {
  placed: PlacedItem;
  rowIndex: number;
}

/** What the items' keyboard handling does (there is no keyboard drag sensor: these keys replace it). */
const keyboardHelp =
  'Enter opens the item. Left and right arrows move it by a day, Shift with an arrow moves its end, ' +
  'Alt with up or down moves it to the lane above or below. Ctrl+Z undoes the last change.';

/** The library's pan strategy is replaced by our own wheel and drag handling (zoom maths tested). */
const noPanStrategy: UsePanStrategy = () => {};

/**
 * The timeline as a pure view: projects as blocks of lane rows, items as ranges and milestones as
 * diamonds, drag to move or resize, Ctrl+wheel to zoom, drag the background or Shift+wheel to pan.
 * Rows are virtualised and only items overlapping the window render.
 */
export function TimelineView(props: TimelineViewProps) {
  const { range, onRangeChange, groups, empty } = props;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const latest = useRef(range);
  const frame = useRef<number | null>(null);
  // while a change waits for its frame, the props still hold the previous window
  if (frame.current === null) latest.current = range;
  // wheel and pointer events can come faster than frames: one range change (one render) per frame
  const emitRange = useCallback(
    (next: TimeRange) => {
      latest.current = clampRange(next);
      frame.current ??= requestAnimationFrame(() => {
        frame.current = null;
        onRangeChange(latest.current);
      });
    },
    [onRangeChange],
  );
  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );
  const onRangeChanged = useCallback(
    (update: (prev: TimeRange) => TimeRange) => emitRange(update(latest.current)),
    [emitRange],
  );

  return (
    <Box>
      <TimelineToolbar range={range} onRangeChange={emitRange} />
      {groups.length === 0 && empty ? (
        empty
      ) : (
        <TimelineContext
          range={range}
          onRangeChanged={onRangeChanged}
          onResizeEnd={() => {}}
          sidebarWidth={sidebarWidth}
          usePanStrategy={noPanStrategy}
          resizeHandleWidth={resizeHandle}
          sensors={sensors}
          collisionDetection={pointerWithin}
          accessibility={{ screenReaderInstructions: { draggable: keyboardHelp } }}
        >
          <TimelineBody {...props} emitRange={emitRange} latest={latest} />
        </TimelineContext>
      )}
    </Box>
  );
}

function TimelineToolbar({
  range,
  onRangeChange,
}: {
  range: TimeRange;
  onRangeChange: (r: TimeRange) => void;
}) {
  const span = range.end - range.start;
  const last = range.end - 1;
  return (
    <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
      <Group gap={6}>
        <ActionIcon
          variant="default"
          aria-label="Earlier"
          onClick={() => onRangeChange(panRange(range, -0.5, 1))}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Button
          variant="default"
          size="xs"
          onClick={() => {
            const centre = todayMs() + dayMs / 2;
            onRangeChange({ start: centre - span / 2, end: centre + span / 2 });
          }}
        >
          Today
        </Button>
        <ActionIcon
          variant="default"
          aria-label="Later"
          onClick={() => onRangeChange(panRange(range, 0.5, 1))}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
        <Text size="sm" c="dimmed" data-testid="timeline-window">
          {toServerDate(range.start)} – {toServerDate(last)}
        </Text>
      </Group>
      <Group gap={6}>
        <SegmentedControl
          size="xs"
          aria-label="Zoom preset"
          data={zoomPresets.map((p) => ({ value: p, label: p[0]!.toUpperCase() + p.slice(1) }))}
          value={nearestPreset(range)}
          onChange={(preset) => onRangeChange(presetRange(range, preset as ZoomPreset))}
        />
        <ActionIcon
          variant="default"
          aria-label="Zoom out"
          onClick={() => onRangeChange(zoomRange(range, 1.5))}
        >
          <IconZoomOut size={16} />
        </ActionIcon>
        <ActionIcon
          variant="default"
          aria-label="Zoom in"
          onClick={() => onRangeChange(zoomRange(range, 1 / 1.5))}
        >
          <IconZoomIn size={16} />
        </ActionIcon>
      </Group>
    </Group>
  );
}

type BodyProps = TimelineViewProps & {
  emitRange: (range: TimeRange) => void;
  latest: React.RefObject<TimeRange>;
};

function TimelineBody({
  groups,
  items,
  range,
  emitRange,
  latest,
  onItemMove,
  onItemResize,
  onCreateAt,
  onOpenItem,
  readOnly = false,
  pending,
  height = 'calc(100vh - 190px)',
  projectActions,
  laneActions,
  releases,
}: BodyProps) {
  const bag = useTimelineContext();
  const span = range.end - range.start;
  const width = Math.max(1, bag.valueToPixels(span));
  const rows = useMemo(() => withReleaseRows(buildRows(groups), releases), [groups, releases]);
  const index = useMemo(() => indexItems(groups, items), [groups, items]);
  const heights = useMemo(
    () =>
      rows.map((r) => (isReleaseRow(r) ? releaseRowHeight : rowHeight(index.slots.get(r.key) ?? 1, r.first))),
    [rows, index],
  );
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [activeRow, setActiveRow] = useState<number | null>(null);
  const lastDragEnd = useRef(0);

  // the dragged item's row stays mounted while the view scrolls, or the drag would lose its node
  const rangeExtractor = useCallback(
    (r: VirtualRange) => {
      const indexes = defaultRangeExtractor(r);
      if (activeRow !== null && !indexes.includes(activeRow)) indexes.push(activeRow);
      return indexes;
    },
    [activeRow],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: (i) => heights[i] ?? minRowHeight,
    overscan: 6,
    scrollMargin: axisHeight,
    rangeExtractor,
  });
  useEffect(() => virtualizer.measure(), [heights, virtualizer]);

  const widthRef = useRef(width);
  widthRef.current = width;

  // Ctrl/⌘+wheel zooms around the pointer; Shift+wheel or a horizontal wheel pans; plain wheel scrolls rows
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const onWheel = (event: WheelEvent) => {
      const w = widthRef.current;
      if (event.ctrlKey || event.metaKey) {
        event.preventDefault();
        const x = event.clientX - scroller.getBoundingClientRect().left - sidebarWidth;
        const anchor = Math.min(1, Math.max(0, x / w));
        emitRange(zoomRange(latest.current, wheelZoomFactor(event.deltaY), anchor));
      } else if (event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
        event.preventDefault();
        const dx = event.shiftKey ? event.deltaY || event.deltaX : event.deltaX;
        emitRange(panRange(latest.current, dx, w));
      }
    };
    scroller.addEventListener('wheel', onWheel, { passive: false });
    return () => scroller.removeEventListener('wheel', onWheel);
  }, [emitRange, latest]);

  // drag on empty space pans; window listeners (no pointer capture) so a double-click still hits the lane
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (
      event.button !== 0 ||
      target.closest('[data-timeline-item],[data-timeline-sidebar],[data-timeline-release]')
    )
      return;
    const startX = event.clientX;
    const startRange = latest.current;
    const move = (e: globalThis.PointerEvent) => {
      const dx = startX - e.clientX;
      if (Math.abs(dx) > 2) emitRange(panRange(startRange, dx, widthRef.current));
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  const onScrollerKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const actions: Record<string, () => TimeRange> = {
      '+': () => zoomRange(range, 1 / 1.5),
      '=': () => zoomRange(range, 1 / 1.5),
      '-': () => zoomRange(range, 1.5),
      ArrowLeft: () => panRange(range, -0.2, 1),
      ArrowRight: () => panRange(range, 0.2, 1),
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      emitRange(action());
    }
  };

  const unit = snapUnitFor(range, width);

  const onDragStart = useCallback((event: DragStartEvent) => {
    const data = event.active.data.current as (DragItemData & ItemData) | undefined;
    if (data) setActiveRow(data.rowIndex);
  }, []);

  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      setActiveRow(null);
      const data = event.active.data.current as (DragItemData & ItemData) | undefined;
      const over = event.over?.data.current as RowData | undefined;
      if (!data || !over || over.locked) return;
      if (Math.abs(event.delta.x) + Math.abs(event.delta.y) > 0) lastDragEnd.current = Date.now();
      const next = data.getSpanFromDragEvent?.(event);
      if (!next) return;
      const { item, start, end } = data.placed;
      const change: ItemChange =
        item.end === null
          ? {
              start: snap(next.start + bag.pixelsToValue(pointSize / 2), unit),
              end: null,
              group: 0,
              subgroup: null,
            }
          : { ...snappedMove({ start, end }, next.start, unit), group: 0, subgroup: null };
      const origin = rows[data.rowIndex];
      const sameLane =
        origin !== undefined &&
        !isReleaseRow(origin) &&
        origin.groupId === over.groupId &&
        origin.laneId === over.laneId;
      if (sameLane && change.start === start) return;
      onItemMove(item, {
        ...change,
        group: over.groupId,
        subgroup: sameLane ? item.subgroup : over.laneId,
      });
    },
    [bag, unit, rows, onItemMove],
  );

  const onResizeEnd = useCallback(
    (event: ResizeEndEvent) => {
      if (event.delta.x === 0) return;
      lastDragEnd.current = Date.now();
      const data = event.active.data.current as DragItemData &
        ItemData & { getSpanFromResizeEvent?: (e: ResizeEndEvent) => TimeRange | null };
      const next = data.getSpanFromResizeEvent?.(event);
      if (!next) return;
      const { item, start, end } = data.placed;
      const resized = snappedResize({ start, end }, event.direction, next[event.direction], unit);
      if (resized.start === start && resized.end === end) return;
      onItemResize(item, { ...resized, group: item.group, subgroup: item.subgroup });
    },
    [unit, onItemResize],
  );

  useTimelineMonitor({ onDragStart, onDragEnd, onDragCancel: () => setActiveRow(null), onResizeEnd });

  const open = useCallback(
    (id: number) => {
      // a drag or resize ends with a click on the item: that is not a request to open it
      if (Date.now() - lastDragEnd.current > 300) onOpenItem(id);
    },
    [onOpenItem],
  );

  const keyboardMove = useCallback(
    (placed: PlacedItem, rowIndex: number, event: KeyboardEvent<HTMLDivElement>) => {
      const { item, start, end } = placed;
      const step = snapStep(unit) * (event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 1);
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onOpenItem(item.id);
        return;
      }
      if (readOnly || item.shared) return;
      if ((event.key === 'ArrowLeft' || event.key === 'ArrowRight') && !event.altKey) {
        event.preventDefault();
        event.stopPropagation();
        if (event.shiftKey && item.end !== null) {
          const resized = snappedResize({ start, end }, 'end', end + step, unit);
          if (resized.end !== end)
            onItemResize(item, { ...resized, group: item.group, subgroup: item.subgroup });
        } else {
          onItemMove(item, {
            start: start + step,
            end: item.end === null ? null : end + step,
            group: item.group,
            subgroup: item.subgroup,
          });
        }
      } else if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
        event.preventDefault();
        // releases rows take no items: the lane beyond them
        let targetIndex = rowIndex + Math.sign(step);
        while (rows[targetIndex] && isReleaseRow(rows[targetIndex]!)) targetIndex += Math.sign(step);
        const target = rows[targetIndex];
        if (!target || isReleaseRow(target) || target.shared) return;
        onItemMove(item, {
          start,
          end: item.end === null ? null : end,
          group: target.groupId,
          subgroup: target.laneId,
        });
      }
    },
    [unit, readOnly, rows, onItemMove, onItemResize, onOpenItem],
  );

  const createAt = useCallback(
    (row: LaneRow, event: MouseEvent<HTMLDivElement>) => {
      if (readOnly || row.shared || (event.target as HTMLElement).closest('[data-timeline-item]')) return;
      onCreateAt(row.groupId, row.laneId, toServerDate(floorDay(bag.getValueFromScreenX(event.clientX))));
    },
    [readOnly, onCreateAt, bag],
  );

  const virtualRows = virtualizer.getVirtualItems();
  const totalHeight = virtualizer.getTotalSize();
  // the axis and the grid share one scale and one set of minor ticks
  const scale = useMemo(() => axisScale(range, width), [range, width]);
  const minorTicks = useMemo(() => ticks(range, scale.unit, scale.step), [range, scale]);

  return (
    <div
      ref={scrollerRef}
      tabIndex={0}
      role="region"
      aria-label="Timeline: Ctrl+wheel or +/- zooms, Shift+wheel or arrows pan"
      onKeyDown={onScrollerKey}
      data-testid="timeline"
      style={{
        // shrinks to few rows; scrolls (virtualised) beyond the given height
        maxHeight: height,
        overflowY: 'auto',
        overflowX: 'hidden',
        position: 'relative',
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
        overscrollBehavior: 'contain',
      }}
    >
      <Axis range={range} width={width} scale={scale} minorTicks={minorTicks} />
      <div
        ref={bag.setTimelineRef}
        onPointerDown={onPointerDown}
        style={{
          position: 'relative',
          height: totalHeight,
          cursor: 'grab',
          touchAction: 'none',
          // dragging items or the background must not select the labels
          userSelect: 'none',
        }}
      >
        <Grid range={range} width={width} height={totalHeight} minorTicks={minorTicks} />
        {virtualRows.map((v) => {
          const row = rows[v.index]!;
          if (isReleaseRow(row))
            return (
              <ReleaseRowView
                key={row.key}
                row={row}
                top={v.start - axisHeight}
                range={range}
                width={width}
                sidebarWidth={sidebarWidth}
                milestones={releases?.get(row.groupId) ?? noReleases}
              />
            );
          return (
            <LaneRowView
              key={row.key}
              row={row}
              rowIndex={v.index}
              top={v.start - axisHeight}
              height={heights[v.index]!}
              range={range}
              items={visibleIn(index.byRow.get(row.key) ?? [], range, bag.pixelsToValue(pointSize))}
              backgrounds={[
                ...(index.groupBackgrounds.get(row.groupId) ?? []),
                ...(index.laneBackgrounds.get(row.key) ?? []),
              ]}
              width={width}
              readOnly={readOnly}
              pending={pending}
              onOpen={open}
              onKey={keyboardMove}
              onCreate={createAt}
              projectActions={projectActions}
              laneActions={laneActions}
            />
          );
        })}
      </div>
    </div>
  );
}

function Axis({
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
  const major = scale.major ? ticks(range, scale.major, 1, true) : [];
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
      >
        {tick.label}
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
        Projects
      </Text>
      {major.map((t) => cell(t, 0, true))}
      {minor.map((t) => cell(t, scale.major ? axisRowHeight : axisRowHeight / 2, false))}
    </div>
  );
}

function Grid({
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
            borderLeft: '1px solid var(--mantine-color-gray-2)',
          }}
        />
      ))}
      {todayX >= 0 && todayX <= width && (
        <div
          data-testid="timeline-today"
          title="Today"
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: todayX,
            borderLeft: '2px solid var(--mantine-color-red-6)',
            zIndex: 2,
          }}
        />
      )}
    </div>
  );
}

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
  onOpen: (id: number) => void;
  onKey: (placed: PlacedItem, rowIndex: number, event: KeyboardEvent<HTMLDivElement>) => void;
  onCreate: (row: LaneRow, event: MouseEvent<HTMLDivElement>) => void;
  projectActions: TimelineViewProps['projectActions'];
  laneActions: TimelineViewProps['laneActions'];
}

function LaneRowView({
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
  onOpen,
  onKey,
  onCreate,
  projectActions,
  laneActions,
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
          ? '1px solid var(--mantine-color-gray-4)'
          : '1px dashed var(--mantine-color-gray-2)',
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
          background: isOver ? 'var(--mantine-color-blue-0)' : undefined,
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
          />
        ))}
      </div>
    </div>
  );
}

/** The lane's label (and the project's on its first lane): memoised, as it does not change while panning. */
const RowSidebar = memo(function RowSidebar({
  row,
  style,
  projectActions,
  laneActions,
}: {
  row: LaneRow;
  style: CSSProperties;
  projectActions: TimelineViewProps['projectActions'];
  laneActions: TimelineViewProps['laneActions'];
}) {
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
            <Tooltip label={`Shared by ${row.tenant} (read-only)`}>
              <IconLink size={14} aria-label={`shared by ${row.tenant}`} style={{ flex: 'none' }} />
            </Tooltip>
          )}
          <Text size="sm" fw={600} truncate title={row.groupTitle} style={{ flex: 1, minWidth: 0 }}>
            {row.groupTitle}
          </Text>
          {row.shared && (
            <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
              {row.tenant}
            </Text>
          )}
          {projectActions?.(row)}
        </Group>
      )}
      <Group gap={2} wrap="nowrap" pl={row.first ? 0 : 8}>
        <Text size="xs" c="dimmed" truncate title={row.laneName} style={{ flex: 1, minWidth: 0 }}>
          {row.laneName}
        </Text>
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
        background: lane ? 'var(--mantine-color-yellow-1)' : 'var(--mantine-color-gray-1)',
        opacity: 0.8,
        pointerEvents: 'none',
      }}
    />
  );
}

interface ItemViewProps {
  placed: PlacedItem;
  /** Whether a milestone shows its title beside the diamond (ranges always do). */
  label: boolean;
  rowIndex: number;
  disabled: boolean;
  saving: boolean;
  onOpen: (id: number) => void;
  onKey: (placed: PlacedItem, rowIndex: number, event: KeyboardEvent<HTMLDivElement>) => void;
}

const TimelineItemView = memo(function TimelineItemView({
  placed,
  label: showLabel,
  rowIndex,
  disabled,
  saving,
  onOpen,
  onKey,
}: ItemViewProps) {
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
  const label = `${point ? 'Milestone' : 'Task'} ${item.title}, ${item.start.replace('T', ' ')}${
    item.end ? ` to ${item.end.replace('T', ' ')}` : ''
  }`;
  return (
    <div
      ref={setNodeRef}
      data-timeline-item
      data-item-id={item.id}
      data-testid={point ? 'timeline-milestone' : 'timeline-task'}
      className={item.className ?? undefined}
      {...attributes}
      {...listeners}
      role="button"
      tabIndex={0}
      aria-label={label}
      title={item.title}
      onClick={() => onOpen(item.id)}
      onKeyDown={(e) => onKey(placed, rowIndex, e)}
      style={{
        ...itemStyle,
        top: rowPadding + placed.slot * slotHeight,
        height: slotHeight - 4,
        zIndex: isDragging ? 20 : 1,
        opacity: saving ? 0.6 : 1,
        cursor: disabled ? 'pointer' : itemStyle.cursor,
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
              background: item.shared ? 'var(--mantine-color-gray-6)' : 'var(--mantine-color-orange-6)',
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
              color: 'var(--mantine-color-white)',
              background: item.shared ? 'var(--mantine-color-gray-6)' : 'var(--mantine-color-blue-6)',
              boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
            }}
          >
            {item.title}
          </div>
        </div>
      )}
    </div>
  );
});
