import { Controller, UseGuards, UseInterceptors, applyDecorators } from '@nestjs/common';
import type {
  TrackerBoardMessage,
  TrackerProjectMessage,
  TrackerSyncStatus,
  TrackerVersionMessage,
} from '@fahrplan/contracts';
import { AuthGuard } from '@fahrplan/platform';
import { strip } from '../http/query-helpers';
import { CatchUpGuard } from '../http/catch-up.guard';
import { ReadModelQueries } from '../http/read-model-controller';
import { ReadYourWritesInterceptor } from '../http/read-your-writes.interceptor';
import type { TrackerConnectionDoc } from './tracker-connections.projection';
import { trackerSyncRunId } from './tracker-folding';
import type { TrackerObjectDoc, TrackerSyncRunDoc } from './tracker-folding';

export const noSync: TrackerSyncStatus = { lastAttemptAt: null, lastSuccessAt: null, error: null };

/** Code-unit order: ties of `byText`, and ISO dates. */
export const compareCodes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** People's order ('anna' beside 'Anna'), ties broken so that every store answers the same. */
export const byText = (a: string, b: string) =>
  a.localeCompare(b, undefined, { sensitivity: 'base' }) || compareCodes(a, b);

/**
 * A controller of the tracker mirror's queries under /api/tracker: for signed-in callers, answered
 * once the read models caught up and passed the caller's own writes; the mirror keeps no past, so no
 * `asOf`.
 */
export const TrackerController = () =>
  applyDecorators(
    Controller('api/tracker'),
    UseGuards(AuthGuard, CatchUpGuard),
    UseInterceptors(ReadYourWritesInterceptor),
  );

/**
 * The tracker mirror as the console reads it (issue 7). Only the caller's tenant's mirror, only
 * through its live connections, and nothing at all while the tenant's jira feature is off.
 */
export abstract class TrackerQueries extends ReadModelQueries {
  /** The tenant's live connections by name; none while the jira feature is off. */
  protected async connections(tenant: string): Promise<TrackerConnectionDoc[]> {
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

  protected async syncStatus(
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
  protected async live<M extends TrackerProjectMessage | TrackerBoardMessage | TrackerVersionMessage>(
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
}
