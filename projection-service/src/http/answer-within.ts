import type { CallHandler } from '@nestjs/common';
import { Observable } from 'rxjs';
import type { Subscription } from 'rxjs';

/**
 * The handler's answer once `prepare` has read what it needs (an as-of fold, a scenario's overlay),
 * subscribed through the function it resolves to (which runs it within an AsyncLocalStorage, so that
 * the controllers' store reads the prepared view); nothing is answered to a request closed meanwhile.
 */
export const answerWithin = (
  next: CallHandler,
  prepare: () => Promise<(answer: () => Subscription) => Subscription>,
): Observable<unknown> =>
  new Observable((subscriber) => {
    let inner: Subscription | undefined;
    let closed = false;
    prepare()
      .then((within) => {
        if (!closed) inner = within(() => next.handle().subscribe(subscriber));
      })
      .catch((error: unknown) => subscriber.error(error));
    return () => {
      closed = true;
      inner?.unsubscribe();
    };
  });
