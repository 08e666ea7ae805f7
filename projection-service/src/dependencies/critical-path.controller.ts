import { Get } from '@nestjs/common';
import { criticalPath, maxScheduledItems, notFound, refusal } from '@fahrplan/contracts';
import type { CriticalPath } from '@fahrplan/contracts';
import { requireView } from '../http/query-helpers';
import { fieldError, integer } from '../http/query-params';
import { Asked } from '../http/read-request';
import type { ReadRequest } from '../http/read-request';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import { rulesOfProjectIds } from '../calendars/calendar-book';
import { isTombstone } from '../read-store/read-store';
import { dependencyWalk, graphOfEdges, liveItems } from './dependency-links';

/** GET /api/schedule/critical-path?to=<item>: the chain that determines an item's (a milestone's) date (issue 21). */
@ReadModelController()
export class CriticalPathController extends ReadModelQueries {
  @Get('schedule/critical-path')
  async criticalPath(@Asked() { principal, query }: ReadRequest): Promise<CriticalPath> {
    requireView(this.directory, principal, 'items');
    const to = integer('to', query.to);
    if (to === undefined) throw fieldError('to', 'required', 'the item the path leads to is required');
    const { tenant } = principal;
    const edges = await dependencyWalk(this.store, tenant, [to], 'backward');
    if (!edges)
      throw refusal('schedule-too-large', `more than ${maxScheduledItems} items lead to the item`, {
        params: { limit: maxScheduledItems },
      });
    const ids = [...new Set([to, ...edges.map((d) => d.predecessor)])];
    const live = await liveItems(this.store, tenant, ids);
    if (!live.has(to)) throw notFound('item');
    const docs = [...(await this.store.getMany('items', [...live].map(String))).values()].filter(
      (doc) => !isTombstone(doc),
    );
    // float and lags count in the working days of each successor's project's calendar (issue 24)
    const rules = await rulesOfProjectIds(
      this.store,
      tenant,
      docs.map((doc) => doc.group as number),
    );
    const items = new Map(
      docs.map((doc) => {
        const id = doc.id as number;
        const item = { id, start: doc.start as string, end: doc.end as string | null };
        return [id, { ...item, rules: rules.get(doc.group as number) }] as const;
      }),
    );
    return criticalPath(graphOfEdges(edges), items, to)!;
  }
}
