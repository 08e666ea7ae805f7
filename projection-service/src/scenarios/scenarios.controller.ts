import { Get, Param, Query } from '@nestjs/common';
import type { Page, ScenarioView } from '@fahrplan/contracts';
import { CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { pageAnswer, pageOf, pageRequest } from '../http/paging';
import { requireView, strip } from '../http/query-helpers';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';
import { openScenario } from './scenarios.projection';
import type { ScenarioDoc } from './scenarios.projection';

type Param = string | string[] | undefined;

const viewOf = (doc: ScenarioDoc): ScenarioView => {
  const { tenant: _tenant, deleted: _deleted, ...view } = strip<ScenarioDoc>(doc as never);
  return view;
};

/** Scenarios (issue 22): the tenant's open what-if branches of its plan, guarded by `scenarios` VIEW. */
@ReadModelController()
export class ScenariosController extends ReadModelQueries {
  /** A page of the tenant's open scenarios, the latest created first. */
  @Get('scenarios')
  async scenarios(
    @CurrentPrincipal() principal: Principal,
    @Query('limit') limit?: Param,
    @Query('cursor') cursor?: Param,
  ): Promise<Page<ScenarioView>> {
    requireView(this.directory, principal, 'scenarios');
    const page = await pageOf(
      this.store,
      'scenarios',
      { tenant: principal.tenant, deleted: false },
      [
        ['createdAt', -1],
        ['_id', -1],
      ],
      pageRequest(limit, cursor),
    );
    return pageAnswer(
      page.docs.map((doc) => viewOf(doc as unknown as ScenarioDoc)),
      page.nextCursor,
    );
  }

  @Get('scenarios/:id')
  async scenario(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ScenarioView> {
    requireView(this.directory, principal, 'scenarios');
    return viewOf(await openScenario(this.store, principal.tenant, id));
  }
}
