import {
  dependencyStream,
  parseStreamName,
  streamName,
  calendarStream,
  defaultCalendarId,
  trackerIssueStream,
  validationError,
} from '@fahrplan/contracts';
import type {
  HistoryCategory,
  HistoryQuery,
  HistoryRow,
  ReferenceName,
  StoredEvent,
} from '@fahrplan/contracts';
import type { EventStore } from '@fahrplan/platform';
import { encodeCursor } from '../http/paging';
import type { PageRequest } from '../http/paging';
import { foldHistory, historyFolds } from './history-folds';
import {
  connectionOf,
  dependencyRows,
  issueLinks,
  issueRows,
  projectRows,
  projectSpans,
} from './linked-rows';
import {
  defaultCalendarNames,
  foreignProjectNames,
  maxPageReferences,
  namesOf,
  referencesOf,
} from './history-references';

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
