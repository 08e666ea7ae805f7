import { Controller, Get, Inject, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import { trackerRepositoryId, validationError } from '@fahrplan/contracts';
import type {
  TrackerBoardMessage,
  TrackerConnectionView,
  TrackerIssueMessage,
  TrackerIssueView,
  TrackerMirrorStatusView,
  TrackerProjectMessage,
  TrackerReleaseView,
  TrackerRepositoryView,
  TrackerSyncStatus,
  TrackerVersionMessage,
} from '@fahrplan/contracts';
import { AuthGuard, CurrentPrincipal, DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { z } from 'zod';
import { requireView, strip } from '../http/query-helpers';
import { single } from '../http/query-params';
import { ReadYourWritesInterceptor } from '../http/read-your-writes.interceptor';
import { READ_STORE } from '../http/tokens';
import type { ReadStore } from '../read-store/read-store';
import type { TrackerConnectionDoc } from './tracker-connections.projection';
import { trackerSyncRunId } from './tracker-folding';
import type { TrackerObjectDoc, TrackerSyncRunDoc } from './tracker-folding';

/** At most this many issue keys per query (the keys of one screen of items). */
const MAX_KEYS = 500;

const noSync: TrackerSyncStatus = { lastAttemptAt: null, lastSuccessAt: null, error: null };

/** Code-unit order: ties of `byText`, and ISO dates. */
const compareCodes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** People's order ('anna' beside 'Anna'), ties broken so that every store answers the same. */
const byText = (a: string, b: string) =>
  a.localeCompare(b, undefined, { sensitivity: 'base' }) || compareCodes(a, b);
/** Issue keys by project, then by number: SHOP-2 before SHOP-10. */
const byIssueKey = (a: string, b: string) =>
  a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' }) || compareCodes(a, b);
/** Undated releases last. */
const NO_DATE = '9999-12-31~';

const dateParam = (name: string, value: string | string[] | undefined): string | null => {
  const text = single(name, value);
  if (text === undefined || text === '') return null;
  if (!z.iso.date().safeParse(text).success)
    throw validationError(`the query parameter ${name} must be a date (YYYY-MM-DD)`, [
      { field: name, message: 'YYYY-MM-DD' },
    ]);
  return text;
};

/**
 * The tracker mirror as the console reads it (issue 7): connections, the repository chooser, issue
 * badges, releases on the timeline and the mirror's age. Only the caller's tenant's mirror, only
 * through its live connections, and nothing at all while the tenant's jira feature is off.
 */
@Controller('api/tracker')
@UseGuards(AuthGuard)
@UseInterceptors(ReadYourWritesInterceptor)
export class TrackerQueriesController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
  ) {}

  /** The tenant's live connections by name; none while the jira feature is off. */
  private async connections(tenant: string): Promise<TrackerConnectionDoc[]> {
    if (!this.directory.tenant(tenant)?.features.jira) return [];
    const docs = await this.store.find(
      'trackerConnections',
      { tenant, deleted: false },
      { sort: { name: 1 } },
    );
    return docs
      .map((doc) => strip<TrackerConnectionDoc>(doc))
      .sort((a, b) => byText(a.name, b.name) || a.id - b.id);
  }

  private async syncStatus(
    tenant: string,
    connections: readonly TrackerConnectionDoc[],
  ): Promise<Map<number, TrackerSyncStatus>> {
    const runs = await this.store.getMany(
      'trackerSyncRuns',
      connections.map((c) => trackerSyncRunId({ tenant, connectionId: c.id })),
    );
    return new Map(
      [...runs.values()].map((doc) => {
        const run = doc as TrackerSyncRunDoc;
        return [
          run.connectionId,
          { lastAttemptAt: run.startedAt, lastSuccessAt: run.lastSuccessAt, error: run.error },
        ];
      }),
    );
  }

  /** The connections' live objects of one collection. */
  private async live<M extends TrackerProjectMessage | TrackerBoardMessage | TrackerVersionMessage>(
    collection: string,
    tenant: string,
    connections: readonly TrackerConnectionDoc[],
  ): Promise<TrackerObjectDoc<M>[]> {
    if (connections.length === 0) return [];
    return (await this.store.find(collection, {
      tenant,
      deleted: false,
      connectionId: { $in: connections.map((c) => c.id) },
    })) as TrackerObjectDoc<M>[];
  }

  /** Administrators: the settings of every connection (never a secret) and how its last run went. */
  @Get('connections')
  async trackerConnections(@CurrentPrincipal() principal: Principal): Promise<TrackerConnectionView[]> {
    requireView(this.directory, principal, 'admin');
    const connections = await this.connections(principal.tenant);
    const sync = await this.syncStatus(principal.tenant, connections);
    return connections.map((c) => ({
      id: c.id,
      name: c.name,
      baseUrl: c.baseUrl,
      deployment: c.deployment,
      authMode: c.authMode,
      email: c.email,
      hasSecret: true,
      version: c.version,
      sync: sync.get(c.id) ?? noSync,
    }));
  }

  /** The repository chooser: every live project of every live connection, with its boards. */
  @Get('repositories')
  async repositories(@CurrentPrincipal() principal: Principal): Promise<TrackerRepositoryView[]> {
    requireView(this.directory, principal, 'group-details', 'items');
    const { tenant } = principal;
    const connections = await this.connections(tenant);
    const [projects, boards] = await Promise.all([
      this.live<TrackerProjectMessage>('trackerProjects', tenant, connections),
      this.live<TrackerBoardMessage>('trackerBoards', tenant, connections),
    ]);
    const rank = new Map(connections.map((c, index) => [c.id, index]));
    return projects
      .sort((a, b) => rank.get(a.connectionId)! - rank.get(b.connectionId)! || byText(a.key, b.key))
      .map((project) => {
        const connection = connections[rank.get(project.connectionId)!]!;
        return {
          id: trackerRepositoryId(project.connectionId, project.id),
          connectionId: project.connectionId,
          connectionName: connection.name,
          baseUrl: connection.baseUrl,
          projectId: project.id,
          key: project.key,
          name: project.name,
          url: project.url,
          boards: boards
            .filter(
              (board) => board.connectionId === project.connectionId && board.projectKey === project.key,
            )
            .sort((a, b) => byText(a.name, b.name) || byText(a.id, b.id))
            .map(({ id, name, type, url }) => ({ id, name, type, url })),
        };
      });
  }

  /** Mirrored issues, all or those with `keys` (comma list), by key. */
  @Get('issues')
  async issues(
    @CurrentPrincipal() principal: Principal,
    @Query('keys') keysParam?: string | string[],
  ): Promise<TrackerIssueView[]> {
    requireView(this.directory, principal, 'group-details', 'items');
    const text = single('keys', keysParam);
    // issue keys are upper case in the tracker, whatever was typed into a project or an item
    const keys =
      text === undefined
        ? null
        : [...new Set(text.split(',').map((key) => key.trim().toUpperCase()))].filter(Boolean);
    if (keys && keys.length > MAX_KEYS)
      throw validationError(`at most ${MAX_KEYS} issue keys per query`, [
        { field: 'keys', message: `at most ${MAX_KEYS}` },
      ]);
    const { tenant } = principal;
    const connections = await this.connections(tenant);
    if (connections.length === 0 || keys?.length === 0) return [];
    const live = new Set(connections.map((c) => c.id));
    const docs = (await this.store.find('trackerIssues', {
      tenant,
      deleted: false,
      ...(keys ? { key: { $in: keys } } : {}),
    })) as TrackerObjectDoc<TrackerIssueMessage>[];
    return docs
      .filter((doc) => live.has(doc.connectionId))
      .sort((a, b) => byIssueKey(a.key, b.key) || a.connectionId - b.connectionId)
      .map((doc) => ({
        connectionId: doc.connectionId,
        key: doc.key,
        projectKey: doc.projectKey,
        summary: doc.summary,
        status: doc.status,
        statusCategory: doc.statusCategory,
        assignee: doc.assignee,
        dueDate: doc.dueDate,
        issueType: doc.issueType,
        url: doc.url,
        syncedAt: doc.syncedAt,
      }));
  }

  /**
   * The versions of the repositories the tenant's live projects link (`jirarepo.id`), optionally
   * those whose dates meet the window [from, to]; by date.
   */
  @Get('releases')
  async releases(
    @CurrentPrincipal() principal: Principal,
    @Query('from') fromParam?: string | string[],
    @Query('to') toParam?: string | string[],
  ): Promise<TrackerReleaseView[]> {
    requireView(this.directory, principal, 'group-details', 'items');
    const from = dateParam('from', fromParam);
    const to = dateParam('to', toParam);
    const { tenant } = principal;
    const connections = await this.connections(tenant);
    const projects = await this.live<TrackerProjectMessage>('trackerProjects', tenant, connections);
    if (projects.length === 0) return [];
    const groups = await this.store.find('groups', {
      tenant,
      deleted: false,
      'jirarepo.id': { $in: projects.map((p) => trackerRepositoryId(p.connectionId, p.id)) },
    });
    // repository id → the projects linking it; versions name their project by key
    const linking = new Map<string, number[]>();
    for (const group of groups) {
      const id = String((group.jirarepo as { id: string | number }).id);
      linking.set(id, [...(linking.get(id) ?? []), group.id as number]);
    }
    const repositoryOf = new Map<string, string>();
    const linkedConnections = new Set<number>();
    for (const p of projects) {
      const id = trackerRepositoryId(p.connectionId, p.id);
      if (!linking.has(id)) continue;
      repositoryOf.set(`${p.connectionId}/${p.key}`, id);
      linkedConnections.add(p.connectionId);
    }
    if (repositoryOf.size === 0) return [];
    const versions = await this.live<TrackerVersionMessage>(
      'trackerVersions',
      tenant,
      connections.filter((c) => linkedConnections.has(c.id)),
    );
    return versions
      .flatMap((v) => {
        const repositoryId = repositoryOf.get(`${v.connectionId}/${v.projectKey}`);
        if (repositoryId === undefined) return [];
        const first = v.startDate ?? v.releaseDate;
        const last = v.releaseDate ?? v.startDate;
        // a window leaves out what ends before it, starts after it, or has no date to draw
        if ((from !== null || to !== null) && (first === null || last === null)) return [];
        if ((from !== null && last! < from) || (to !== null && first! > to)) return [];
        return [
          {
            id: `${v.connectionId}/${v.id}`,
            repositoryId,
            projectKey: v.projectKey,
            name: v.name,
            description: v.description,
            startDate: v.startDate,
            releaseDate: v.releaseDate,
            released: v.released,
            archived: v.archived,
            url: v.url,
            groups: [...linking.get(repositoryId)!].sort((a, b) => a - b),
          },
        ];
      })
      .sort(
        (a, b) =>
          compareCodes(a.releaseDate ?? a.startDate ?? NO_DATE, b.releaseDate ?? b.startDate ?? NO_DATE) ||
          byText(a.name, b.name) ||
          byText(a.id, b.id),
      );
  }

  /** How old each live connection's mirror is: for everyone who sees tracker data. */
  @Get('status')
  async status(@CurrentPrincipal() principal: Principal): Promise<TrackerMirrorStatusView> {
    requireView(this.directory, principal, 'group-details', 'items');
    const connections = await this.connections(principal.tenant);
    const sync = await this.syncStatus(principal.tenant, connections);
    return { connections: connections.map(({ id, name }) => ({ id, name, ...(sync.get(id) ?? noSync) })) };
  }
}
