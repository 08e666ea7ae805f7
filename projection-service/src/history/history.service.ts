import {
  dependencyStream,
  diffRecords,
  parseStreamName,
  parseTrackerRepositoryId,
  referenceKey,
  scenarioOfSource,
  referenceOf,
  referencedIds,
  streamName,
  calendarStream,
  defaultCalendarId,
  defaultCalendarName,
  tenantDecider,
  trackerIssueChangedType,
  trackerIssueStream,
  userDecider,
  validationError,
} from '@fahrplan/contracts';
import type {
  Decider,
  DependencyAdded,
  DependencyRemoved,
  DomainEvent,
  HistoryCategory,
  HistoryQuery,
  HistoryRow,
  ReferenceCategory,
  ReferenceName,
  StoredEvent,
  TrackerIssueChangedData,
} from '@fahrplan/contracts';
import type { EventStore } from '@fahrplan/platform';
import { encodeCursor } from '../http/paging';
import type { PageRequest } from '../http/paging';
import { accountsProjection } from '../accounts/accounts.projection';
import { applicationsProjection } from '../applications/applications.projection';
import { commentsProjection } from '../comments/comments.projection';
import { goalsProjection } from '../goals/goals.projection';
import { groupsProjection } from '../groups/groups.projection';
import { itemsProjection } from '../items/items.projection';
import { isVisible } from '../groups/visible-groups';
import type { Projection } from '../projections/projection';
import type { ReadDocument } from '../read-store/read-store';
import { resourcesProjection } from '../resources/resources.projection';
import { calendarsProjection } from '../calendars/calendars.projection';
import { scenariosProjection } from '../scenarios/scenarios.projection';
import { trackerConnectionsProjection } from '../tracker/tracker-connections.projection';

type State = Readonly<Record<string, unknown>> | null;
type Fold = (state: State, event: StoredEvent) => State;

/** A projection's evolve of the record's document, as history states. */
const documentFold =
  (projection: Projection): Fold =>
  (state, event) =>
    projection.handles.includes(event.type) ? (projection.evolve(state, event) as State) : state;

/** A decider's evolve, for the identity records that have no read-model document. */
const deciderFold =
  <S extends { status: string }, E extends DomainEvent>({
    initialState,
    evolve,
  }: Pick<Decider<unknown, S, E, unknown>, 'initialState' | 'evolve'>): Fold =>
  (state, event) => {
    const next = evolve((state as S | null) ?? initialState, event as unknown as E);
    return next.status === 'absent' ? null : (next as unknown as State);
  };

/**
 * Keeps a value the read model leaves out on purpose (a password hash, a sealed secret) as `field`, so
 * that replacing it still shows as a change; diffRecords shows such fields only as REDACTED.
 */
const withConcealed =
  (fold: Fold, field: string, valueOf: (event: StoredEvent) => unknown): Fold =>
  (state, event) => {
    const next = fold(state, event);
    if (next === null) return null;
    const value = valueOf(event);
    // an opaque marker of the change (the event's id), never the hash or the sealed value itself
    return { ...next, [field]: value === undefined ? (state?.[field] ?? null) : value ? event.id : null };
  };

/** The password hash a user event sets (none for an OIDC-only account), undefined when it keeps it. */
const passwordHashOf = (event: StoredEvent): unknown =>
  event.type === 'UserCreated' || event.type === 'UserPasswordChanged'
    ? (event.data as { passwordHash?: string }).passwordHash
    : undefined;

/** The sealed secret a tracker connection event sets, undefined when it keeps the stored one. */
const sealedSecretOf = (event: StoredEvent): unknown => (event.data as { secret?: unknown }).secret;

/**
 * How each category's record looks to users after each of its events: the read-model document its
 * projection folds (what the screens show), so a history row's differences are the differences a
 * user saw. Tenants and users live in the directory, folded by their deciders.
 */
export const historyFolds: Readonly<Record<HistoryCategory, Fold>> = {
  application: documentFold(applicationsProjection as unknown as Projection),
  group: documentFold(groupsProjection as unknown as Projection),
  item: documentFold(itemsProjection as unknown as Projection),
  goal: documentFold(goalsProjection as unknown as Projection),
  resource: documentFold(resourcesProjection as unknown as Projection),
  calendar: documentFold(calendarsProjection as unknown as Projection),
  comment: documentFold(commentsProjection as unknown as Projection),
  account: documentFold(accountsProjection as unknown as Projection),
  scenario: documentFold(scenariosProjection as unknown as Projection),
  trackerConnection: withConcealed(
    documentFold(trackerConnectionsProjection as unknown as Projection),
    'secret',
    sealedSecretOf,
  ),
  tenant: deciderFold(tenantDecider),
  user: withConcealed(deciderFold(userDecider), 'password', passwordHashOf),
};

/** A history row of one event, given the record before and after it. */
export const historyRow = (event: StoredEvent, before: State, after: State): HistoryRow => ({
  position: event.position,
  stream: event.streamId,
  revision: event.revision,
  at: event.metadata.timestamp,
  user: event.metadata.user,
  command: event.metadata.command ?? null,
  event: event.type,
  source: event.metadata.source ?? null,
  changes: diffRecords(before, after),
});

/** Every row of a stream's events, oldest first, with the record's state after each. */
export const foldHistory = (
  category: HistoryCategory,
  events: readonly StoredEvent[],
): { rows: HistoryRow[]; states: State[] } => {
  const fold = historyFolds[category];
  const rows: HistoryRow[] = [];
  const states: State[] = [];
  let state: State = null;
  for (const event of events) {
    const next = fold(state, event);
    rows.push(historyRow(event, state, next));
    states.push(next);
    state = next;
  }
  return { rows, states };
};

/** A tracker issue a record linked, from the position it linked it until the one it stopped (exclusive). */
export interface IssueLink {
  readonly connectionId: number;
  readonly key: string;
  readonly from: number;
  readonly until: number;
}

/** The connection of a repository reference (`jirarepo`, or an item's `jiragroup` id), if any. */
const connectionOf = (reference: unknown): number | null =>
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

/**
 * The rows `query` selects, newest first, the page of them after `request`'s cursor (a row's position,
 * unique in the log), and the filters' choices.
 */
export const historyPage = (rows: readonly HistoryRow[], query: HistoryQuery, request: PageRequest) => {
  const newestFirst = [...rows].sort((a, b) => b.position - a.position);
  const matching = newestFirst.filter(
    (row) =>
      (query.user === undefined || row.user === query.user) &&
      (query.field === undefined || row.changes.some((change) => change.field === query.field)),
  );
  const before = request.after === null ? Number.POSITIVE_INFINITY : Number(request.after[0]);
  const start = matching.findIndex((row) => row.position < before);
  const page = start === -1 ? [] : matching.slice(start, start + request.limit);
  const more = start !== -1 && start + request.limit < matching.length;
  return {
    items: page,
    nextCursor: more ? encodeCursor([String(page.at(-1)!.position)]) : null,
    total: matching.length,
    fields: [...new Set(rows.flatMap((row) => row.changes.map((change) => change.field)))].sort(),
    users: [...new Set(rows.map((row) => row.user))].sort(),
  };
};

/** The fields of a project's rows that name the tenants it is shared with, and which are bookkeeping. */
const shareFields: ReadonlySet<string> = new Set(['shares', 'sharedWith']);

/**
 * A shared project's rows as the receiving tenant `viewer` may see them (issue 19): every change of the
 * project's own fields, as its project dialog shows them, but of the shares only its own (as
 * GET /api/groups/:id answers it); a row that changed only other tenants' shares is left out, and so is
 * the owner's `acceptedBy` index.
 */
export const sharedProjectRows = (rows: readonly HistoryRow[], viewer: string): HistoryRow[] =>
  rows.flatMap((row) => {
    const own = (value: unknown) =>
      Array.isArray(value)
        ? value.filter((share) => share === viewer || (share as { tenant?: unknown })?.tenant === viewer)
        : value;
    const changes = row.changes.flatMap((change) => {
      if (change.field === 'acceptedBy') return [];
      if (!shareFields.has(change.field)) return [change];
      const [before, after] = [own(change.before), own(change.after)];
      return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ ...change, before, after }];
    });
    return changes.length === 0 && row.changes.length > 0 ? [] : [{ ...row, changes }];
  });

/** How many referenced records one history page names at most; any beyond show by their ids. */
export const maxPageReferences = 100;

/** The records the changes of `rows` (of a `category` record) refer to, by `referenceKey`. */
export const referencesOf = (
  category: HistoryCategory,
  rows: readonly HistoryRow[],
): Map<string, { readonly category: ReferenceCategory; readonly id: number }> => {
  const references = new Map<string, { category: ReferenceCategory; id: number }>();
  for (const row of rows) {
    if (row.via) references.set(referenceKey(row.via.category, row.via.id), row.via);
    // a change published from a scenario shows the scenario's name (issue 22)
    const scenario = scenarioOfSource(row.source);
    if (scenario !== null)
      references.set(referenceKey('scenario', scenario), { category: 'scenario', id: scenario });
    for (const change of row.changes) {
      const kind = referenceOf(category, change.field);
      if (kind === undefined) continue;
      for (const id of [...referencedIds(change.before), ...referencedIds(change.after)])
        references.set(referenceKey(kind, id), { category: kind, id });
    }
  }
  return references;
};

/** The name a record shows by: a project's or an item's title, anything else's name. */
const nameOf = (state: State): string | null =>
  typeof state?.title === 'string' ? state.title : typeof state?.name === 'string' ? state.name : null;

/** The default calendar's names (issue 24): Bern since always, before any event of its own renamed it. */
const defaultCalendarNames = (named: readonly ReferenceName[]): ReferenceName[] =>
  named[0]?.name === defaultCalendarName
    ? [{ ...named[0], position: 0 }, ...named.slice(1)]
    : [{ position: 0, name: defaultCalendarName }, ...named];

/** The names a record's events gave it, each from the position it took effect, oldest first. */
export const namesOf = (category: HistoryCategory, events: readonly StoredEvent[]): ReferenceName[] => {
  const names: ReferenceName[] = [];
  let state: State = null;
  for (const event of events) {
    state = historyFolds[category](state, event);
    const name = nameOf(state);
    if (name !== null && name !== names.at(-1)?.name) names.push({ position: event.position, name });
  }
  return names;
};

/**
 * The names another tenant's project (a shared parent) gave `viewer` over its history (issue 19): its
 * title while shared with `viewer` and accepted, not deleted (what GET /api/groups/:id answers
 * `viewer`); otherwise only whose it is, so that a row never shows a name its viewer might not see.
 */
export const foreignProjectNames = (events: readonly StoredEvent[], viewer: string): ReferenceName[] => {
  const tenant = events[0]?.metadata.tenant;
  if (tenant === undefined || tenant === viewer) return [];
  const names: ReferenceName[] = [];
  let state: State = null;
  for (const event of events) {
    state = historyFolds.group(state, event);
    // the folded state is the read model's document, as isVisible reads it
    const name = state && isVisible(state as unknown as ReadDocument, viewer) ? nameOf(state) : null;
    if (names.length === 0 || name !== names.at(-1)!.name)
      names.push({ position: event.position, name, tenant });
  }
  return names;
};

/** Events one request for a record's history or export reads at most, by default. */
export const defaultHistoryMaxEvents = 50_000;

/** What one request may still read of the log; a history is folded whole, so a longer one is refused. */
export interface HistoryBudget {
  left: number;
}

/**
 * Reads records' histories from the event log (the write side's truth), scoped to the caller's tenant.
 * Each request reads at most `maxEvents` events (the record's and those of what its rows show besides:
 * the project of an item, the tracker issues it linked), and is refused beyond that, never truncated.
 */
export class HistoryReader {
  constructor(
    private readonly store: EventStore,
    readonly maxEvents = defaultHistoryMaxEvents,
  ) {}

  /** A fresh budget for one request. */
  budget(): HistoryBudget {
    return { left: this.maxEvents };
  }

  /** The record's events in today's shape, or null when it never existed in `tenant`. */
  async events(
    category: HistoryCategory,
    id: string,
    tenant: string,
    budget: HistoryBudget,
  ): Promise<StoredEvent[] | null> {
    // the default calendar's stream names the tenant (issue 24)
    const stream = category === 'calendar' ? calendarStream(tenant, Number(id)) : streamName(category, id);
    // whose record it is first: another tenant's record answers the same whatever its length
    const [first] = await this.store.readStream(stream, 0, 1);
    const owner = category === 'tenant' ? (first?.data as { name?: string })?.name : first?.metadata.tenant;
    return first && owner === tenant ? this.read(stream, budget) : null;
  }

  /** The record's rows, with what tracker mirroring observed of the issues a project or an item linked. */
  async rows(
    category: HistoryCategory,
    events: readonly StoredEvent[],
    tenant: string,
    budget: HistoryBudget,
  ): Promise<HistoryRow[]> {
    const { rows, states } = foldHistory(category, events);
    if (category !== 'group' && category !== 'item') return rows;
    const spans = category === 'item' ? projectSpans(events, states) : [];
    const projects = new Map<number, StoredEvent[]>();
    for (const { group } of spans)
      if (!projects.has(group))
        projects.set(group, (await this.events('group', String(group), tenant, budget)) ?? []);
    const withProjects = spans.flatMap((span) =>
      projectRows(span, projects.get(span.group)!, events, states),
    );
    const group = category === 'item' ? (states.at(-1)?.group as number | undefined) : undefined;
    const project = group === undefined ? null : (projects.get(group) ?? null);
    const projectConnection = project?.length
      ? connectionOf(project.reduce(historyFolds.group, null)?.jirarepo)
      : null;
    const observed: HistoryRow[][] = [];
    for (const link of issueLinks(category, events, states, projectConnection))
      observed.push(
        issueRows(
          link,
          (await this.read(trackerIssueStream(link.connectionId, link.key), budget)).filter(
            (event) => event.metadata.tenant === tenant,
          ),
        ),
      );
    const dependencies =
      category === 'item' && events[0]
        ? dependencyRows(
            Number(parseStreamName(events[0].streamId).id),
            await this.read(dependencyStream(tenant), budget),
          )
        : [];
    return [...rows, ...withProjects, ...observed.flat(), ...dependencies].sort(
      (a, b) => a.position - b.position,
    );
  }

  /**
   * The names of the records the page's `rows` refer to over their history, for those of `tenant`:
   * each referenced record's stream read once per page (at most maxPageReferences of them), charged to
   * `budget`, so a name is the one the record had at a row's position without folding the read models.
   * With `foreignProjects` (the caller's own record), a project of another tenant (a shared parent) is
   * named as `foreignProjectNames` says; a shared project's references to its owner's records are not.
   */
  async refs(
    category: HistoryCategory,
    rows: readonly HistoryRow[],
    tenant: string,
    budget: HistoryBudget,
    foreignProjects = false,
  ): Promise<Record<string, ReferenceName[]>> {
    const refs: Record<string, ReferenceName[]> = {};
    const references = [...referencesOf(category, rows)].slice(0, maxPageReferences);
    for (const [key, reference] of references) {
      const isDefault = reference.category === 'calendar' && reference.id === defaultCalendarId;
      // the default calendar of a shared project is its owner's, whose stream names the owner
      if (isDefault && !foreignProjects) continue;
      const events = await this.events(reference.category, String(reference.id), tenant, budget);
      const named = events
        ? namesOf(reference.category, events)
        : foreignProjects && reference.category === 'group'
          ? foreignProjectNames(await this.projectEvents(String(reference.id), budget), tenant)
          : [];
      const names = isDefault ? defaultCalendarNames(named) : named;
      if (names.length > 0) refs[key] = names;
    }
    return refs;
  }

  /** A project's events, whoever owns it (the caller checked that its tenant may see it). */
  projectEvents(id: string, budget: HistoryBudget): Promise<StoredEvent[]> {
    return this.read(streamName('group', id), budget);
  }

  /** The whole stream, charged to `budget`; a 400 naming the limit when it does not fit. */
  private async read(stream: string, budget: HistoryBudget): Promise<StoredEvent[]> {
    const events = await this.store.readStream(stream, 0, budget.left + 1);
    if (events.length > budget.left)
      throw validationError(
        `a history or export reads at most ${this.maxEvents.toLocaleString('en')} events (the record's, its project's and its tracker issues'); this record has more`,
      );
    budget.left -= events.length;
    return events;
  }
}
