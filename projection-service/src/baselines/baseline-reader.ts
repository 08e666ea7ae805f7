import type { BaselineComparison, BaselineView } from '@fahrplan/contracts';
import type { Principal } from '@fahrplan/platform';
import type { AsOfLimit } from '../as-of/as-of-limit';
import type { AsOfStores } from '../as-of/as-of-stores';
import type { PageRequest } from '../http/paging';
import { liveRecord, recordView } from '../http/query-helpers';
import type { ReadView } from '../read-store/read-store';
import { comparisonPage } from './baseline-comparison';

/** A live baseline of `tenant` by id, or 404. */
export const findBaseline = async (store: ReadView, tenant: string, id: string): Promise<BaselineView> =>
  recordView(await liveRecord(store, 'baselines', tenant, id, 'baseline'));

/** What a comparison reads: the plan now, the stores as of an instant, and the caller's budget of instants. */
export interface BaselineStores {
  readonly now: ReadView;
  readonly asOf: AsOfStores;
  readonly asOfLimit: AsOfLimit;
}

/**
 * A page of the comparison of `window` (checked only once the baseline is found: what is not the
 * caller's answers 404 first, whatever the query asks) with the plan at baseline `id`; the caller's
 * permissions are checked by the caller.
 */
export const compareWithBaseline = async (
  stores: BaselineStores,
  principal: Principal,
  id: string,
  window: () => { from: string; to: string },
  groups: readonly number[] | undefined,
  page: PageRequest,
): Promise<BaselineComparison> => {
  const baseline = await findBaseline(stores.now, principal.tenant, id);
  const { from, to } = window();
  const position = await stores.asOf.positionAt(new Date(baseline.at));
  await stores.asOfLimit.open(`${principal.tenant}/${principal.userId}`, position);
  const then = await stores.asOf.storeAt(position);
  return comparisonPage(
    { now: stores.now, then },
    { tenant: principal.tenant, baseline, position, from, to, groups, page },
  );
};
