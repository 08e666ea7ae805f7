import { Inject, Injectable } from '@nestjs/common';
import { scenarioHeaderPattern, validationError } from '@fahrplan/contracts';
import { ViewInterceptor } from '../http/answer-within';
import type { AnswerWithin, QueryRequest } from '../http/answer-within';
import { READ_STORE, SCENARIO_VIEWS } from '../http/tokens';
import type { ReadStore } from '../read-store/read-store';
import { scenarioContext } from './scenario-views';
import type { ScenarioViews } from './scenario-views';
import { openScenario } from './scenarios.projection';

/** The queries of the plan's read models, which answer for a scenario; every other route ignores `scenario`. */
export const scenarioRoutes =
  /^\/api\/(applications|groups|goals|resources|shares|items|timeline|comments|accounts|schedule\/critical-path|exports\/timeline\.(?:pdf|png)|exports\/projects)(\/|$)/;

/**
 * `GET …?scenario=<id>` (issue 22): the query is answered from the plan as the scenario sees it (callers
 * need `scenarios` VIEW besides the query's own permission); another tenant's, an unknown or a
 * discarded scenario is 404. Not together with `?asOf=`: a scenario is the live plan now with its
 * changes on top, and a scenario as of an instant is not built.
 */
@Injectable()
export class ScenarioInterceptor extends ViewInterceptor<string> {
  @Inject(SCENARIO_VIEWS) private readonly views!: ScenarioViews;
  @Inject(READ_STORE) private readonly store!: ReadStore;
  protected readonly view = {
    routes: scenarioRoutes,
    parameter: 'scenario',
    permission: 'scenarios',
  } as const;

  protected parse(text: string, request: QueryRequest): string {
    if (!scenarioHeaderPattern.test(text))
      throw validationError('scenario must be the id of a scenario', [
        { field: 'scenario', message: 'a whole number' },
      ]);
    if (request.query.asOf !== undefined)
      throw validationError('a scenario is answered now: scenario and asOf cannot be combined', [
        { field: 'asOf', message: 'not a valid value' },
      ]);
    return text;
  }

  protected async prepare(id: string, request: QueryRequest): Promise<AnswerWithin> {
    const { tenant } = request.principal;
    const scenario = await openScenario(this.store, tenant, id);
    const store = await this.views.view(tenant, scenario.id);
    return (answer) => scenarioContext.run({ scenario: scenario.id, store }, answer);
  }
}
