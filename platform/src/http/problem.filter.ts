import { Catch, HttpException, Logger } from '@nestjs/common';
import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import { DomainError, meaningOf, say } from '@fahrplan/contracts';
import type { FieldError, FieldProblem, ProblemCode, ProblemDetails } from '@fahrplan/contracts';
import { ZodError } from 'zod';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  422: 'Unprocessable Content',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const statusOf = { validation: 400, forbidden: 403, not_found: 404, conflict: 409 } as const;
/** A problem's code when nothing more particular is known: by its status. */
const codeOfStatus: Record<number, ProblemCode> = {
  400: 'invalid',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  409: 'conflict',
  413: 'too-large',
  415: 'unsupported-media-type',
  429: 'too-many-requests',
  503: 'unavailable',
};

export const problem = (
  status: number,
  detail: string,
  extra: Partial<ProblemDetails> = {},
): ProblemDetails => ({
  type: 'about:blank',
  title: titles[status] ?? 'Error',
  status,
  detail,
  code: codeOfStatus[status] ?? (status >= 500 ? 'internal' : 'invalid'),
  ...extra,
});

/** A field error with the code and values of its message (issue 20). */
const coded = ({ field, message }: FieldError): FieldProblem => ({ field, message, ...meaningOf(message) });

/**
 * An answer that is a problem of its own type (RFC 9457), e.g. a query refused while the read models
 * catch up: sent as it is, with `Retry-After` when given.
 */
export class ProblemException extends HttpException {
  constructor(
    readonly problem: ProblemDetails,
    readonly retryAfterSeconds?: number,
  ) {
    super(problem.detail, problem.status);
  }
}

/** Field errors of a zod failure, with dotted paths (`attributes.0.key`) and unknown keys named. */
export const fieldErrors = (error: ZodError): FieldProblem[] =>
  error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) =>
          coded({ field: [...issue.path, key].join('.'), message: say('unknown-field') }),
        )
      : [coded({ field: issue.path.join('.') || '(body)', message: issue.message })],
  );

/** Maps every error once to RFC 9457 problem details (STYLE 5). */
export const toProblem = (error: unknown): ProblemDetails => {
  if (error instanceof DomainError)
    return problem(statusOf[error.code], error.message, {
      ...error.details.extensions,
      ...error.details.reason,
      ...(error.details.fieldErrors?.length ? { errors: error.details.fieldErrors.map(coded) } : {}),
      ...(error.details.currentVersion !== undefined ? { currentVersion: error.details.currentVersion } : {}),
    });
  if (error instanceof ProblemException) return error.problem;
  if (error instanceof ZodError)
    return problem(400, 'the request is not valid', { code: 'invalid-request', errors: fieldErrors(error) });
  if (error instanceof HttpException) {
    const response = error.getResponse();
    const message =
      typeof response === 'object' && response !== null && 'message' in response
        ? String((response as { message: unknown }).message)
        : error.message;
    return problem(error.getStatus(), message);
  }
  // body-parser's errors: they carry an HTTP status of their own
  const status = (error as { status?: unknown })?.status;
  if (status === 400) return problem(400, 'malformed JSON body', { code: 'malformed-json' });
  if (status === 413) return problem(413, 'the request body is too large');
  if (status === 415) return problem(415, String((error as Error).message));
  return problem(500, 'internal error');
};

/** How long a refused client should wait, when the error knows (a throttle, a full queue). */
const retryAfterOf = (error: unknown): number | undefined => {
  const seconds = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : undefined;
};

/**
 * Answers every error as problem details. Only failures of the server itself are logged with their
 * stack: an answer the code chose (any HttpException, a 503 among them) is the client's business,
 * and a client must not be able to fill the log.
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(error: unknown, host: ArgumentsHost): void {
    const body = toProblem(error);
    if (body.status >= 500 && !(error instanceof HttpException))
      this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    const response = host.switchToHttp().getResponse();
    const retryAfter = retryAfterOf(error);
    if (retryAfter !== undefined) response.setHeader('Retry-After', String(retryAfter));
    response.status(body.status).type('application/problem+json').json(body);
  }
}
