import { Body, Controller, HttpCode, Inject, Post, Query, UseGuards } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  can,
  notPermitted,
  reschedulePreviewSchema,
  scenarioHeaderPattern,
  validationError,
} from '@fahrplan/contracts';
import type { RecordedMove } from '@fahrplan/contracts';
import { AuthGuard, CurrentPrincipal, DIRECTORY, DirectoryCache } from '@fahrplan/platform';
import type { Principal } from '@fahrplan/platform';
import type { AggregateRunner } from '../infrastructure/aggregate-runner';
import type { Lookups } from '../infrastructure/lookups';
import { AGGREGATE_RUNNER, LOOKUPS } from '../infrastructure/tokens';
import { decideOnStreams } from './schedule-facts';

/**
 * POST /api/commands/Reschedule/preview: the moves a Reschedule with this body would make, decided as
 * the command decides them (same streams, same refusals), and nothing stored. Under /api/commands so
 * that a proxy routes it to the command service, which holds the streams it reads. With `?scenario=<id>`
 * (issue 22) it is decided on the scenario's view, as the Reschedule sent into that scenario is
 * (scenarios VIEW besides items EDIT; another tenant's, an unknown or a closed scenario is 404).
 */
@Controller('api/commands/Reschedule')
@UseGuards(AuthGuard)
export class SchedulePreviewController {
  constructor(
    @Inject(AGGREGATE_RUNNER) private readonly runner: AggregateRunner,
    @Inject(LOOKUPS) private readonly lookups: Lookups,
    @Inject(DIRECTORY) private readonly directory: DirectoryCache,
  ) {}

  @Post('preview')
  @HttpCode(200)
  async preview(
    @Body() body: unknown,
    @Query('scenario') scenarioText: unknown,
    @CurrentPrincipal() principal: Principal,
  ): Promise<{ moves: readonly RecordedMove[] }> {
    if (
      scenarioText !== undefined &&
      (typeof scenarioText !== 'string' || !scenarioHeaderPattern.test(scenarioText))
    )
      throw validationError('scenario must be the id of a scenario', [
        { field: 'scenario', message: 'a whole number' },
      ]);
    const scenario = scenarioText === undefined ? undefined : Number(scenarioText);
    const data = reschedulePreviewSchema.parse(body);
    const user = this.directory.user(principal.tenant, principal.username);
    if (!user || !can(user.permissions, 'items', 'EDIT')) throw notPermitted();
    if (scenario !== undefined && !can(user.permissions, 'scenarios', 'VIEW')) throw notPermitted();
    const [event] = await decideOnStreams(
      this.runner,
      scenario === undefined ? this.lookups : this.lookups.inScenario(scenario),
      { tenant: principal.tenant, user: principal.username, ...(scenario === undefined ? {} : { scenario }) },
      { ...data, id: randomUUID() },
    );
    return { moves: event?.data.moves ?? [] };
  }
}
