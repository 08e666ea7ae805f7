import { Controller, Get, Inject, Module, Res } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import type { Response } from 'express';
import { asyncApiDocument } from '@fahrplan/contracts';
import type { CatchingUpView, ReadyView } from '@fahrplan/contracts';
import { openApiDocument } from '../openapi/openapi-document';

/**
 * What a service reports about itself. Liveness is cheap and never touches a store; readiness asks
 * every store the service depends on, so an orchestrator routes no traffic to an instance that
 * cannot answer.
 */
export interface Health {
  readonly service: string;
  /** Extra liveness details, e.g. the position the read models reflect. */
  readonly details?: () => Record<string, unknown>;
  /** Each resolves when its dependency answers; a rejection's message says what is wrong. */
  readonly checks: Readonly<Record<string, () => Promise<unknown>>>;
  /** The read models' catch-up with the log: not ready while they are behind (CatchUpProgress). */
  readonly catchUp?: { status(): Promise<CatchingUpView | ReadyView> };
}

const HEALTH = Symbol('health');
const CHECK_TIMEOUT_MS = 2000;

const withTimeout = (check: () => Promise<unknown>): Promise<unknown> =>
  Promise.race([
    check(),
    new Promise((_, reject) =>
      setTimeout(
        () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
        CHECK_TIMEOUT_MS,
      ).unref(),
    ),
  ]);

@Controller('api')
class PlatformController {
  constructor(@Inject(HEALTH) private readonly health: Health) {}

  @Get('health')
  live() {
    return { status: 'ok', service: this.health.service, ...this.health.details?.() };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response) {
    const { catchUp } = this.health;
    const all: Record<string, () => Promise<unknown>> = {
      ...this.health.checks,
      ...(catchUp ? { catchUp: () => catchUp.status() } : {}),
    };
    const names = Object.keys(all);
    const outcomes = await Promise.allSettled(names.map((name) => withTimeout(all[name]!)));
    const checks = Object.fromEntries(
      outcomes.map((outcome, i) => [
        names[i],
        outcome.status === 'fulfilled'
          ? 'ok'
          : outcome.reason instanceof Error
            ? outcome.reason.message
            : String(outcome.reason),
      ]),
    );
    if (!outcomes.every((outcome) => outcome.status === 'fulfilled')) {
      res.status(503);
      return { status: 'not ready', service: this.health.service, checks };
    }
    // the catch-up's progress, when there is one: 503 while the read models are behind the log
    const progress =
      catchUp && ((outcomes.at(-1) as PromiseFulfilledResult<unknown>).value as CatchingUpView | ReadyView);
    if (progress && progress.status !== 'ready') res.status(503);
    return { ...progress, status: progress?.status ?? 'ready', service: this.health.service, checks };
  }

  @Get('openapi.json')
  openapi() {
    return openApiDocument();
  }

  /** The planning-event and tracker topics for downstream systems, generated from contracts/. */
  @Get('asyncapi.json')
  asyncapi() {
    return asyncApiDocument();
  }
}

@Module({})
class PlatformEndpointsModule {}

/** `/api/health`, `/api/ready`, `/api/openapi.json` and `/api/asyncapi.json`, the same in every service. */
export const platformEndpoints = (health: Health): DynamicModule => ({
  module: PlatformEndpointsModule,
  controllers: [PlatformController],
  providers: [{ provide: HEALTH, useValue: health }],
});

/** The platform endpoints of a service whose health is its instance and its event store's head. */
export const instanceEndpoints = (
  service: string,
  instance: string,
  store: { headPosition(): Promise<unknown> },
): DynamicModule =>
  platformEndpoints({
    service,
    details: () => ({ instance }),
    checks: { eventStore: () => store.headPosition() },
  });
