import { Get, Inject, Param, Query } from '@nestjs/common';
import { can, scenarioHeaderPattern, validationError } from '@fahrplan/contracts';
import type { PermissionResource, ScenarioDiff, ScenarioRecordKind } from '@fahrplan/contracts';
import { CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { pageRequest } from '../http/paging';
import { requireView } from '../http/query-helpers';
import { numbers, single } from '../http/query-params';
import type { QueryParams } from '../http/query-params';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import { SCENARIO_DIFFS } from '../http/tokens';
import type { ScenarioDiffs } from './scenario-diff';
import { openScenario } from './scenarios.projection';

/** The permission each kind of record is read with on the live plan. */
const readWith: Readonly<Record<ScenarioRecordKind, PermissionResource>> = {
  item: 'items',
  dependency: 'items',
  lane: 'group-details',
  group: 'group-details',
  goal: 'group-details',
  account: 'application-details',
};

/** A scenario compared with the live plan or another scenario (issue 22), guarded by `scenarios` VIEW. */
@ReadModelController()
export class ScenarioDiffController extends ReadModelQueries {
  @Inject(SCENARIO_DIFFS) private readonly diffs!: ScenarioDiffs;

  /**
   * What the scenario changes, record by record (those of kinds the caller may read), against the live
   * plan or `?against=` another scenario, a page at a time (`?limit=&cursor=`, conflicts first), and
   * both sides' portfolio totals (whole) with `?milestones=` dates.
   */
  @Get('scenarios/:id/diff')
  async diff(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: QueryParams = {},
  ): Promise<ScenarioDiff> {
    requireView(this.directory, principal, 'scenarios');
    const other = single('against', query.against);
    if (other !== undefined && !scenarioHeaderPattern.test(other))
      throw validationError('against must be the id of a scenario', [
        { field: 'against', message: 'a whole number' },
      ]);
    const chosen = numbers('milestones', query.milestones) ?? [];
    const page = pageRequest(query.limit, query.cursor);
    const { tenant } = principal;
    const [scenario, compared] = await Promise.all([
      openScenario(this.store, tenant, id),
      other === undefined ? null : openScenario(this.store, tenant, other),
    ]);
    const permissions = this.directory.user(tenant, principal.username)?.permissions ?? {};
    const kinds = new Set(
      (Object.keys(readWith) as ScenarioRecordKind[]).filter((kind) =>
        can(permissions, readWith[kind], 'VIEW'),
      ),
    );
    return this.diffs.diff({
      tenant,
      scenario: scenario.id,
      against: compared?.id ?? null,
      milestones: chosen,
      kinds,
      page,
    });
  }
}
