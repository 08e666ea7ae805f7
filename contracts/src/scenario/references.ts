import type { DomainEvent } from '../events';
import { parseStreamName } from '../streams';
import { defaultSubgroups } from '../group/subgroups';
import type { FieldDifference, RecordDifference } from './diff';
import type { PublishedChange } from './publish';

/**
 * Cross-record rules a publish checks again (issue 22, docs/design/scenarios.md "Publishing"): each
 * change was decided in the scenario on the records it named then, but the live plan may have moved
 * since. An item the scenario creates or moves into a project must find that project on the live plan
 * the publish lands on: not deleted live since (nor absent), unless the publish itself restores it;
 * and an item it puts into a lane must find that lane in its project (not removed live since).
 */

/** A project's state on the live plan now, as its live stream folds. */
export type LiveProject = 'absent' | 'active' | 'deleted';

/** What a publish checks again of the projects its items are put into, read from the live plan now. */
export interface ReferenceFacts {
  /** Each of `referencedProjects`' live state (absent where not given). */
  readonly projects: ReadonlyMap<number, LiveProject>;
  /** Each of `referencedProjects`' live lanes of its own (ids; the default lanes always exist). */
  readonly lanes?: ReadonlyMap<number, readonly string[]>;
  /** The live project of each item the publish changes (`liveItemGroups`): a lane move names no project. */
  readonly itemGroups?: ReadonlyMap<number, number>;
  /** Each lane the publish removes (`removedLanes`), with how many items it would still hold after it. */
  readonly removed?: readonly RemovedLane[];
}

/** A lane a publish removes, its project's title, and the items live or in the scenario still in it after the publish. */
export interface RemovedLane {
  readonly project: number;
  readonly lane: string;
  readonly title: string;
  readonly items: number;
}

interface ItemInProject {
  readonly item: number;
  readonly project: number;
  /** Whether the publish puts the item into the project (a creation or a move), not only into a lane of it. */
  readonly placed: boolean;
  /** The lane the publish puts the item into, where it names one. */
  readonly lane: string | undefined;
  readonly title: string | undefined;
}

const objectOf = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The fields an item event sets: a creation's, or an update's changes. */
const itemFieldsOf = ({
  type,
  data,
}: Pick<DomainEvent, 'type' | 'data'>): Readonly<Record<string, unknown>> =>
  type === 'ItemCreated' ? objectOf(data) : type === 'ItemUpdated' ? objectOf(objectOf(data).changes) : {};

/**
 * Every item a publish puts into a project or a lane (created there or moved there, and not deleted
 * after), with its project: the one the publish names, else the item's live one (`itemGroups`).
 */
const itemsInProjects = (
  changes: readonly PublishedChange[],
  itemGroups: ReadonlyMap<number, number> = new Map(),
): ItemInProject[] => {
  const found = new Map<number, ItemInProject>();
  for (const change of changes)
    if (parseStreamName(change.stream).category === 'item')
      for (const event of change.events) {
        const item = Number(objectOf(event.data).id);
        const set = itemFieldsOf(event);
        const before = found.get(item);
        const title = typeof set.title === 'string' ? set.title : before?.title;
        const placed = typeof set.group === 'number' || (before?.placed ?? false);
        const project = typeof set.group === 'number' ? set.group : (before?.project ?? itemGroups.get(item));
        const lane = 'subgroup' in set ? ((set.subgroup as string | null) ?? undefined) : before?.lane;
        if (event.type === 'ItemDeleted') found.delete(item);
        else if (project !== undefined && (placed || lane !== undefined))
          found.set(item, { item, project, placed, lane, title });
      }
  return [...found.values()];
};

/** The live project of each item of the publish's item streams: the last `group` its live events set. */
export const liveItemGroups = (
  streams: readonly {
    readonly stream: string;
    readonly live: readonly Pick<DomainEvent, 'type' | 'data'>[];
  }[],
): Map<number, number> => {
  const groups = new Map<number, number>();
  for (const { stream, live } of streams)
    if (parseStreamName(stream).category === 'item')
      for (const event of live) {
        const group = itemFieldsOf(event).group;
        if (typeof group === 'number') groups.set(Number(objectOf(event.data).id), group);
      }
  return groups;
};

/** The projects a publish's items are put into: the handler reads their live state for `referenceConflicts`. */
export const referencedProjects = (
  changes: readonly PublishedChange[],
  itemGroups?: ReadonlyMap<number, number>,
): number[] => [...new Set(itemsInProjects(changes, itemGroups).map(({ project }) => project))];

/** The publish's own events of project `project` (a creation, deletion, restore, lanes in the scenario). */
const eventsOf = (changes: readonly PublishedChange[], project: number) =>
  changes.flatMap((change) => {
    const { category, id } = parseStreamName(change.stream);
    return category === 'group' && Number(id) === project ? change.events : [];
  });

/** A project's state after the publish's own events of it. */
const afterPublish = (
  changes: readonly PublishedChange[],
  project: number,
  live: LiveProject,
): LiveProject => {
  let state = live;
  for (const { type } of eventsOf(changes, project))
    if (type === 'GroupCreated' || type === 'GroupRestored') state = 'active';
    else if (type === 'GroupDeleted') state = 'deleted';
  return state;
};

/** A project's own lanes after the publish's own events of it (lanes added, restored or removed in the scenario). */
const lanesAfterPublish = (changes: readonly PublishedChange[], project: number, live: readonly string[]) => {
  const lanes = new Set(live);
  for (const { type, data } of eventsOf(changes, project)) {
    const { subgroup } = objectOf(data);
    if (type === 'SubgroupAdded' || type === 'SubgroupRestored') lanes.add(String(objectOf(subgroup).id));
    else if (type === 'SubgroupRemoved') lanes.delete(String(subgroup));
  }
  return lanes;
};

/** The lanes a publish removes: removed in the scenario, and not added or restored there again after. */
export const removedLanes = (changes: readonly PublishedChange[]): { project: number; lane: string }[] =>
  changes.flatMap((change) => {
    const { category, id } = parseStreamName(change.stream);
    if (category !== 'group') return [];
    const project = Number(id);
    const lanes = lanesAfterPublish(changes, project, []);
    return change.events.flatMap(({ type, data }) => {
      const lane = String(objectOf(data).subgroup);
      return type === 'SubgroupRemoved' && !lanes.has(lane) ? [{ project, lane }] : [];
    });
  });

/** A lane the publish removes while items are in it after the publish (moved there live since): a conflict on the lane. */
const laneConflicts = (removed: readonly RemovedLane[]): RecordDifference[] =>
  removed.flatMap(({ project, lane, title, items }) => {
    if (items === 0) return [];
    const conflict = { field: `subgroups.${lane}`, live: items, scenario: null };
    return [
      {
        kind: 'group' as const,
        id: project,
        title,
        change: 'changed' as const,
        fields: [conflict],
        conflicts: [conflict],
      },
    ];
  });

const defaultLanes: ReadonlySet<string> = new Set(defaultSubgroups.map((lane) => lane.id));

/**
 * The items a publish would put into a project that is not on the live plan after it (deleted live
 * since the scenario's change, or absent), as conflicts on `group`, and those it would put into a lane
 * the project has no more (removed live since), as conflicts on `subgroup` (`live: 'removed'`): the
 * publish is refused whole, naming them. Lanes are checked where `facts.lanes` is given; a lane the
 * publish removes that still holds items after it (moved there live since) is a conflict on the lane.
 */
export const referenceConflicts = (
  changes: readonly PublishedChange[],
  { projects, lanes, itemGroups, removed = [] }: ReferenceFacts,
): RecordDifference[] => [
  ...laneConflicts(removed),
  ...itemsInProjects(changes, itemGroups).flatMap(({ item, project, placed, lane, title }) => {
    const state = afterPublish(changes, project, projects.get(project) ?? 'absent');
    const conflicts: FieldDifference[] = [];
    if (placed && state !== 'active')
      conflicts.push({ field: 'group', live: state === 'deleted' ? 'deleted' : null, scenario: project });
    else if (
      lanes &&
      lane !== undefined &&
      !defaultLanes.has(lane) &&
      !lanesAfterPublish(changes, project, lanes.get(project) ?? []).has(lane)
    )
      conflicts.push({ field: 'subgroup', live: 'removed', scenario: lane });
    if (conflicts.length === 0) return [];
    const created = changes.some((change) =>
      change.events.some((event) => event.type === 'ItemCreated' && objectOf(event.data).id === item),
    );
    return [
      {
        kind: 'item' as const,
        id: item,
        title: title ?? `#${item}`,
        change: created ? ('created' as const) : ('changed' as const),
        fields: conflicts,
        conflicts,
      },
    ];
  }),
];
