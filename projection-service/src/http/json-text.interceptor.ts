import { Injectable } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { map } from 'rxjs';
import type { Observable } from 'rxjs';
import { JsonText } from './json-text';

/** Sends a `JsonText` answer as `application/json`; any other answer goes on to Nest as usual. */
@Injectable()
export class JsonTextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((answer: unknown) => {
        if (!(answer instanceof JsonText)) return answer;
        context.switchToHttp().getResponse<Response>().type('application/json');
        return answer.json;
      }),
    );
  }
}
