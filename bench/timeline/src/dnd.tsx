/**
 * Candidate "dnd": the headless dnd-timeline 3 with @tanstack/react-virtual row virtualisation. Only
 * the lanes in the scrolled viewport are rendered, and in them only the items that overlap the range.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { TimelineContext, groupItemsToSubrows, useItem, useRow, useTimelineContext } from 'dnd-timeline';
import type { ItemDefinition, Range, UsePanStrategy } from 'dnd-timeline';
import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { toMillis } from './data';
import { runCandidate } from './harness';
import type { BenchData } from './harness';

const DAY = 86_400_000;
const SUBROW_HEIGHT = 24;
const SIDEBAR_WIDTH = 200;
const AXIS_HEIGHT = 32;

interface LaneItem extends ItemDefinition {
  readonly title: string;
  readonly milestone: boolean;
}

interface Lane {
  readonly id: string;
  readonly label: string;
  /** The lane's items stacked into subrows (over the whole data, so heights do not jump). */
  readonly subrows: LaneItem[][];
  readonly height: number;
}

const lanesOf = (data: BenchData): Lane[] => {
  const items: LaneItem[] = data.items.map((item) => {
    const start = toMillis(item.start);
    return {
      id: String(item.id),
      rowId: `${item.group}:${item.subgroup ?? 'tasks'}`,
      // a milestone is a point; it takes a day of room so its marker does not overlap the next
      span: { start, end: item.end === null ? start + DAY : toMillis(item.end) },
      title: item.title,
      milestone: item.end === null,
    };
  });
  const subrows = groupItemsToSubrows(items);
  return data.groups.flatMap((group) =>
    group.subgroups.map((lane, index) => {
      const id = `${group.id}:${lane.id}`;
      const laneSubrows = subrows[id] ?? [];
      return {
        id,
        label: index === 0 ? `${group.content} · ${lane.name}` : lane.name,
        subrows: laneSubrows,
        height: Math.max(1, laneSubrows.length) * SUBROW_HEIGHT + 4,
      };
    }),
  );
};

/** Drag on the background pans, ctrl+wheel zooms around the pointer (as vis-timeline does). */
const useBackgroundDragStrategy: UsePanStrategy = (timelineBag, onPanEnd) => {
  const element = timelineBag.timelineRef.current;
  useLayoutEffect(() => {
    if (!element) return;
    let lastX: number | null = null;
    const down = (event: PointerEvent) => {
      if (event.button !== 0 || (event.target as Element).closest('.dnd-item')) return;
      lastX = event.clientX;
    };
    const move = (event: PointerEvent) => {
      if (lastX === null) return;
      onPanEnd({ deltaX: lastX - event.clientX, deltaY: 0 });
      lastX = event.clientX;
    };
    const up = () => {
      lastX = null;
    };
    const wheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      onPanEnd({ clientX: event.clientX, clientY: event.clientY, deltaX: 0, deltaY: event.deltaY });
    };
    element.addEventListener('pointerdown', down);
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    element.addEventListener('wheel', wheel, { passive: false });
    return () => {
      element.removeEventListener('pointerdown', down);
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      element.removeEventListener('wheel', wheel);
    };
  }, [element, onPanEnd]);
};

const Item = ({ item }: { item: LaneItem }) => {
  const { setNodeRef, attributes, listeners, itemStyle, itemContentStyle } = useItem({
    id: item.id,
    span: item.span,
  });
  return (
    <div ref={setNodeRef} className="dnd-item" style={itemStyle} {...listeners} {...attributes}>
      {/* a milestone's day is narrower than its marker: let the marker show */}
      <div style={item.milestone ? { ...itemContentStyle, overflow: 'visible' } : itemContentStyle}>
        <div className={item.milestone ? 'milestone' : 'bar'}>{item.title}</div>
      </div>
    </div>
  );
};

const overlaps = (item: LaneItem, range: Range) => item.span.start < range.end && item.span.end > range.start;

const LaneRow = memo(function LaneRow({ lane, top }: { lane: Lane; top: number }) {
  const { setNodeRef, rowWrapperStyle, rowStyle, rowSidebarStyle } = useRow({ id: lane.id });
  const { range } = useTimelineContext();
  return (
    <div
      className="lane"
      style={{ ...rowWrapperStyle, position: 'absolute', top, width: '100%', height: lane.height }}
    >
      <div className="sidebar" style={rowSidebarStyle}>
        {lane.label}
      </div>
      <div ref={setNodeRef} style={rowStyle}>
        {lane.subrows.map((subrow, index) => (
          <div key={index} style={{ position: 'relative', height: SUBROW_HEIGHT }}>
            {subrow
              .filter((item) => overlaps(item, range))
              .map((item) => (
                <Item key={item.id} item={item} />
              ))}
          </div>
        ))}
      </div>
    </div>
  );
});

/** Month ticks of the visible range (the other candidates draw an axis too). */
const Axis = () => {
  const { range, valueToPixels } = useTimelineContext();
  const ticks: { at: number; label: string }[] = [];
  const first = new Date(range.start);
  for (
    let month = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1);
    month < range.end;
    month = Date.UTC(new Date(month).getUTCFullYear(), new Date(month).getUTCMonth() + 1, 1)
  )
    if (month >= range.start) ticks.push({ at: month, label: new Date(month).toISOString().slice(0, 7) });
  return (
    <div className="axis" style={{ height: AXIS_HEIGHT, marginLeft: SIDEBAR_WIDTH }}>
      {ticks.map((tick) => (
        <span key={tick.at} style={{ left: valueToPixels(tick.at - range.start) }}>
          {tick.label}
        </span>
      ))}
    </div>
  );
};

const Body = ({ lanes }: { lanes: Lane[] }) => {
  const { setTimelineRef, style } = useTimelineContext();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: lanes.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => lanes[index]?.height ?? SUBROW_HEIGHT,
    overscan: 4,
  });
  return (
    <div ref={setTimelineRef} className="timeline" style={{ ...style, height: '100vh' }}>
      <Axis />
      <div ref={scrollRef} style={{ flex: 1, overflow: 'auto' }}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const lane = lanes[row.index];
            return lane && <LaneRow key={row.key} lane={lane} top={row.start} />;
          })}
        </div>
      </div>
    </div>
  );
};

const App = ({ data }: { data: BenchData }) => {
  const lanes = useMemo(() => lanesOf(data), [data]);
  const [range, setRange] = useState<Range>({
    start: toMillis(data.window.from),
    end: toMillis(data.window.to),
  });
  return (
    <TimelineContext
      range={range}
      onRangeChanged={setRange}
      onResizeEnd={() => undefined}
      sidebarWidth={SIDEBAR_WIDTH}
      usePanStrategy={useBackgroundDragStrategy}
    >
      <Body lanes={lanes} />
    </TimelineContext>
  );
};

runCandidate({
  itemSelector: '.dnd-item',
  panAreaSelector: '.timeline',
  mount(root, data) {
    createRoot(root).render(<App data={data} />);
  },
});
