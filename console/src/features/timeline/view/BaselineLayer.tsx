import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimelineContext } from 'dnd-timeline';
import type { ComparedItem, PlannedDates } from '@fahrplan/contracts';
import { datesLabel, slipLabel } from '../../baselines/comparisonRows';
import { shownSlip, slipShown } from '../baselineOverlay';
import type { BaselineOverlay, RemovedGhost } from '../baselineOverlay';
import { fittingLabels, labelWidth } from '../slipLabels';
import type { LabelCandidate, SlotSpan } from '../slipLabels';
import type { PlacedItem } from '../timelineRows';
import { toMs, valueToX } from '../timeScale';
import type { TimeRange } from '../timeScale';
import { pointSize, rowPadding, slotHeight } from './timelineLayout';

/** The item bars are `slotHeight - 4` high: the ghost bar sits in the gap under its item. */
const ghostHeight = 3;
const barHeight = slotHeight - 4;

const markStyle: CSSProperties = {
  position: 'absolute',
  height: barHeight,
  display: 'flex',
  alignItems: 'center',
  padding: '0 4px',
  borderRadius: 4,
  fontSize: 11,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  color: 'var(--mantine-color-text)',
  background: 'var(--mantine-color-body)',
  border: '1px solid var(--mantine-color-default-border)',
  pointerEvents: 'none',
  zIndex: 2,
};

/** Where dates stand on the row: a range's ends, or a point's width around a milestone's date. */
function span(dates: PlannedDates, range: TimeRange, width: number) {
  const left = valueToX(toMs(dates.start), range, width);
  if (dates.end === null) return { left: left - pointSize / 2, right: left + pointSize / 2 };
  return { left, right: valueToX(toMs(dates.end), range, width) };
}

/** Where an item's bar ends on its row (a milestone: its point's right edge). */
const barRight = (placed: PlacedItem, range: TimeRange, width: number) =>
  placed.item.end === null
    ? valueToX(placed.start, range, width) + pointSize
    : valueToX(placed.end, range, width);

/** Where an item's slip label would start: after its bar and after its ghost, whichever ends later. */
const slipLeft = (placed: PlacedItem, then: PlannedDates, range: TimeRange, width: number) =>
  Math.max(barRight(placed, range, width), span(then, range, width).right) + 4;

/** One mark of the overlay, named by `label` for screen readers and in its tooltip. */
function Mark({
  kind,
  id,
  label,
  style,
  children,
}: {
  kind: 'ghost' | 'added' | 'removed';
  id: number;
  label: string;
  style: CSSProperties;
  children?: ReactNode;
}) {
  return (
    <div
      data-testid={`baseline-${kind}`}
      data-item-id={id}
      role="img"
      aria-label={label}
      title={label}
      style={style}
    >
      {children}
    </div>
  );
}

/** An item's ghost where it stood at the baseline, its slip beside its bar, or its "new" mark. */
function ItemMarks({
  placed,
  compared,
  range,
  width,
  live,
  slipFits,
}: {
  placed: PlacedItem;
  compared: ComparedItem;
  range: TimeRange;
  width: number;
  /** The ghost is the live plan under a scenario's bar, not a baseline. */
  live: boolean;
  /** Whether the slip label has room beside the bar (`fittingLabels`); else it is in the ghost's tooltip only. */
  slipFits: boolean;
}) {
  const { t } = useTranslation('timeline');
  const top = rowPadding + placed.slot * slotHeight;
  const { title } = compared;
  const nowRight = barRight(placed, range, width);
  if (compared.change === 'added') {
    const label = live ? t('scenarioGhost.addedLabel', { title }) : t('baseline.addedLabel', { title });
    return (
      <Mark kind="added" id={compared.id} label={label} style={{ ...markStyle, top, left: nowRight + 4 }}>
        {t('baseline.added')}
      </Mark>
    );
  }
  if (!compared.then) return null;
  const ghost = span(compared.then, range, width);
  const slipped = slipShown(compared);
  const slip = slipLabel(shownSlip(compared), t);
  const dates = datesLabel(compared.then);
  const label = live
    ? slipped
      ? t('scenarioGhost.ghostSlipped', { title, dates, slip })
      : t('scenarioGhost.ghost', { title, dates })
    : slipped
      ? t('baseline.ghostSlipped', { title, dates, slip })
      : t('baseline.ghost', { title, dates });
  return (
    <>
      <Mark
        kind="ghost"
        id={compared.id}
        label={label}
        style={{
          position: 'absolute',
          top: top + barHeight + 1,
          height: ghostHeight,
          left: ghost.left,
          width: Math.max(2, ghost.right - ghost.left),
          borderRadius: 2,
          background: 'var(--mantine-color-dimmed)',
          zIndex: 2,
        }}
      />
      {slipped && slipFits && (
        <span
          data-testid="baseline-slip"
          data-item-id={compared.id}
          aria-hidden
          style={{ ...markStyle, top, left: slipLeft(placed, compared.then, range, width) }}
        >
          {slip}
        </span>
      )}
    </>
  );
}

/** An item removed since the baseline: a dashed ghost where it stood then, marked "removed". */
function RemovedMark({
  ghost,
  range,
  width,
  live,
}: {
  ghost: RemovedGhost;
  range: TimeRange;
  width: number;
  live: boolean;
}) {
  const { t } = useTranslation('timeline');
  const { item } = ghost;
  const { left, right } = span(item.then!, range, width);
  const values = { title: item.title, dates: datesLabel(item.then) };
  const label = live ? t('scenarioGhost.removedLabel', values) : t('baseline.removedLabel', values);
  return (
    <Mark
      kind="removed"
      id={item.id}
      label={label}
      style={{
        ...markStyle,
        top: rowPadding,
        left,
        width: Math.max(pointSize, right - left),
        overflow: 'hidden',
        background: 'transparent',
        border: '1px dashed var(--mantine-color-text)',
        pointerEvents: 'auto',
        zIndex: 0,
      }}
    >
      {t('baseline.removed')}
      <s style={{ marginLeft: 4, fontWeight: 400 }}>{item.title}</s>
    </Mark>
  );
}

/**
 * The baseline overlay of one lane (issue 21): under each item a thin ghost bar where it stood at the
 * baseline's instant with its slip in working days beside the bar, "new" beside items added since, and
 * dashed ghosts of the items removed since. Inside a scenario the same marks show the live plan under
 * the scenario's bars (issue 22). The slip is in words (the ghost's label and tooltip), never
 * in colour only.
 */
export function BaselineLayer({
  rowKey,
  items,
  overlay,
  range,
  width,
}: {
  rowKey: string;
  items: readonly PlacedItem[];
  overlay: BaselineOverlay;
  range: TimeRange;
  width: number;
}) {
  const { t } = useTranslation('timeline');
  const { pixelsToValue } = useTimelineContext();
  // a removed milestone just outside the window still shows its half
  const margin = pixelsToValue(pointSize);
  const removed = overlay.removedByRow.get(rowKey) ?? [];
  // the lane's bars and "new" marks, and the slip labels that would go beside them
  const obstacles: SlotSpan[] = [];
  const labels: LabelCandidate[] = [];
  for (const placed of items) {
    const right = barRight(placed, range, width);
    obstacles.push({ slot: placed.slot, left: valueToX(placed.start, range, width), right });
    const compared = overlay.byItem.get(placed.item.id);
    if (compared?.change === 'added')
      obstacles.push({
        slot: placed.slot,
        left: right + 4,
        right: right + 4 + labelWidth(t('baseline.added')),
      });
    else if (compared?.then && slipShown(compared))
      labels.push({
        id: placed.item.id,
        slot: placed.slot,
        left: slipLeft(placed, compared.then, range, width),
        width: labelWidth(slipLabel(shownSlip(compared), t)),
      });
  }
  const slipsShown = fittingLabels(labels, obstacles);
  return (
    <>
      {items.map((placed) => {
        const compared = overlay.byItem.get(placed.item.id);
        return compared ? (
          <ItemMarks
            key={placed.item.id}
            placed={placed}
            compared={compared}
            range={range}
            width={width}
            live={overlay.against === 'live'}
            slipFits={slipsShown.has(placed.item.id)}
          />
        ) : null;
      })}
      {removed
        .filter((ghost) => ghost.start < range.end + margin && ghost.end >= range.start - margin)
        .map((ghost) => (
          <RemovedMark
            key={ghost.item.id}
            ghost={ghost}
            range={range}
            width={width}
            live={overlay.against === 'live'}
          />
        ))}
    </>
  );
}
