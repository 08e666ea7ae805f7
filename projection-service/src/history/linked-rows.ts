/** What a project's or an item's history gains from other streams: its project, issues, dependencies. */
import { parseTrackerRepositoryId, trackerIssueChangedType } from '@fahrplan/contracts';
import type {
  DependencyAdded,
  DependencyRemoved,
  HistoryCategory,
  HistoryRow,
  StoredEvent,
  TrackerIssueChangedData,
} from '@fahrplan/contracts';
import { historyRow } from './history-folds';
import type { State } from './history-folds';

/** A tracker issue a record linked, from the position it linked it until the one it stopped (exclusive). */
export interface IssueLink {
  readonly connectionId: number;
  readonly key: string;
  readonly from: number;
  readonly until: number;
}

/** The connection of a repository reference (`jirarepo`, or an item's `jiragroup` id), if any. */
export const connectionOf = (reference: unknown): number | null =>
  parseTrackerRepositoryId(
    typeof reference === 'object' && reference !== null
      ? ((reference as { id?: string }).id ?? null)
      : (reference as string | null),
  )?.connectionId ?? null;

/**
 * The issues a project or an item linked over its history, and when: a project links `jiraid` in its
 * repository's connection, an item in its issue group's connection or else its project's (`projectConnection`).
 */
export const issueLinks = (
  category: HistoryCategory,
  events: readonly StoredEvent[],
  states: readonly State[],
  projectConnection: number | null,
): IssueLink[] => {
  const links: IssueLink[] = [];
  let open: Omit<IssueLink, 'until'> | null = null;
  const close = (position: number) => {
    if (open) links.push({ ...open, until: position });
    open = null;
  };
  states.forEach((state, i) => {
    const position = events[i]!.position;
    const key =
      typeof state?.jiraid === 'string' && state.deleted !== true ? state.jiraid.toUpperCase() : null;
    const connectionId =
      category === 'group'
        ? connectionOf(state?.jirarepo)
        : (connectionOf(state?.jiragroup) ?? projectConnection);
    if (open && (open.key !== key || open.connectionId !== connectionId)) close(position);
    if (!open && key !== null && connectionId !== null) open = { connectionId, key, from: position };
  });
  close(Number.POSITIVE_INFINITY);
  return links;
};

/** History rows of what tracker mirroring observed of a linked issue while the record linked it. */
export const issueRows = (link: IssueLink, events: readonly StoredEvent[]): HistoryRow[] => {
  const rows: HistoryRow[] = [];
  let state: State = null;
  for (const event of events) {
    if (event.type !== trackerIssueChangedType) continue;
    const { connectionId: _connection, key: _key, ...fields } = event.data as TrackerIssueChangedData;
    const next = Object.fromEntries(
      Object.entries(fields).map(([field, value]) => [`issue.${field}`, value]),
    );
    if (event.position > link.from && event.position < link.until) rows.push(historyRow(event, state, next));
    state = next;
  }
  return rows;
};

/** A project an item belonged to, from the position it joined it until the one it left (exclusive). */
export interface ProjectSpan {
  readonly group: number;
  readonly from: number;
  readonly until: number;
}

/** The projects an item belonged to over its history, and when. */
export const projectSpans = (events: readonly StoredEvent[], states: readonly State[]): ProjectSpan[] => {
  const spans: ProjectSpan[] = [];
  states.forEach((state, i) => {
    const group = typeof state?.group === 'number' ? state.group : null;
    const last = spans.at(-1);
    if (last && last.until === Number.POSITIVE_INFINITY && last.group !== group)
      spans[spans.length - 1] = { ...last, until: events[i]!.position };
    if (group !== null && spans.at(-1)?.group !== group)
      spans.push({ group, from: events[i]!.position, until: Number.POSITIVE_INFINITY });
  });
  return spans;
};

/** A dependency as an item's history shows it: its id, the item at the other end, its type and lag. */
interface DependencyEntry {
  readonly id: number;
  readonly item: number;
  readonly type: string;
  readonly lag: number;
}

/**
 * An item's rows of its tenant's dependency graph (issue 21): each dependency added to it or removed
 * from it, as its `predecessors` (those it depends on) or `successors` changing, in the graph's stream.
 */
export const dependencyRows = (item: number, graphEvents: readonly StoredEvent[]): HistoryRow[] => {
  const lists: Record<'predecessors' | 'successors', DependencyEntry[]> = {
    predecessors: [],
    successors: [],
  };
  return graphEvents.flatMap((event) => {
    const data = event.data as DependencyAdded['data'] | DependencyRemoved['data'];
    const field = data.successor === item ? 'predecessors' : data.predecessor === item ? 'successors' : null;
    if (field === null) return [];
    const before = lists[field];
    const other = field === 'predecessors' ? data.predecessor : data.successor;
    if (event.type === 'DependencyAdded') {
      const { type, lag } = data as DependencyAdded['data'];
      lists[field] = [...before, { id: data.id, item: other, type, lag }];
    } else if (event.type === 'DependencyRemoved') lists[field] = before.filter((d) => d.id !== data.id);
    else return [];
    return [historyRow(event, { [field]: before }, { [field]: lists[field] })];
  });
};

/** The project events that take its live items along, and whether the items are deleted after them. */
const itemDeletedAfter: Readonly<Record<string, boolean>> = { GroupDeleted: true, GroupRestored: false };

/**
 * An item's rows of its project's deletions and restores while it belonged to it and was live itself
 * (issue 19): the project's event (its stream, user and time), as the item's `deleted` changing with
 * it, `via` the project; as-of of the item at that instant agrees (the item reads as its project does).
 */
export const projectRows = (
  span: ProjectSpan,
  projectEvents: readonly StoredEvent[],
  events: readonly StoredEvent[],
  states: readonly State[],
): HistoryRow[] =>
  projectEvents.flatMap((event) => {
    const deleted = itemDeletedAfter[event.type];
    if (deleted === undefined || event.position <= span.from || event.position >= span.until) return [];
    // the item as it was then: deleted on its own, it neither went with the project nor comes back with it
    const index = events.findLastIndex((own) => own.position < event.position);
    if (states[index]?.deleted === true) return [];
    return [
      {
        ...historyRow(event, { deleted: !deleted }, { deleted }),
        via: { category: 'group' as const, id: span.group },
      },
    ];
  });
