import {
  trackerBoardLink,
  trackerIssueLink,
  trackerProjectLink,
  trackerReleaseLink,
} from '@fahrplan/contracts';
import type {
  TrackerBoardMessage,
  TrackerFailure,
  TrackerIssueMessage,
  TrackerLinkConfig,
  TrackerProjectMessage,
  TrackerSyncRunMessage,
  TrackerVersionMessage,
} from '@fahrplan/contracts';

/** The calls a mirroring run makes (the tracker client provides them). */
export interface MirrorClient {
  projects(): AsyncIterable<{ id: string; key: string; name: string }>;
  boards(): AsyncIterable<{
    id: number | string;
    name: string;
    type?: string;
    location?: { projectKey?: string };
  }>;
  versions(projectIdOrKey: string): AsyncIterable<{
    id: string;
    name: string;
    description?: string;
    startDate?: string;
    releaseDate?: string;
    released?: boolean;
    archived?: boolean;
  }>;
  searchIssues(query: { jql: string; fields: string[]; pageSize?: number }): AsyncIterable<MirrorIssue>;
  getIssue(key: string, fields?: string[]): Promise<MirrorIssue>;
}

export interface MirrorIssue {
  id: string;
  key: string;
  fields: {
    summary?: string;
    status?: { name?: string; statusCategory?: { key?: string } } | null;
    assignee?: { displayName?: string } | null;
    duedate?: string | null;
    issuetype?: { name?: string } | null;
    updated?: string | null;
    project?: { key?: string } | null;
    fixVersions?: { id?: string; name?: string }[] | null;
  };
}

export const issueFields = [
  'summary',
  'status',
  'assignee',
  'duedate',
  'issuetype',
  'updated',
  'project',
  'fixVersions',
];

/** What one run publishes, in order: objects first, the run's summary last. */
export interface MirrorOutput {
  readonly projects: TrackerProjectMessage[];
  readonly boards: TrackerBoardMessage[];
  readonly versions: TrackerVersionMessage[];
  readonly issues: TrackerIssueMessage[];
  readonly run: TrackerSyncRunMessage;
}

export interface MirrorTarget {
  readonly tenant: string;
  readonly connectionId: number;
  readonly baseUrl: string;
  /** Tracker project ids whose versions to mirror (the repositories projects link). */
  readonly projectIds: readonly string[];
  /** Issue keys projects and items link. */
  readonly issueKeys: readonly string[];
  /** Keys read before, with the start of the last successful run: those are read only when updated since. */
  readonly since: { readonly at: string; readonly keys: ReadonlySet<string> } | null;
  readonly previousSuccessAt: string | null;
}

const keysPerQuery = 50;

/**
 * JQL's "updated since": relative minutes, because Jira reads an absolute date in the searching
 * user's time zone, which tracker-sync does not know; one minute more for clock skew and rounding.
 */
const jqlSince = (iso: string, now: Date): string =>
  `-${Math.max(1, Math.ceil((now.getTime() - Date.parse(iso)) / 60_000) + 1)}m`;

const quoteKey = (key: string) =>
  /^[A-Z][A-Z0-9_]*-\d+$/.test(key) ? key : `"${key.replace(/["\\]/g, '')}"`;

/** The calendar day of a tracker date; null for anything that is not a real day (e.g. 2026-02-30). */
const day = (value: string | null | undefined): string | null => {
  const text = typeof value === 'string' ? value.slice(0, 10) : '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(text) ? text : null;
};

const statusCategory = (key: string | undefined): TrackerIssueMessage['statusCategory'] =>
  key === 'new' || key === 'indeterminate' || key === 'done' ? key : null;

const isoOrNull = (value: string | null | undefined): string | null => {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

/** Every element of an async source, each made into a message. */
const collect = async <T, M>(source: AsyncIterable<T>, toMessage: (element: T) => M): Promise<M[]> => {
  const messages: M[] = [];
  for await (const element of source) messages.push(toMessage(element));
  return messages;
};

/**
 * One mirroring run of a connection: every project and board, the versions of linked projects, and
 * the linked issues (only those updated since the last successful run, when there was one). Pure
 * apart from the client's calls; throws the client's error when the tracker fails.
 */
export async function mirrorConnection(
  client: MirrorClient,
  target: MirrorTarget,
  links: TrackerLinkConfig,
  now: () => Date,
): Promise<
  Omit<MirrorOutput, 'run'> & {
    readonly startedAt: string;
    readonly incremental: boolean;
    readonly missingKeys: string[];
  }
> {
  const startedAt = now().toISOString();
  const base = { tenant: target.tenant, connectionId: target.connectionId, deleted: false };
  /** What every mirrored message carries: whose it is, its id as text, and when it was read. */
  const message = <Fields extends object>(id: string | number, fields: Fields) => ({
    ...base,
    id: String(id),
    ...fields,
    syncedAt: now().toISOString(),
  });

  const projects: TrackerProjectMessage[] = await collect(client.projects(), (project) =>
    message(project.id, {
      key: project.key,
      name: project.name,
      url: trackerProjectLink(target.baseUrl, project.key),
    }),
  );
  const keyOf = new Map(projects.map((p) => [p.id, p.key]));

  const boards: TrackerBoardMessage[] = await collect(client.boards(), (board) =>
    message(board.id, {
      name: board.name,
      type: board.type ?? null,
      projectKey: board.location?.projectKey ?? null,
      url: trackerBoardLink(target.baseUrl, board.id),
    }),
  );

  const versions: TrackerVersionMessage[] = [];
  for (const projectId of target.projectIds) {
    const projectKey = keyOf.get(projectId);
    if (projectKey === undefined) continue; // the linked project is gone or out of the connection's reach
    for await (const version of client.versions(projectId))
      versions.push(
        message(version.id, {
          projectKey,
          name: version.name,
          description: version.description ?? null,
          startDate: day(version.startDate),
          releaseDate: day(version.releaseDate),
          released: version.released ?? false,
          archived: version.archived ?? false,
          url: trackerReleaseLink(target.baseUrl, projectKey, version.id, links),
        }),
      );
  }

  const toMessage = (issue: MirrorIssue): TrackerIssueMessage =>
    message(issue.id, {
      key: issue.key,
      projectKey: issue.fields.project?.key ?? issue.key.replace(/-\d+$/, ''),
      summary: issue.fields.summary ?? '',
      status: issue.fields.status?.name ?? null,
      statusCategory: statusCategory(issue.fields.status?.statusCategory?.key),
      assignee: issue.fields.assignee?.displayName ?? null,
      dueDate: day(issue.fields.duedate),
      issueType: issue.fields.issuetype?.name ?? null,
      fixVersions: (issue.fields.fixVersions ?? []).map((v) => String(v.id ?? v.name ?? '')).filter(Boolean),
      updatedAt: isoOrNull(issue.fields.updated),
      url: trackerIssueLink(target.baseUrl, issue.key),
    });

  const issues: TrackerIssueMessage[] = [];
  const missingKeys: string[] = [];
  const since = target.since;
  const known = target.issueKeys.filter((key) => since?.keys.has(key));
  const fresh = target.issueKeys.filter((key) => !since?.keys.has(key));
  const batches: { keys: string[]; updatedSince: string | null }[] = [];
  for (let i = 0; i < fresh.length; i += keysPerQuery)
    batches.push({ keys: fresh.slice(i, i + keysPerQuery), updatedSince: null });
  for (let i = 0; i < known.length; i += keysPerQuery)
    batches.push({ keys: known.slice(i, i + keysPerQuery), updatedSince: since!.at });
  for (const batch of batches) {
    const jql =
      `key in (${batch.keys.map(quoteKey).join(', ')})` +
      (batch.updatedSince ? ` AND updated >= "${jqlSince(batch.updatedSince, now())}"` : '') +
      ' ORDER BY key ASC';
    try {
      for await (const issue of client.searchIssues({ jql, fields: issueFields }))
        issues.push(toMessage(issue));
    } catch (error) {
      // Jira refuses a whole query for one unknown key (400): read the batch's issues one by one
      if ((error as { status?: number }).status !== 400) throw error;
      for (const key of batch.keys) {
        try {
          const issue = await client.getIssue(key, issueFields);
          const updated = Date.parse(issue.fields.updated ?? '');
          if (
            !batch.updatedSince ||
            Number.isNaN(updated) ||
            updated >= Date.parse(batch.updatedSince) - 60_000
          )
            issues.push(toMessage(issue));
        } catch (single) {
          if ((single as { status?: number }).status !== 404) throw single;
          missingKeys.push(key);
        }
      }
    }
  }
  return { projects, boards, versions, issues, startedAt, incremental: since !== null, missingKeys };
}

/** The run message of a finished run. */
export const runMessage = (
  target: Pick<MirrorTarget, 'tenant' | 'connectionId' | 'previousSuccessAt'>,
  run:
    | { ok: true; startedAt: string; incremental: boolean; output: Omit<MirrorOutput, 'run'> }
    | { ok: false; startedAt: string; incremental: boolean; error: TrackerFailure },
  finishedAt: string,
): TrackerSyncRunMessage => ({
  tenant: target.tenant,
  connectionId: target.connectionId,
  startedAt: run.startedAt,
  finishedAt,
  lastSuccessAt: run.ok ? run.startedAt : target.previousSuccessAt,
  error: run.ok ? null : run.error,
  incremental: run.incremental,
  counts: run.ok
    ? {
        projects: run.output.projects.length,
        boards: run.output.boards.length,
        versions: run.output.versions.length,
        issues: run.output.issues.length,
      }
    : { projects: 0, boards: 0, versions: 0, issues: 0 },
  present: run.ok
    ? {
        projects: run.output.projects.map((p) => p.id),
        boards: run.output.boards.map((b) => b.id),
        versions: run.output.versions.map((v) => v.id),
      }
    : null,
});
