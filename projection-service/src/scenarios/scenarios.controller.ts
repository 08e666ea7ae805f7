import { Get, Param } from '@nestjs/common';
import type { Page, ScenarioView } from '@fahrplan/contracts';
import { CurrentPrincipal } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import { latestLivePage, liveRecord, recordView, requireView } from '../http/query-helpers';
import { Asked } from '../http/read-request';
import type { ReadRequest } from '../http/read-request';
import { ReadModelController, ReadModelQueries } from '../http/read-model-controller';

type Param = string | string[] | undefined;

/** Scenarios (issue 22): the tenant's open what-if branches of its plan, guarded by `scenarios` VIEW. */
@ReadModelController()
export class ScenariosController extends ReadModelQueries {
  /** A page of the tenant's open scenarios, the latest created first. */
  @Get('scenarios')
  async scenarios(@Asked() { principal, query }: ReadRequest): Promise<Page<ScenarioView>> {
    requireView(this.directory, principal, 'scenarios');
    return latestLivePage(this.store, 'scenarios', principal.tenant, 'createdAt', query);
  }

  @Get('scenarios/:id')
  async scenario(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ScenarioView> {
    requireView(this.directory, principal, 'scenarios');
    return recordView(await liveRecord(this.store, 'scenarios', principal.tenant, id, 'scenario'));
  }
}
