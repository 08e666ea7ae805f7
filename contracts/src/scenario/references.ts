import type { DomainEvent } from '../events';
import { parseStreamName } from '../streams';
import type { RecordDifference } from './diff';
import type { PublishedChange } from './publish';

/**
 * Cross-record rules a publish checks again (issue 22, docs/design/scenarios.md "Publishing"): each
 * change was decided in the scenario on the records it named then, but the live plan may have moved
 * since. An item the scenario creates or moves into a project must find that project on the live plan
 * the publish lands on: not deleted live since (nor absent), unless the publish itself restores it.
 */

/** A project's state on the live plan now, as its live stream folds. */
export type LiveProject = 'absent' | 'active' | 'deleted';

interface ItemInProject {
  readonly item: number;
  readonly project: number;
  readonly title: string | undefined;
}

const objectOf = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The fields an item event sets: a creation's, or an update's changes. */
const itemFieldsOf = ({ type, data }: DomainEvent): Readonly<Record<string, unknown>> =>
  type === 'ItemCreated' ? objectOf(data) : type === 'ItemUpdated' ? objectOf(objectOf(data).changes) : {};

/** Every item a publish puts into a project (created there or moved there, and not deleted after), with its project. */
const itemsInProjects = (changes: readonly PublishedChange[]): ItemInProject[] => {
  const placed = new Map<number, ItemInProject>();
  for (const change of changes)
    if (parseStreamName(change.stream).category === 'item')
      for (const event of change.events) {
        const item = Number(objectOf(event.data).id);
        const set = itemFieldsOf(event);
        const title = typeof set.title === 'string' ? set.title : placed.get(item)?.title;
        if (event.type === 'ItemDeleted') placed.delete(item);
        else if (typeof set.group === 'number') placed.set(item, { item, project: set.group, title });
        else if (placed.has(item)) placed.set(item, { ...placed.get(item)!, title });
      }
  return [...placed.values()];
};

/** The projects a publish's items are put into: the handler reads their live state for `referenceConflicts`. */
export const referencedProjects = (changes: readonly PublishedChange[]): number[] => [
  ...new Set(itemsInProjects(changes).map(({ project }) => project)),
];

/** A project's state after the publish's own events of it (a creation, deletion or restore in the scenario). */
const afterPublish = (
  changes: readonly PublishedChange[],
  project: number,
  live: LiveProject,
): LiveProject => {
  let state = live;
  for (const change of changes) {
    const { category, id } = parseStreamName(change.stream);
    if (category !== 'group' || Number(id) !== project) continue;
    for (const { type } of change.events)
      if (type === 'GroupCreated' || type === 'GroupRestored') state = 'active';
      else if (type === 'GroupDeleted') state = 'deleted';
  }
  return state;
};

/**
 * The items a publish would put into a project that is not on the live plan after it (deleted live
 * since the scenario's change, or absent), as conflicts on `group`: the publish is refused whole,
 * naming them. `projects`: each of `referencedProjects`' live state now (absent where not given).
 */
export const referenceConflicts = (
  changes: readonly PublishedChange[],
  projects: ReadonlyMap<number, LiveProject>,
): RecordDifference[] =>
  itemsInProjects(changes).flatMap(({ item, project, title }) => {
    const state = afterPublish(changes, project, projects.get(project) ?? 'absent');
    if (state === 'active') return [];
    const created = changes.some((change) =>
      change.events.some((event) => event.type === 'ItemCreated' && objectOf(event.data).id === item),
    );
    const conflict = { field: 'group', live: state === 'deleted' ? 'deleted' : null, scenario: project };
    return [
      {
        kind: 'item' as const,
        id: item,
        title: title ?? `#${item}`,
        change: created ? ('created' as const) : ('changed' as const),
        fields: [conflict],
        conflicts: [conflict],
      },
    ];
  });
