import { liveItemGroups, referenceConflicts, referencedProjects, removedLanes } from './references';
import type { ReferenceFacts } from './references';
import type { PublishedChange } from './publish';

const laneMove = (item: number, lane: string): PublishedChange => ({
  stream: `item-${item}`,
  expectedVersion: 2,
  events: [{ type: 'ItemUpdated', data: { id: item, changes: { subgroup: lane } } }],
});
const createdIn = (item: number, project: number, lane: string): PublishedChange => ({
  stream: `item-${item}`,
  expectedVersion: null,
  events: [{ type: 'ItemCreated', data: { id: item, title: 'Pilot', group: project, subgroup: lane } }],
});
const laneEvents = (project: number, ...events: PublishedChange['events']): PublishedChange => ({
  stream: `group-${project}`,
  expectedVersion: 4,
  events,
});
const facts = (lanes: readonly string[]): ReferenceFacts => ({
  projects: new Map([[7, 'active']]),
  lanes: new Map([[7, lanes]]),
  itemGroups: new Map([[12, 7]]),
});
const removedLane = (item: number, lane: string, title: string, change: 'created' | 'changed') => {
  const conflict = { field: 'subgroup', live: 'removed', scenario: lane };
  return { kind: 'item', id: item, title, change, fields: [conflict], conflicts: [conflict] };
};

describe('lanes checked again at publish', () => {
  describe('when the live plan removed a lane since the scenario put an item into it', () => {
    it('refuses an item moved into it, its project read from the live item', () => {
      expect(referenceConflicts([laneMove(12, 'lane-3')], facts(['lane-1']))).toEqual([
        removedLane(12, 'lane-3', '#12', 'changed'),
      ]);
    });

    it('refuses an item created in it', () => {
      expect(referenceConflicts([createdIn(40, 7, 'lane-3')], facts([]))).toEqual([
        removedLane(40, 'lane-3', 'Pilot', 'created'),
      ]);
    });

    it('publishes when the publish itself restores the lane, and refuses when it removes it', () => {
      const restored = laneEvents(7, {
        type: 'SubgroupRestored',
        data: { id: 7, subgroup: { id: 'lane-3', name: 'Pilot', type: 'INDIVIDUAL' } },
      });
      expect(referenceConflicts([restored, laneMove(12, 'lane-3')], facts([]))).toEqual([]);
      const removed = laneEvents(7, { type: 'SubgroupRemoved', data: { id: 7, subgroup: 'lane-3' } });
      expect(referenceConflicts([removed, laneMove(12, 'lane-3')], facts(['lane-3']))).toHaveLength(1);
    });
  });

  describe('when the lane is there', () => {
    it('publishes a move into a live lane or a default lane', () => {
      expect(referenceConflicts([laneMove(12, 'lane-1')], facts(['lane-1']))).toEqual([]);
      expect(referenceConflicts([laneMove(12, 'tasks')], facts([]))).toEqual([]);
    });
  });

  describe('when the scenario removes a lane', () => {
    const removal = laneEvents(7, { type: 'SubgroupRemoved', data: { id: 7, subgroup: 'lane-2' } });

    it('names it, unless the scenario restores it again', () => {
      expect(removedLanes([removal])).toEqual([{ project: 7, lane: 'lane-2' }]);
      const restored = laneEvents(7, ...removal.events, {
        type: 'SubgroupRestored',
        data: { id: 7, subgroup: { id: 'lane-2', name: 'Pilot', type: 'INDIVIDUAL' } },
      });
      expect(removedLanes([restored])).toEqual([]);
    });

    it('refuses the publish while items are in it after the publish (moved there live since)', () => {
      const removed = [{ project: 7, lane: 'lane-2', title: 'CRM', items: 2 }];
      const conflict = { field: 'subgroups.lane-2', live: 2, scenario: null };
      expect(referenceConflicts([removal], { ...facts([]), removed })).toEqual([
        { kind: 'group', id: 7, title: 'CRM', change: 'changed', fields: [conflict], conflicts: [conflict] },
      ]);
      expect(
        referenceConflicts([removal], { ...facts([]), removed: [{ ...removed[0]!, items: 0 }] }),
      ).toEqual([]);
    });
  });

  it('names the project of an item moved between lanes from its live stream', () => {
    const streams = [
      {
        stream: 'item-12',
        live: [
          { type: 'ItemCreated', data: { id: 12, group: 5 } },
          { type: 'ItemUpdated', data: { id: 12, changes: { group: 7 } } },
        ],
      },
      { stream: 'group-7', live: [{ type: 'GroupCreated', data: { id: 7, group: 1 } }] },
    ];
    const groups = liveItemGroups(streams);
    expect([...groups]).toEqual([[12, 7]]);
    expect(referencedProjects([laneMove(12, 'lane-3')], groups)).toEqual([7]);
    expect(referencedProjects([laneMove(12, 'lane-3')])).toEqual([]);
  });
});
