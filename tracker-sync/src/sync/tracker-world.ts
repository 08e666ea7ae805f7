import { parseTrackerRepositoryId, trackerConnectionDecider } from '@fahrplan/contracts';
import type {
  GroupFields,
  ItemFields,
  StoredEvent,
  TrackerConnectionEvent,
  TrackerConnectionState,
} from '@fahrplan/contracts';

/*
 * What tracker-sync knows of Fahrplan: the tenants' connections and which tracker projects and
 * issues their projects and items link. A pure fold of the event log (categories below), kept with
 * the position it covers (tracker-world-model.ts), so that a restart folds only what came after.
 */

/** The connections and the requests to mirror them: few, read in full. */
export const connectionCategories = ['trackerConnection', 'trackerSync'] as const;
/** Projects and items: read only for the tenants that have a connection. */
export const linkCategories = ['group', 'item'] as const;
export const trackerWorldCategories = [...connectionCategories, ...linkCategories] as const;

/** Whether `event` is of a project or an item (what links issues), not of a connection. */
export const isLinkEvent = (event: StoredEvent): boolean => /^(Group|Item)/.test(event.type);

/** A connection as its decider folds it (`trackerConnectionDecider.evolve`), with its tenant. */
export type ConnectionRecord = Exclude<TrackerConnectionState, { status: 'absent' }> & {
  readonly tenant: string;
};

export interface GroupLink {
  readonly tenant: string;
  readonly repository: string | null;
  readonly issue: string | null;
  readonly deleted: boolean;
}

export interface ItemLink {
  readonly tenant: string;
  readonly group: number | null;
  readonly issueGroup: string | null;
  readonly issue: string | null;
  readonly deleted: boolean;
}

export interface TrackerWorld {
  readonly connections: ReadonlyMap<number, ConnectionRecord>;
  /** The projects that name a repository or an issue: the few a tenant links, not all it plans. */
  readonly groups: ReadonlyMap<number, GroupLink>;
  /** The items that name an issue or an issue's project. */
  readonly items: ReadonlyMap<number, ItemLink>;
}

export const emptyTrackerWorld = (): TrackerWorld => ({
  connections: new Map(),
  groups: new Map(),
  items: new Map(),
});

/** What an event changed, so the service can react (mirror a connection soon, or now). */
export type WorldChange =
  | { readonly kind: 'connection'; readonly connectionId: number }
  | {
      readonly kind: 'sync-requested';
      readonly connectionId: number;
      readonly full: boolean;
      readonly tenant: string;
    }
  /**
   * The tenant's links moved; `unplaced`: an item linked by a change that leaves its project out, whose
   * project the world does not keep (`groupOfItem` finds it in the item's stream, `placeItem` sets it).
   */
  | { readonly kind: 'links'; readonly tenant: string; readonly unplaced?: number }
  | null;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

const repositoryOf = (value: unknown): string | null => {
  const id = (value as GroupFields['jirarepo'])?.id;
  return id === undefined || id === null ? null : String(id);
};

/** The id and the fields of a record's Created (its data) or Updated (its changes) event. */
const changedFields = <F>(event: StoredEvent): { id: number; fields: Partial<F> } => {
  const data = event.data as { id: number; changes?: Partial<F> } & Partial<F>;
  return { id: data.id, fields: event.type.endsWith('Created') ? data : (data.changes ?? {}) };
};

/**
 * A record's Created or Updated event folded into its link (`link` builds it from the fields the event
 * carries and the link so far); null when the record is another tenant's.
 */
const relink = <F, L extends { readonly tenant: string }>(
  event: StoredEvent,
  links: Map<number, L>,
  link: (fields: Partial<F>, current: L | undefined) => L,
) => {
  const { id, fields } = changedFields<F>(event);
  const current = links.get(id);
  return current && current.tenant !== event.metadata.tenant
    ? null
    : { id, current, next: link(fields, current) };
};

/**
 * Whether a link changed in any of `keys`: the tenant's tracker links must then be read again. The world
 * keeps no unlinked record: one it did not keep changed only if it is linked now.
 */
const moved = <L>(current: L | undefined, next: L, linked: boolean, keys: readonly (keyof L)[]) =>
  current ? keys.some((key) => next[key] !== current[key]) : linked;

/** Keeps a record while it links something (or was deleted while it did), forgets it otherwise. */
const keepLinked = <L>(links: Map<number, L>, id: number, next: L, linked: boolean) => {
  if (linked) links.set(id, next);
  else links.delete(id);
};

/** Folds one event into the world (mutating its maps: the world lives in one service). */
export const applyToWorld = (world: TrackerWorld, event: StoredEvent): WorldChange => {
  const tenant = event.metadata.tenant;
  const connections = world.connections as Map<number, ConnectionRecord>;
  const groups = world.groups as Map<number, GroupLink>;
  const items = world.items as Map<number, ItemLink>;
  switch (event.type) {
    case 'TrackerConnectionCreated':
    case 'TrackerConnectionUpdated':
    case 'TrackerConnectionDeleted': {
      const connection = event as unknown as TrackerConnectionEvent;
      const current = connections.get(connection.data.id);
      if (current && current.tenant !== tenant) return null;
      const next = trackerConnectionDecider.evolve(
        current ?? trackerConnectionDecider.initialState,
        connection,
      );
      if (next.status === 'absent') return null;
      connections.set(connection.data.id, { ...next, tenant });
      return { kind: 'connection', connectionId: connection.data.id };
    }
    case 'TrackerSyncRequested': {
      const { id, full } = event.data as { id: number; full: boolean };
      return connections.get(id)?.tenant === tenant
        ? { kind: 'sync-requested', connectionId: id, full, tenant }
        : null;
    }
    case 'GroupCreated':
    case 'GroupUpdated': {
      const update = relink<GroupFields, GroupLink>(event, groups, (fields, current) => ({
        tenant,
        repository: 'jirarepo' in fields ? repositoryOf(fields.jirarepo) : (current?.repository ?? null),
        issue: 'jiraid' in fields ? text(fields.jiraid) : (current?.issue ?? null),
        deleted: false,
      }));
      if (!update) return null;
      const { id, current, next } = update;
      const linked = next.repository !== null || next.issue !== null;
      keepLinked(groups, id, next, linked);
      return moved(current, next, linked, ['repository', 'issue']) ? { kind: 'links', tenant } : null;
    }
    case 'ItemCreated':
    case 'ItemUpdated': {
      const update = relink<ItemFields, ItemLink>(event, items, (fields, current) => ({
        tenant,
        group: 'group' in fields ? (fields.group ?? null) : (current?.group ?? null),
        issueGroup: 'jiragroup' in fields ? text(fields.jiragroup) : (current?.issueGroup ?? null),
        issue: 'jiraid' in fields ? text(fields.jiraid) : (current?.issue ?? null),
        deleted: false,
      }));
      if (!update) return null;
      const { id, current, next } = update;
      const linked = next.issue !== null || next.issueGroup !== null;
      keepLinked(items, id, next, linked);
      if (!moved(current, next, linked, ['issue', 'issueGroup', 'group'])) return null;
      // an item the world did not keep, linked by a change that does not name its project
      const unplaced =
        !current && event.type === 'ItemUpdated' && !('group' in changedFields<ItemFields>(event).fields);
      return unplaced ? { kind: 'links', tenant, unplaced: id } : { kind: 'links', tenant };
    }
    case 'GroupDeleted':
    case 'ItemDeleted':
    case 'GroupRestored':
    case 'ItemRestored': {
      const { id } = event.data as { id: number };
      const map = event.type.startsWith('Group') ? groups : items;
      const current = map.get(id);
      if (!current || current.tenant !== tenant) return null;
      // a restored record links what it linked when it was deleted
      const restored = event.type.endsWith('Restored');
      map.set(id, { ...current, deleted: !restored } as GroupLink & ItemLink);
      return restored ? { kind: 'links', tenant } : null;
    }
    default:
      return null;
  }
};

/**
 * The project of item `id` as of `until`, from its stream (the events of `tenant`): for an item linked by
 * a change that left its project out (`WorldChange.unplaced`).
 */
export const groupOfItem = (stream: readonly StoredEvent[], until: number, tenant: string): number | null => {
  let group: number | null = null;
  for (const event of stream) {
    if (event.position > until) break;
    if (event.metadata.tenant !== tenant || !/^Item(Created|Updated)$/.test(event.type)) continue;
    const { fields } = changedFields<ItemFields>(event);
    if ('group' in fields) group = fields.group ?? null;
  }
  return group;
};

/** Places an item reported `unplaced` in the project its stream names. */
export const placeItem = (world: TrackerWorld, id: number, group: number | null): void => {
  const items = world.items as Map<number, ItemLink>;
  const item = items.get(id);
  if (item) items.set(id, { ...item, group });
};

/** The tenant's live connections. */
export const connectionsOf = (world: TrackerWorld, tenant: string): ConnectionRecord[] =>
  [...world.connections.values()].filter((c) => c.tenant === tenant && c.status === 'active');

/** The connection an issue key belongs to, from a repository id, else the tenant's only connection. */
const connectionOfLink = (world: TrackerWorld, tenant: string, repository: string | null): number | null => {
  const parsed = parseTrackerRepositoryId(repository);
  if (parsed) return parsed.connectionId;
  const live = connectionsOf(world, tenant);
  return live.length === 1 ? live[0]!.id : null;
};

/** What a connection must mirror beyond its projects and boards: linked projects' versions and linked issues. */
export const linksOf = (
  world: TrackerWorld,
  connection: ConnectionRecord,
): { readonly projectIds: string[]; readonly issueKeys: string[] } => {
  const projectIds = new Set<string>();
  const issueKeys = new Set<string>();
  for (const group of world.groups.values()) {
    if (group.deleted || group.tenant !== connection.tenant) continue;
    const repository = parseTrackerRepositoryId(group.repository);
    if (repository?.connectionId === connection.id) projectIds.add(repository.projectId);
    if (group.issue && connectionOfLink(world, group.tenant, group.repository) === connection.id)
      issueKeys.add(group.issue.toUpperCase());
  }
  for (const item of world.items.values()) {
    if (item.deleted || item.tenant !== connection.tenant || !item.issue) continue;
    const group = item.group === null ? undefined : world.groups.get(item.group);
    const repository = group?.repository ?? item.issueGroup;
    if (connectionOfLink(world, item.tenant, repository) === connection.id)
      issueKeys.add(item.issue.toUpperCase());
  }
  return { projectIds: [...projectIds].sort(), issueKeys: [...issueKeys].sort() };
};
