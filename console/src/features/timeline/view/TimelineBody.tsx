import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { MouseEvent, RefObject } from 'react';
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import type { Range as VirtualRange } from '@tanstack/react-virtual';
import { useTimelineContext } from 'dnd-timeline';
import { useTranslation } from 'react-i18next';
import { isReleaseRow, withReleaseRows } from '../releaseMilestones';
import type { ReleaseMilestone } from '../releaseMilestones';
import { buildRows, buildSummaryRows, indexItems, visibleIn } from '../timelineRows';
import { laneName } from '../../items/laneNames';
import type { LaneRow } from '../timelineRows';
import { axisScale, floorDay, snapUnitFor, ticks, toServerDate } from '../timeScale';
import type { TimeRange } from '../timeScale';
import { LaneRowView } from './LaneRowView';
import { Axis } from './TimelineAxis';
import { DependencyLayer } from './DependencyLayer';
import { Grid } from './TimelineGrid';
import { ReleaseRowView, releaseRowHeight } from './TimelineReleases';
import { SummaryRowView } from './SummaryRowView';
import { axisHeight, minRowHeight, pointSize, rowHeight, sidebarWidth } from './timelineLayout';
import type { TimelineViewProps } from './timelineViewProps';
import { useItemDrag, useItemKeys } from './useItemGestures';
import { usePanZoom } from './usePanZoom';

const noReleases: readonly ReleaseMilestone[] = [];

/** More rows are asked for when the last row in view is this close to the end of those loaded. */
const endMargin = 30;

/** Calls `onEndReached` whenever the rows in view reach near the end of the rows loaded. */
function useEndReached(
  shown: readonly { index: number }[],
  rowCount: number,
  onEndReached: (() => void) | undefined,
): void {
  const lastShown = shown.reduce((last, v) => Math.max(last, v.index), -1);
  useEffect(() => {
    if (onEndReached && lastShown >= rowCount - endMargin) onEndReached();
  }, [lastShown, rowCount, onEndReached]);
}

/** The rows (a project's lanes, or its summary row; its releases), its items by lane, and each row's height. */
function useBodyRows(
  groups: TimelineViewProps['groups'],
  items: TimelineViewProps['items'],
  summaries: TimelineViewProps['summaries'],
  releases: TimelineViewProps['releases'],
) {
  const { t } = useTranslation('timeline');
  const { t: itemsT } = useTranslation('items');
  const rows = useMemo(
    () =>
      withReleaseRows(
        summaries
          ? buildSummaryRows(t, groups, summaries)
          : buildRows(groups, (lane) => laneName(itemsT, lane)),
        releases,
      ),
    [t, itemsT, groups, summaries, releases],
  );
  const index = useMemo(() => indexItems(groups, items), [groups, items]);
  const heights = useMemo(
    () =>
      rows.map((r) => (isReleaseRow(r) ? releaseRowHeight : rowHeight(index.slots.get(r.key) ?? 1, r.first))),
    [rows, index],
  );
  return { rows, index, heights };
}

/** The rows in view (and the dragged item's row, which must stay mounted while the view scrolls). */
function useRowVirtualizer(
  heights: readonly number[],
  scrollerRef: RefObject<HTMLDivElement | null>,
  activeRow: number | null,
) {
  const rangeExtractor = useCallback(
    (r: VirtualRange) => {
      const indexes = defaultRangeExtractor(r);
      if (activeRow !== null && !indexes.includes(activeRow)) indexes.push(activeRow);
      return indexes;
    },
    [activeRow],
  );
  // The warning is about React Compiler memoisation: nothing memoises the virtualizer here (the build has
  // no React Compiler, and the body reads its rows afresh on every render), so it is safe to use as is.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above: no memoisation to go stale
  const virtualizer = useVirtualizer({
    count: heights.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: (i) => heights[i] ?? minRowHeight,
    overscan: 6,
    scrollMargin: axisHeight,
    rangeExtractor,
  });
  useEffect(() => virtualizer.measure(), [heights, virtualizer]);
  return virtualizer;
}

type BodyProps = TimelineViewProps & {
  emitRange: (range: TimeRange) => void;
  latest: RefObject<TimeRange>;
};

/** The scrolling part of the timeline: the axis, the grid and the rows in view. */
export function TimelineBody({
  groups,
  items,
  range,
  emitRange,
  latest,
  onItemMove,
  onItemResize,
  onCreateAt,
  onOpenItem,
  onItemPreview,
  ghosts,
  readOnly = false,
  pending,
  height = 'calc(100vh - 190px)',
  projectActions,
  laneActions,
  releases,
  summaries,
  onEndReached,
  baseline,
  critical,
}: BodyProps) {
  const { t } = useTranslation('timeline');
  const { setTimelineRef, valueToPixels, pixelsToValue, getValueFromScreenX } = useTimelineContext();
  const span = range.end - range.start;
  const width = Math.max(1, valueToPixels(span));
  const { rows, index, heights } = useBodyRows(groups, items, summaries, releases);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const unit = snapUnitFor(range, width);
  const gestures = { rows, unit, onItemMove, onItemResize, onOpenItem, onItemPreview };
  const { activeRow, open } = useItemDrag({ ...gestures, pixelsToValue });
  const keyboardMove = useItemKeys({ ...gestures, readOnly });
  const virtualizer = useRowVirtualizer(heights, scrollerRef, activeRow);
  const panZoom = usePanZoom({ scrollerRef, width, range, emitRange, latest });
  const shown = virtualizer.getVirtualItems();
  useEndReached(shown, rows.length, onEndReached);

  const createAt = useCallback(
    (row: LaneRow, event: MouseEvent<HTMLDivElement>) => {
      if (readOnly || row.shared || (event.target as HTMLElement).closest('[data-timeline-item]')) return;
      onCreateAt(row.groupId, row.laneId, toServerDate(floorDay(getValueFromScreenX(event.clientX))));
    },
    [readOnly, onCreateAt, getValueFromScreenX],
  );

  const totalHeight = virtualizer.getTotalSize();
  // the axis and the grid share one scale and one set of minor ticks
  const scale = useMemo(() => axisScale(range, width), [range, width]);
  const minorTicks = useMemo(() => ticks(t, range, scale.unit, scale.step), [t, range, scale]);

  return (
    <div
      ref={scrollerRef}
      tabIndex={0}
      className="mantine-focus-auto"
      role="region"
      aria-label={t('view.regionLabel')}
      onKeyDown={panZoom.onKeyDown}
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
        ref={setTimelineRef}
        onPointerDown={panZoom.onPointerDown}
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
        {shown.map((v) => {
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
          if (summaries)
            return (
              <SummaryRowView
                key={row.key}
                row={row}
                summary={summaries.get(row.groupId) ?? null}
                top={v.start - axisHeight}
                height={heights[v.index]!}
                range={range}
                width={width}
                projectActions={projectActions}
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
              items={visibleIn(index.byRow.get(row.key) ?? [], range, pixelsToValue(pointSize))}
              backgrounds={[
                ...(index.groupBackgrounds.get(row.groupId) ?? []),
                ...(index.laneBackgrounds.get(row.key) ?? []),
              ]}
              width={width}
              readOnly={readOnly}
              pending={pending}
              ghosts={ghosts}
              onOpen={open}
              onKey={keyboardMove}
              onCreate={createAt}
              projectActions={projectActions}
              laneActions={laneActions}
              baseline={baseline}
              critical={critical}
            />
          );
        })}
        {!summaries && (
          <DependencyLayer
            rows={rows}
            index={index}
            heights={heights}
            shown={shown}
            range={range}
            width={width}
            readOnly={readOnly}
            critical={critical}
            container={scrollerRef}
          />
        )}
      </div>
    </div>
  );
}
