import { describe, expect, it } from '@jest/globals';
import { scenarioOverlay } from './scenarioOverlay';
import { timelineGroup, timelineItem } from './testing/timelineData';
import { rowKey } from './timelineRows';

describe('scenarioOverlay: the live plan under a scenario’s bars', () => {
  const groups = [timelineGroup(1)];

  it('ghosts the live dates of an item the scenario moved, with its slip in working days', () => {
    const live = timelineItem({ id: 10 });
    const moved = { ...live, start: '2026-03-05T00:00', end: '2026-03-10T00:00' };
    const overlay = scenarioOverlay([live], [moved], groups);
    expect(overlay.against).toBe('live');
    expect(overlay.byItem.get(10)).toMatchObject({
      change: 'slipped',
      then: { start: live.start, end: live.end },
      now: { start: moved.start, end: moved.end },
      endSlip: 3,
    });
  });

  it('leaves the items the scenario did not move unmarked', () => {
    const live = timelineItem({ id: 11 });
    const overlay = scenarioOverlay([live], [{ ...live, title: 'renamed only' }], groups);
    expect(overlay.byItem.size).toBe(0);
    expect(overlay.removedByRow.size).toBe(0);
  });

  it('marks an item the scenario created as new, and one it deleted as a dashed ghost in its lane', () => {
    const created = timelineItem({ id: 12 });
    const deleted = timelineItem({ id: 13 });
    const overlay = scenarioOverlay([deleted], [created], groups);
    expect(overlay.byItem.get(12)?.change).toBe('added');
    expect(overlay.removedByRow.get(rowKey(1, 'tasks'))?.map((ghost) => ghost.item.id)).toEqual([13]);
  });
});
