/**
 * Where the overlay's slip labels ("+63 WD" beside a moved bar) have room (issue 22: in a scenario two
 * moved bars close together put their labels over each other and over the next bar). A label shows
 * only where it overlaps no bar and no label already placed in its slot; the slip stays in the ghost's
 * label and tooltip either way, so hiding one loses nothing for screen readers or on hover.
 */

/** Something drawn in one slot of a lane row, from `left` to `right` in pixels. */
export interface SlotSpan {
  readonly slot: number;
  readonly left: number;
  readonly right: number;
}

/** A label that would be drawn at `left`, `width` pixels wide. */
export interface LabelCandidate {
  readonly id: number;
  readonly slot: number;
  readonly left: number;
  readonly width: number;
}

/** The room kept between a label and what is beside it. */
const gap = 2;

/** Characters of the labels' type (11 px, semi-bold) at most this wide, plus padding and border. */
const charWidth = 7;
const chrome = 10;

/** A label's width, estimated on the generous side from its text: better hidden than overlapping. */
export const labelWidth = (text: string): number => text.length * charWidth + chrome;

const overlaps = (a: SlotSpan, b: SlotSpan) =>
  a.slot === b.slot && a.left < b.right + gap && b.left < a.right + gap;

/**
 * The ids of the labels that fit, placed from left to right: each beside no bar of `obstacles` (the
 * lane's bars and other marks) and no label placed before it in the same slot.
 */
export function fittingLabels(
  labels: readonly LabelCandidate[],
  obstacles: readonly SlotSpan[],
): Set<number> {
  const placed: SlotSpan[] = [];
  const shown = new Set<number>();
  for (const { id, slot, left, width } of [...labels].sort((a, b) => a.left - b.left)) {
    const span = { slot, left, right: left + width };
    if (obstacles.some((bar) => overlaps(span, bar)) || placed.some((label) => overlaps(span, label)))
      continue;
    placed.push(span);
    shown.add(id);
  }
  return shown;
}
