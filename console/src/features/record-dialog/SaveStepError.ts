import { describeError, httpStatusOf, problemOf } from '../common/problem';
import type { KeyedSend } from './idempotencyKeys';

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

/**
 * A save flow's step sender: each step goes with its kept Idempotency-Key (`withKey`, under `keyOf`) and
 * its change source (`sourceOf`); a failure becomes a SaveStepError naming the step, with what
 * `failedOf` says of it (and, when it gives none, the error's own description as the detail).
 */
export const saveStepSender =
  <S>(
    withKey: KeyedSend,
    keyOf: (step: S) => string,
    sourceOf: (step: S) => string,
    failedOf: (step: S, error: unknown) => { readonly failed: string; readonly detail?: string },
  ) =>
  async <T>(
    step: S,
    payload: unknown,
    send: (idempotencyKey: string, source: string) => Promise<T>,
  ): Promise<T> => {
    const key = keyOf(step);
    const source = sourceOf(step);
    try {
      return await withKey(key, payload, (idempotencyKey) => send(idempotencyKey, source));
    } catch (error) {
      const { failed, detail } = failedOf(step, error);
      throw new SaveStepError(key, error, failed, detail);
    }
  };
