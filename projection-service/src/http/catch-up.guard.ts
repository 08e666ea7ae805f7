import { Inject, Injectable } from '@nestjs/common';
import type { CanActivate } from '@nestjs/common';
import { CATCHING_UP_PROBLEM, catchingUpDetail } from '@fahrplan/contracts';
import { ProblemException, problem } from '@fahrplan/platform';
import type { CatchUpProgress } from '../projections/catch-up-progress';
import { CATCH_UP } from './tokens';

/**
 * Queries of the read models wait for the catch-up: until the read models reflect the log's head they
 * answer 503 with `Retry-After: 1` and how far the catch-up is, never an answer from part of the log.
 * Without a catch-up to report (CATCH_UP null) they answer at once.
 */
@Injectable()
export class CatchUpGuard implements CanActivate {
  constructor(@Inject(CATCH_UP) private readonly progress: CatchUpProgress | null) {}

  async canActivate(): Promise<boolean> {
    if (!this.progress || (await this.progress.isReady())) return true;
    const status = await this.progress.status();
    if (status.status === 'ready') return true;
    throw new ProblemException(
      problem(503, catchingUpDetail(status.percent), {
        type: CATCHING_UP_PROBLEM,
        code: 'catching-up',
        params: { percent: status.percent },
      }),
      1,
    );
  }
}
