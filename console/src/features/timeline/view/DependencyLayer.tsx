import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { KeyboardEvent, PointerEvent as ReactPointerEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { addDependencySchema } from '@fahrplan/contracts';
import { formatNumber } from '../../common/numbers';
import { notifyError, notifySuccess } from '../../common/notify';
import { describeError } from '../../common/problem';
import { useAddDependencyMutation, useRemoveDependencyMutation } from '../../items/itemsApi';
import { useCalendarBook } from '../../calendars/useCalendarBook';
import { arrowsInView, placementsOf, rulesOfRows } from '../dependencyArrows';
import type { ArrowView, CriticalHighlight, DependencyArrow, Placement } from '../dependencyArrows';
import { isReleaseRow } from '../releaseMilestones';
import type { ReleaseRow } from '../releaseMilestones';
import { visibleIn } from '../timelineRows';
import type { LaneIndex, LaneRow, PlacedItem } from '../timelineRows';
import { valueToX } from '../timeScale';
import type { TimeRange } from '../timeScale';
import { ArrowGlyph, ArrowMarkers, ArrowToolbar, LinkHandle, arrowColour, slipText } from './DependencyParts';
import { pointSize, rowPadding, sidebarWidth, slotHeight } from './timelineLayout';

interface LayerProps {
  rows: readonly (LaneRow | ReleaseRow)[];
  index: LaneIndex;
  heights: readonly number[];
  /** The rows the virtualiser renders (a contiguous run, then perhaps the dragged item's row). */
  shown: readonly { index: number }[];
  range: TimeRange;
  width: number;
  readOnly: boolean;
  critical: CriticalHighlight | null | undefined;
  /** The scrolling timeline: where the pointer and the focus show which bar gets the link handle. */
  container: RefObject<HTMLDivElement | null>;
}

const slotMiddle = (slot: number) => rowPadding + slot * slotHeight + (slotHeight - 4) / 2;

function arrowLabel(t: TFunction<'timeline'>, arrow: DependencyArrow, onPath: boolean): string {
  const values = {
    predecessor: arrow.predecessor.title,
    successor: arrow.successor.title,
    type: arrow.type === 'start-to-start' ? t('dependencies.startToStart') : t('dependencies.finishToStart'),
    lag: formatNumber(arrow.lag),
    slip: slipText(t, arrow.slip),
  };
  if (arrow.slip < 0)
    return onPath ? t('dependencies.labelViolatedCritical', values) : t('dependencies.labelViolated', values);
  return onPath ? t('dependencies.labelCritical', values) : t('dependencies.label', values);
}

/** The top of each row from the top of the first: the running sum of the rows' heights. */
const rowTopsOf = (heights: readonly number[]) => {
  const tops = [0];
  for (const height of heights) tops.push(tops[tops.length - 1]! + height);
  return tops;
};

/** The rows in view: the virtualiser's contiguous run (the dragged item's row may follow out of order). */
function runOf(shown: readonly { index: number }[]): { first: number; last: number } | null {
  const first = shown[0]?.index;
  if (first === undefined) return null;
  let last = first;
  for (const v of shown) if (v.index === last + 1) last = v.index;
  return { first, last };
}

/** The bar the pointer is over or the focus is in: the one that shows the link handle. */
function useHoveredItem(container: RefObject<HTMLDivElement | null>, enabled: boolean) {
  const [hovered, setHovered] = useState<number | null>(null);
  useEffect(() => {
    const element = container.current;
    if (!element || !enabled) return;
    const over = (event: Event) => {
      const target = event.target as HTMLElement;
      if (target.closest('[data-dependency-handle]')) return;
      const item = target.closest<HTMLElement>('[data-timeline-item]');
      setHovered(item ? Number(item.dataset.itemId) : null);
    };
    const leave = () => setHovered(null);
    element.addEventListener('pointerover', over);
    element.addEventListener('focusin', over);
    element.addEventListener('pointerleave', leave);
    return () => {
      element.removeEventListener('pointerover', over);
      element.removeEventListener('focusin', over);
      element.removeEventListener('pointerleave', leave);
    };
  }, [container, enabled]);
  return hovered;
}

interface LinkDrag {
  from: number;
  start: { x: number; y: number };
  pointer: { x: number; y: number };
}

/**
 * Linking by mouse: from a bar's handle to another bar, one AddDependency (finish-to-start, lag 0)
 * on the drop; the server's refusal (a cycle naming its path, a duplicate, the item itself) is the
 * notice. Esc cancels the drag.
 */
function useLinkDrag(at: ReadonlyMap<number, Placement>) {
  const { t } = useTranslation('timeline');
  const [addDependency] = useAddDependencyMutation();
  const [drag, setDrag] = useState<LinkDrag | null>(null);
  const titleOf = useCallback((id: number) => at.get(id)?.placed.item.title ?? `#${id}`, [at]);

  const link = useCallback(
    async (predecessor: number, successor: number) => {
      const data = addDependencySchema.parse({ predecessor, successor, type: 'finish-to-start', lag: 0 });
      try {
        await addDependency({ data, idempotencyKey: crypto.randomUUID() }).unwrap();
        notifySuccess(
          t('dependencies.added', { predecessor: titleOf(predecessor), successor: titleOf(successor) }),
        );
      } catch (error) {
        notifyError(describeError(error));
      }
    },
    [addDependency, t, titleOf],
  );

  const begin = (from: number, start: { x: number; y: number }, event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    // not a pan of the background, nor a text selection
    event.preventDefault();
    event.stopPropagation();
    const origin = (event.currentTarget.offsetParent as HTMLElement).getBoundingClientRect();
    const toLayer = (e: PointerEvent) => ({
      x: e.clientX - origin.left - sidebarWidth,
      y: e.clientY - origin.top,
    });
    setDrag({ from, start, pointer: start });
    const listening = new AbortController();
    const { signal } = listening;
    const stop = () => {
      listening.abort();
      setDrag(null);
    };
    window.addEventListener('pointermove', (e) => setDrag((d) => d && { ...d, pointer: toLayer(e) }), {
      signal,
    });
    window.addEventListener(
      'pointerup',
      (e) => {
        stop();
        const target = document
          .elementFromPoint(e.clientX, e.clientY)
          ?.closest<HTMLElement>('[data-timeline-item]');
        if (target) void link(from, Number(target.dataset.itemId));
      },
      { signal },
    );
    window.addEventListener(
      'keydown',
      (e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        stop();
      },
      { signal, capture: true },
    );
  };

  return { drag, begin };
}

/** The selected arrow: Delete or Backspace (or the toolbar's button) removes it, Esc deselects. */
function useArrowSelection(container: RefObject<HTMLDivElement | null>) {
  const { t } = useTranslation('timeline');
  const [removeDependency] = useRemoveDependencyMutation();
  const [selected, setSelected] = useState<number | null>(null);

  // a press anywhere else deselects
  useEffect(() => {
    if (selected === null) return;
    const press = (event: PointerEvent) => {
      if (!(event.target as HTMLElement).closest('[data-dependency],[data-dependency-toolbar]'))
        setSelected(null);
    };
    document.addEventListener('pointerdown', press);
    return () => document.removeEventListener('pointerdown', press);
  }, [selected]);

  const remove = useCallback(
    async (arrow: DependencyArrow) => {
      setSelected(null);
      // the arrow goes away with the answer: the focus goes to the predecessor's bar
      container.current?.querySelector<HTMLElement>(`[data-item-id="${arrow.predecessor.id}"]`)?.focus();
      try {
        await removeDependency({
          data: { id: arrow.id, version: arrow.version },
          idempotencyKey: crypto.randomUUID(),
        }).unwrap();
        notifySuccess(
          t('dependencies.removed', {
            predecessor: arrow.predecessor.title,
            successor: arrow.successor.title,
          }),
        );
      } catch (error) {
        notifyError(describeError(error));
      }
    },
    [container, removeDependency, t],
  );
  return { selected, setSelected, remove };
}

/**
 * Issue 21: the dependencies as arrows over the rows in view (an SVG overlay on the time area), the
 * handle that links by mouse, and the selected arrow's toolbar. Only the links of the items in view
 * are looked at, so 10,000 dependencies cost what the few dozen in view cost.
 */
export function DependencyLayer({
  rows,
  index,
  heights,
  shown,
  range,
  width,
  readOnly,
  critical,
  container,
}: LayerProps) {
  const { t } = useTranslation('timeline');
  const markerId = useId();
  const at = useMemo(() => placementsOf(rows, index.byRow), [rows, index]);
  const book = useCalendarBook();
  const rulesOf = useMemo(
    () =>
      rulesOfRows(
        rows.filter((row): row is LaneRow => !isReleaseRow(row)),
        book,
      ),
    [rows, book],
  );
  const tops = useMemo(() => rowTopsOf(heights), [heights]);
  const hovered = useHoveredItem(container, !readOnly);
  const { drag, begin } = useLinkDrag(at);
  const { selected, setSelected, remove } = useArrowSelection(container);
  const [focused, setFocused] = useState<number | null>(null);

  const run = runOf(shown);
  if (!run) return null;
  const view: ArrowView = {
    range,
    width,
    firstRow: run.first,
    lastRow: run.last,
    rowTop: (row) => tops[row] ?? tops[tops.length - 1]!,
    slotMiddle,
    pointHalf: pointSize / 2,
  };
  const margin = ((range.end - range.start) * pointSize) / width;
  const visible: PlacedItem[] = [];
  for (let i = run.first; i <= run.last; i++) {
    const row = rows[i];
    if (row && !isReleaseRow(row)) visible.push(...visibleIn(index.byRow.get(row.key) ?? [], range, margin));
  }
  const arrows = arrowsInView(visible, at, view, rulesOf);
  const top = view.rowTop(run.first);
  const height = view.rowTop(run.last + 1) - top;

  const handleFrom = drag?.from ?? hovered;
  const handleAt = handleFrom === null ? undefined : at.get(handleFrom);
  const handle =
    handleAt && handleAt.row >= run.first && handleAt.row <= run.last
      ? {
          x:
            valueToX(handleAt.placed.end, range, width) +
            (handleAt.placed.item.end === null ? pointSize / 2 : 0),
          y: view.rowTop(handleAt.row) + slotMiddle(handleAt.placed.slot),
        }
      : null;
  const chosen = arrows.find((a) => a.id === selected);
  const onPathOf = (arrow: DependencyArrow) =>
    critical?.links.has(`${arrow.predecessor.id}>${arrow.successor.id}`) ?? false;

  const onArrowKey = (arrow: DependencyArrow, event: KeyboardEvent<SVGGElement>) => {
    if (event.key === 'Enter' || event.key === ' ') setSelected(selected === arrow.id ? null : arrow.id);
    else if ((event.key === 'Delete' || event.key === 'Backspace') && !readOnly) void remove(arrow);
    else if (event.key === 'Escape' && selected !== null) setSelected(null);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <>
      <svg
        role="group"
        aria-label={t('dependencies.layer')}
        data-testid="dependency-layer"
        width={width}
        height={height}
        style={{
          position: 'absolute',
          left: sidebarWidth,
          top,
          overflow: 'hidden',
          pointerEvents: 'none',
          zIndex: 2,
        }}
      >
        <ArrowMarkers id={markerId} />
        <g transform={`translate(0 ${-top})`}>
          {arrows.map((arrow) => {
            const onPath = onPathOf(arrow);
            return (
              <ArrowGlyph
                key={arrow.id}
                arrow={arrow}
                label={arrowLabel(t, arrow, onPath)}
                onPath={onPath}
                selected={selected === arrow.id}
                lit={selected === arrow.id || focused === arrow.id}
                markerId={markerId}
                onSelect={() => setSelected(arrow.id)}
                onKeyDown={(e) => onArrowKey(arrow, e)}
                onFocus={() => setFocused(arrow.id)}
                onBlur={() => setFocused((f) => (f === arrow.id ? null : f))}
              />
            );
          })}
          {drag && (
            <line
              x1={drag.start.x}
              y1={drag.start.y}
              x2={drag.pointer.x}
              y2={drag.pointer.y}
              stroke={arrowColour('critical')}
              strokeWidth={2}
              strokeDasharray="5 3"
              data-testid="dependency-link-line"
            />
          )}
        </g>
      </svg>
      {handle && !readOnly && handleFrom !== null && (
        <LinkHandle at={handle} onPointerDown={(e) => begin(handleFrom, handle, e)} />
      )}
      {chosen && (
        <ArrowToolbar
          arrow={chosen}
          label={arrowLabel(t, chosen, onPathOf(chosen))}
          width={width}
          readOnly={readOnly}
          onClose={() => setSelected(null)}
          onRemove={() => void remove(chosen)}
        />
      )}
    </>
  );
}
