import { CATCHING_UP_PROBLEM } from '@fahrplan/contracts';
import type { CatchingUpView, ReadyView } from '@fahrplan/contracts';
import { ProblemException } from '@fahrplan/platform';
import type { CatchUpProgress } from '../projections/catch-up-progress';
import { CatchUpGuard } from './catch-up.guard';

/** A catch-up that reports `status` (ready when its status is). */
const reporting = (status: CatchingUpView | ReadyView) =>
  ({
    isReady: async () => status.status === 'ready',
    status: async () => status,
  }) as unknown as CatchUpProgress;

const catchingUp: CatchingUpView = {
  status: 'catching-up',
  position: 420,
  head: 1000,
  eventsPerSecond: 2100,
  percent: 42,
  secondsLeft: 1,
};

/** What the guard decided: let through, or the problem and Retry-After it refused with. */
const decide = async (guard: CatchUpGuard) => {
  try {
    return await guard.canActivate();
  } catch (error) {
    if (!(error instanceof ProblemException)) throw error;
    return { problem: error.problem, retryAfterSeconds: error.retryAfterSeconds };
  }
};

describe('CatchUpGuard', () => {
  it('refuses a query while the read models catch up: 503, how far, come back in a second', async () => {
    expect(await decide(new CatchUpGuard(reporting(catchingUp)))).toEqual({
      problem: {
        type: CATCHING_UP_PROBLEM,
        title: 'Service Unavailable',
        status: 503,
        detail: 'catching up: 42 %',
        code: 'catching-up',
        params: { percent: 42 },
      },
      retryAfterSeconds: 1,
    });
  });

  it('lets queries through once the read models reached the head', async () => {
    expect(await decide(new CatchUpGuard(reporting({ status: 'ready', position: 9, head: 9 })))).toBe(true);
  });

  it('lets queries through in a service without a catch-up to report', async () => {
    expect(await decide(new CatchUpGuard(null))).toBe(true);
  });
});
