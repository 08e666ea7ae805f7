import { describeError, httpStatusOf, problemOf } from '../common/problem';

/** A failed step of the save flow (ARCHITECTURE: a failure names the step that failed). */
export class SaveStepError extends Error {
  constructor(
    /** The flow's name of the step, e.g. 'comment'. */
    readonly step: string,
    readonly reason: unknown,
    /** What failed, e.g. 'creating the comment failed'. */
    failed: string,
    detail: string = describeError(reason),
  ) {
    super(`${failed}: ${detail}`);
    this.name = 'SaveStepError';
  }

  get status() {
    return httpStatusOf(this.reason);
  }

  get problem() {
    return problemOf(this.reason);
  }
}
