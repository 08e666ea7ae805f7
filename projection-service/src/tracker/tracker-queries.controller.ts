import { Get } from '@nestjs/common';
import { trackerRepositoryId, validationError } from '@fahrplan/contracts';
import type {
  TrackerBoardMessage,
  TrackerConnectionView,
  TrackerIssueMessage,
  TrackerIssueView,
  TrackerMirrorStatusView,
  TrackerProjectMessage,
  TrackerRepositoryView,
} from '@fahrplan/contracts';
import { CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { requireView } from '../http/query-helpers';
import { single } from '../http/query-params';
import { Asked } from '../http/read-request';
import type { ReadRequest } from '../http/read-request';
import type { TrackerObjectDoc } from './tracker-folding';
import { TrackerController, TrackerQueries, byText, compareCodes, noSync } from './tracker-queries';

/** At most this many issue keys per query (the keys of one screen of items). */
const MAX_KEYS = 500;

/** Issue keys by project, then by number: SHOP-2 before SHOP-10. */
const byIssueKey = (a: string, b: string) =>
  a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' }) || compareCodes(a, b);

/** The tracker mirror's connections, the repository chooser, issue badges and the mirror's age. */
@TrackerController()
export class TrackerQueriesController extends TrackerQueries {
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
  async issues(@Asked() { principal, query }: ReadRequest): Promise<TrackerIssueView[]> {
    requireView(this.directory, principal, 'group-details', 'items');
    const text = single('keys', query.keys);
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

  /** How old each live connection's mirror is: for everyone who sees tracker data. */
  @Get('status')
  async status(@CurrentPrincipal() principal: Principal): Promise<TrackerMirrorStatusView> {
    requireView(this.directory, principal, 'group-details', 'items');
    const connections = await this.connections(principal.tenant);
    const sync = await this.syncStatus(principal.tenant, connections);
    return { connections: connections.map(({ id, name }) => ({ id, name, ...(sync.get(id) ?? noSync) })) };
  }
}
