import { Get, Query } from '@nestjs/common';
import { criticalPath, maxScheduledItems, notFound, refusal } from '@fahrplan/contracts';
import type { CriticalPath, Dependency, DependencyGraph } from '@fahrplan/contracts';
import { CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { requireView } from '../http/query-helpers';
import { fieldError, integer } from '../http/query-params';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import { isTombstone } from '../read-store/read-store';
import type { ReadView } from '../read-store/read-store';
import { liveItems } from './dependency-links';

/** What the walk reads of a dependency. */
const edgeFields = ['id', 'predecessor', 'successor', 'type', 'lag'] as const;

/**
 * The dependencies leading to `to`, walked backwards one level per read of the `{tenant, successor}`
 * index; null when more than `maxScheduledItems` items lead to it.
 */
const dependenciesInto = async (
  store: ReadView,
  tenant: string,
  to: number,
): Promise<Dependency[] | null> => {
  const seen = new Set([to]);
  const found: Dependency[] = [];
  for (let frontier = [to]; frontier.length > 0;) {
    const edges = (await store.findFields(
      'dependencies',
      { tenant, successor: { $in: frontier } },
      edgeFields,
      { sort: { _id: 1 }, limit: maxScheduledItems + 1 },
    )) as unknown as Dependency[];
    found.push(...edges);
    frontier = [...new Set(edges.map((d) => d.predecessor))].filter((item) => !seen.has(item));
    for (const item of frontier) seen.add(item);
    if (seen.size > maxScheduledItems || edges.length > maxScheduledItems) return null;
  }
  return found;
};

/** GET /api/schedule/critical-path?to=<item>: the chain that determines an item's (a milestone's) date (issue 21). */
@ReadModelController()
export class CriticalPathController extends ReadModelQueries {
  @Get('schedule/critical-path')
  async criticalPath(
    @CurrentPrincipal() principal: Principal,
    @Query('to') toParam?: string | string[],
  ): Promise<CriticalPath> {
    requireView(this.directory, principal, 'items');
    const to = integer('to', toParam);
    if (to === undefined) throw fieldError('to', 'required', 'the item the path leads to is required');
    const { tenant } = principal;
    const edges = await dependenciesInto(this.store, tenant, to);
    if (!edges)
      throw refusal('schedule-too-large', `more than ${maxScheduledItems} items lead to the item`, {
        params: { limit: maxScheduledItems },
      });
    const ids = [...new Set([to, ...edges.map((d) => d.predecessor)])];
    const live = await liveItems(this.store, tenant, ids);
    if (!live.has(to)) throw notFound('item');
    const docs = await this.store.getMany('items', [...live].map(String));
    const items = new Map(
      [...docs.values()].flatMap((doc) =>
        isTombstone(doc)
          ? []
          : [
              [
                doc.id as number,
                { id: doc.id as number, start: doc.start as string, end: doc.end as string | null },
              ] as const,
            ],
      ),
    );
    const successors = new Map<number, Dependency[]>();
    for (const d of edges) successors.set(d.predecessor, [...(successors.get(d.predecessor) ?? []), d]);
    const graph: DependencyGraph = { byId: new Map(edges.map((d) => [d.id, d])), successors };
    return criticalPath(graph, items, to)!;
  }
}
