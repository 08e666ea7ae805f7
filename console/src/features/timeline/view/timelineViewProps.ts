import type { CSSProperties, ReactNode } from 'react';
import type { ScheduleMove, TimelineGroup, TimelineItem, TimelineSummary } from '@fahrplan/contracts';
import type { BaselineOverlay } from '../baselineOverlay';
import type { CriticalHighlight } from '../dependencyArrows';
import type { ReleaseMilestone } from '../releaseMilestones';
import type { ItemChange } from '../timelineChanges';
import type { TimeRange } from '../timeScale';
import type { RowActions } from './timelineLayout';

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
  /** While an item is dragged or resized: where it would go, snapped; null when the gesture ends. */
  onItemPreview?: (item: TimelineItem, change: ItemChange | null) => void;
  /** Where a drag would move other items (issue 21): drawn as ghost bars at their new dates. */
  ghosts?: ReadonlyMap<number, ScheduleMove>;
  /** Items whose save is on its way: drawn dimmed where they were dropped. */
  pending?: ReadonlySet<number>;
  /** Shown instead of the rows when there are no projects (the toolbar stays, to move the window). */
  empty?: ReactNode;
  /** The height of the scrolling area. */
  height?: CSSProperties['height'];
  /** Drawn beside the project title on a project's first lane (e.g. its actions menu). */
  projectActions?: RowActions;
  /** Drawn beside a lane's name (e.g. its rename menu); null for none. */
  laneActions?: RowActions;
  /** Tracker releases per project: each project listed gets a releases row under its lanes. */
  releases?: ReadonlyMap<number, readonly ReleaseMilestone[]> | null;
  /**
   * Summaries per project instead of items (a wide zoom): each project is one row with its summary
   * bar, which is not draggable, and the toolbar says how many items they summarise.
   */
  summaries?: ReadonlyMap<number, TimelineSummary> | null;
  /** Called when the rows in view come near the last row given (to load the next page of rows). */
  onEndReached?: () => void;
  /** Shown instead of the rows, e.g. after a failed load (the toolbar stays, to move the window). */
  failure?: ReactNode;
  /** Shown under the rows, e.g. while more rows load. */
  footer?: ReactNode;
  /** The chosen baseline's ghosts, slips and marks over the items (issue 21); null for none. */
  baseline?: BaselineOverlay | null;
  /** The critical path to a milestone (issue 21): its bars and arrows highlighted, floats in the tooltips. */
  critical?: CriticalHighlight | null;
}
