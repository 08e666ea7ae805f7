import { Injectable } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { map } from 'rxjs';
import type { Observable } from 'rxjs';

/** An answer already written as JSON (by a query thread): sent as it is, not parsed and written again. */
export class JsonText<T> {
  /** Only for the type: what the text holds. */
  declare readonly answer?: T;

  constructor(readonly json: string) {}
}

/** What a query answers: its view, or that view's JSON. */
export type Answer<T> = T | JsonText<T>;

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

/** The view an answer holds: itself, or its JSON read (for specs that call a controller). */
export const answered = async <T>(answer: Promise<Answer<T>>): Promise<T> => {
  const value = await answer;
  return value instanceof JsonText ? (JSON.parse(value.json) as T) : value;
};
