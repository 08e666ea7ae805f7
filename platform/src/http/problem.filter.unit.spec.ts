import { BadRequestException, Logger, ServiceUnavailableException } from '@nestjs/common';
import type { ArgumentsHost } from '@nestjs/common';
import { PasswordHashingBusyError } from '../auth/passwords';
import { ProblemException, ProblemFilter, problem } from './problem.filter';

/** What the filter answered, and what it logged as an error. */
const answer = (error: unknown) => {
  const sent: { status?: number; headers: Record<string, string>; body?: unknown } = { headers: {} };
  const response = {
    setHeader: (name: string, value: string) => (sent.headers[name.toLowerCase()] = value),
    status: (status: number) => ((sent.status = status), response),
    type: () => response,
    json: (body: unknown) => (sent.body = body),
  };
  const host = { switchToHttp: () => ({ getResponse: () => response }) } as unknown as ArgumentsHost;
  const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  try {
    new ProblemFilter().catch(error, host);
    return { ...sent, logged: logged.mock.calls.map((call) => String(call[0])) };
  } finally {
    logged.mockRestore();
  }
};

describe('ProblemFilter', () => {
  it('logs the stack of a failure of the server itself', () => {
    const reply = answer(new TypeError('undefined is not a function'));

    expect(reply.status).toBe(500);
    expect(reply.logged).toHaveLength(1);
    expect(reply.logged[0]).toMatch(/TypeError: undefined is not a function\n\s+at /);
  });

  it('logs nothing for an answer the code chose, a 503 included', () => {
    for (const error of [
      new BadRequestException('the position is beyond the log'),
      new ServiceUnavailableException('the read models are still catching up; retry shortly'),
    ]) {
      const reply = answer(error);
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.logged).toEqual([]);
    }
  });

  it('tells a refused client when to come back (Retry-After)', () => {
    const reply = answer(new PasswordHashingBusyError(3));

    expect(reply.status).toBe(503);
    expect(reply.headers['retry-after']).toBe('3');
    expect(reply.body).toMatchObject({ status: 503, title: 'Service Unavailable' });
    expect(answer(new BadRequestException('x')).headers).toEqual({});
  });

  it('sends a problem of its own type as it is, with its Retry-After, and logs nothing', () => {
    const own = problem(503, 'catching up: 42 %', { type: 'urn:example:catching-up' });
    const reply = answer(new ProblemException(own, 1));

    expect(reply).toEqual({
      status: 503,
      headers: { 'retry-after': '1' },
      body: own,
      logged: [],
    });
  });
});
