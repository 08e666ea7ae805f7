import { describe, expect, it } from '@jest/globals';
import type { TimelineItem } from '@fahrplan/contracts';
import { maxTimelineDays, timelineItemsMaxDays } from '@fahrplan/contracts';
import {
  applyOverrides,
  detailFor,
  fetchWindowFor,
  placementFromChange,
  placementOf,
  saveForPlacement,
  snappedMove,
  snappedResize,
  undoSave,
} from './timelineChanges';
import type { ItemChange, UndoEntry } from './timelineChanges';
import { timelineItem } from './testing/timelineData';
import { dayMs, toMs } from './timeScale';

const item = (fields: Partial<TimelineItem> = {}): TimelineItem =>
  timelineItem({ id: 7, title: 'Build', version: 4, ...fields });

describe('snapped moves and resizes', () => {
  const span = { start: toMs('2026-03-02'), end: toMs('2026-03-05') };
  it('a move snaps the start and keeps the duration', () => {
    const moved = snappedMove(span, toMs('2026-03-09T14:00'), 'day');
    expect(moved).toEqual({ start: toMs('2026-03-10'), end: toMs('2026-03-13') });
  });

  it('a resize snaps the dragged edge and keeps at least one step', () => {
    expect(snappedResize(span, 'end', toMs('2026-03-07T09:00'), 'day')).toEqual({
      start: span.start,
      end: toMs('2026-03-07'),
    });
    expect(snappedResize(span, 'end', toMs('2026-02-20'), 'day')).toEqual({
      start: span.start,
      end: toMs('2026-03-03'),
    });
    expect(snappedResize(span, 'start', toMs('2026-03-09'), 'day')).toEqual({
      start: toMs('2026-03-04'),
      end: span.end,
    });
    expect(snappedResize(span, 'start', toMs('2026-03-01T05:00'), 'hour').start).toBe(
      toMs('2026-03-01T05:00'),
    );
  });
});

describe('drop → SaveItem payload', () => {
  // what the timeline page sends for a drop
  const saveForDrop = (dropped: TimelineItem, change: ItemChange) =>
    saveForPlacement(dropped, placementOf(dropped), placementFromChange(change));

  it('a move in the same lane sends id, version, start and end only', () => {
    const task = item();
    const save = saveForDrop(task, {
      start: toMs('2026-03-09'),
      end: toMs('2026-03-12'),
      group: 1,
      subgroup: 'tasks',
    });
    expect(save).toEqual({ id: 7, version: 4, start: '2026-03-09T00:00', end: '2026-03-12T00:00' });
  });

  it('a drop on another lane adds the subgroup; on another project also the group', () => {
    const task = item();
    expect(
      saveForDrop(task, {
        start: toMs('2026-03-02'),
        end: toMs('2026-03-05'),
        group: 1,
        subgroup: 'lane-2',
      }),
    ).toEqual({ id: 7, version: 4, start: '2026-03-02T00:00', end: '2026-03-05T00:00', subgroup: 'lane-2' });
    expect(
      saveForDrop(task, {
        start: toMs('2026-03-02'),
        end: toMs('2026-03-05'),
        group: 9,
        subgroup: 'tasks',
      }),
    ).toEqual({
      id: 7,
      version: 4,
      start: '2026-03-02T00:00',
      end: '2026-03-05T00:00',
      group: 9,
      subgroup: 'tasks',
    });
  });

  it('a milestone keeps a null end; a drop back in place sends nothing', () => {
    const milestone = item({ end: null, subgroup: 'milestones' });
    expect(
      saveForDrop(milestone, { start: toMs('2026-04-01'), end: null, group: 1, subgroup: 'milestones' }),
    ).toEqual({
      id: 7,
      version: 4,
      start: '2026-04-01T00:00',
      end: null,
    });
    expect(
      saveForDrop(milestone, { start: toMs('2026-03-02'), end: null, group: 1, subgroup: 'milestones' }),
    ).toBeNull();
  });
});

describe('undoing a placement', () => {
  const entry = (id: number, start: string): UndoEntry => ({
    id,
    title: `item ${id}`,
    before: { start: '2026-03-02T00:00', end: '2026-03-05T00:00', group: 1, subgroup: 'tasks' },
    after: { start, end: '2026-03-12T00:00', group: 1, subgroup: 'tasks' },
  });

  it('undo is a new SaveItem back to the previous values with the current version', () => {
    expect(undoSave(entry(7, '2026-03-09T00:00'), 5)).toEqual({
      id: 7,
      version: 5,
      start: '2026-03-02T00:00',
      end: '2026-03-05T00:00',
    });
    const moved: UndoEntry = {
      ...entry(7, '2026-03-09T00:00'),
      after: { start: '2026-03-02T00:00', end: '2026-03-05T00:00', group: 3, subgroup: 'lane-1' },
    };
    expect(undoSave(moved, 6)).toEqual({
      id: 7,
      version: 6,
      start: '2026-03-02T00:00',
      end: '2026-03-05T00:00',
      group: 1,
      subgroup: 'tasks',
    });
  });

  it('round trip: the undo of a drop restores exactly the placement before it', () => {
    const task = item();
    const before = placementOf(task);
    const after = {
      ...before,
      start: '2026-03-20T00:00',
      end: '2026-03-23T00:00',
      group: 2,
      subgroup: 'tasks',
    };
    const save = saveForPlacement(task, before, after);
    expect(save).toMatchObject({ group: 2, subgroup: 'tasks' });
    const back = undoSave({ id: task.id, title: task.title, before, after }, 5);
    expect({ start: back.start, end: back.end, group: back.group, subgroup: back.subgroup }).toEqual(before);
  });
});

describe('optimistic placements', () => {
  const placement = { start: '2026-04-01T00:00', end: '2026-04-04T00:00', group: 1, subgroup: 'tasks' };
  it('draws the item where dropped until the server shows a newer version', () => {
    const items = [item(), item({ id: 8 })];
    const pending = applyOverrides(items, new Map([[7, { placement, version: 4, confirmed: false }]]));
    expect(pending[0]).toMatchObject({ start: placement.start, version: 4 });
    expect(pending[1]).toBe(items[1]);
    const confirmed = applyOverrides(items, new Map([[7, { placement, version: 5, confirmed: true }]]));
    expect(confirmed[0]).toMatchObject({ start: placement.start, version: 5 });
    const caughtUp = applyOverrides(
      [item({ version: 5 })],
      new Map([[7, { placement, version: 5, confirmed: true }]]),
    );
    expect(caughtUp[0]!.start).toBe('2026-03-02T00:00');
  });
});

describe('the query window', () => {
  const visible = { start: toMs('2026-03-01'), end: toMs('2026-03-11') };
  it('widens the visible window by its width on each side, in whole days', () => {
    expect(fetchWindowFor(visible, null)).toEqual({ from: '2026-02-19', to: '2026-03-21' });
    expect(fetchWindowFor({ start: visible.start + dayMs / 3, end: visible.end + dayMs / 3 }, null)).toEqual({
      from: '2026-02-19',
      to: '2026-03-22',
    });
  });

  it('keeps the current window for small pans, refetches when the view nears its edge or zooms far in', () => {
    const current = fetchWindowFor(visible, null);
    const nudged = { start: visible.start + 2 * dayMs, end: visible.end + 2 * dayMs };
    expect(fetchWindowFor(nudged, current)).toBe(current);
    const far = { start: visible.start + 8 * dayMs, end: visible.end + 8 * dayMs };
    expect(fetchWindowFor(far, current)).not.toBe(current);
    const zoomedIn = { start: toMs('2026-03-05'), end: toMs('2026-03-06') };
    expect(fetchWindowFor(zoomedIn, current)).toEqual({ from: '2026-03-04', to: '2026-03-07' });
  });

  it('never asks for more than the server answers: the margins shrink at the widest zooms', () => {
    const days = (w: { from: string; to: string }) => (toMs(w.to) - toMs(w.from)) / dayMs;
    for (const years of [5, 10, 15, 20]) {
      const wide = { start: toMs('2020-01-01'), end: toMs('2020-01-01') + years * 365 * dayMs };
      const window = fetchWindowFor(wide, null);
      expect({ years, fits: days(window) <= maxTimelineDays }).toEqual({ years, fits: true });
      expect(toMs(window.from)).toBeLessThanOrEqual(wide.start);
      expect(toMs(window.to)).toBeGreaterThanOrEqual(wide.end);
    }
    // up to a third of the widest window, the margins are the visible width as before
    const third = { start: toMs('2020-01-01'), end: toMs('2020-01-01') + 2000 * dayMs };
    expect(days(fetchWindowFor(third, null))).toBe(6000);
  });

  it('asks for items up to the threshold of the visible window, summaries beyond it', () => {
    const span = (d: number) => ({ start: toMs('2026-01-01'), end: toMs('2026-01-01') + d * dayMs });
    expect(detailFor(span(14))).toBe('items');
    expect(detailFor(span(365))).toBe('items');
    expect(detailFor(span(timelineItemsMaxDays))).toBe('items');
    expect(detailFor(span(timelineItemsMaxDays + 1))).toBe('summary');
    expect(detailFor(span(2 * 365))).toBe('summary');
  });
});
