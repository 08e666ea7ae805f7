import { hash } from 'node:crypto';
import { finished } from 'node:stream';
import { Injectable } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { map } from 'rxjs';
import type { Observable } from 'rxjs';
import { JsonBytes, JsonText } from './json-text';

/**
 * The ETag of an answer kept as `keptAs`: a hash of that name, which holds the read models' position,
 * instead of Express's hash of the whole text (0.13 ms of the main thread for a month's page of
 * 170 kB, 0.4 ms for a year's). Weak, as Express's: any answer kept under one name is as new as its
 * position.
 */
export const keptAnswerTag = (keptAs: string): string => `W/"${hash('sha1', keptAs, 'base64url')}"`;

/**
 * Sends a `JsonText` or `JsonBytes` answer as `application/json`, with the ETag of the name it is kept
 * as (else Express's): the bytes as they are, released once the response ended, written or not (the
 * app's adapter sends bytes as Express does, `FahrplanExpressAdapter`). Any other answer goes on to
 * Nest as usual.
 */
@Injectable()
export class JsonTextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((answer: unknown) => {
        if (!(answer instanceof JsonText || answer instanceof JsonBytes)) return answer;
        const response = context.switchToHttp().getResponse<Response>().type('application/json');
        if (answer.keptAs !== undefined) response.setHeader('ETag', keptAnswerTag(answer.keptAs));
        if (answer instanceof JsonText) return answer.json;
        finished(response, () => answer.release());
        return answer.bytes;
      }),
    );
  }
}
