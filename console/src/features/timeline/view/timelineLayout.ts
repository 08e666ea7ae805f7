import type { CSSProperties, ReactNode } from 'react';
import type { LaneRow, PlacedItem } from '../timelineRows';

// The timeline's measures in px, shared by the body, its rows and its items.
export const sidebarWidth = 240;
export const axisRowHeight = 22;
export const axisHeight = 2 * axisRowHeight;
export const slotHeight = 26;
export const rowPadding = 4;
export const minRowHeight = 34;
/** A project's first lane also carries the project title. */
const minFirstRowHeight = 44;
export const pointSize = 14;
export const resizeHandle = 10;

export const rowHeight = (slots: number, first: boolean) =>
  Math.max(first ? minFirstRowHeight : minRowHeight, slots * slotHeight + 2 * rowPadding);
/** A milestone's title shows only when the next milestone in its slot is at least this far to the right. */
export const pointLabelPx = 90;

/** A row's box in the scrolling rows: absolute at `top`, the sidebar and the time area side by side. */
export const rowFrame = (top: number, height: number, borderTop: string): CSSProperties => ({
  position: 'absolute',
  top,
  left: 0,
  width: '100%',
  height,
  display: 'flex',
  borderTop,
});

/** What a lane row tells the drag and drop. */
export interface RowData {
  groupId: number;
  laneId: string;
  locked: boolean;
}

/** What an item tells the drag and drop. */
export interface ItemData {
  placed: PlacedItem;
  rowIndex: number;
}

/** Drawn beside a project's title or a lane's name (e.g. its actions menu); null for none. */
export type RowActions = (row: LaneRow) => ReactNode;
