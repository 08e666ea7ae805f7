import type { Permissions } from '@fahrplan/contracts';
import { createUser } from '@fahrplan/command-service';
import { DEMO_PASSWORD, storedSince, uniqueName } from '../../src/testing/platform';
import type { Platform, Reply, TestClock } from '../../src/testing/platform';

export type CommandReply = { id: number; version: number; position: number };

/**
 * Commands and queries of an HTTP spec, by demo/admin unless another token is given. `platform` is read
 * at each call, so the helpers can be made before `beforeAll` starts the platform.
 */
export const adminApi = (platform: () => Platform) => {
  /** A command that must succeed; `headers` decide it in a scenario, say. */
  const run = async (
    type: string,
    data: unknown,
    token = platform().admin,
    headers?: Record<string, string>,
  ): Promise<CommandReply> => {
    const reply = await platform().api.command(type, data, token, headers);
    expect({ type, status: reply.status, body: reply.body }).toEqual({
      type,
      status: 200,
      body: expect.anything(),
    });
    return reply.body as CommandReply;
  };

  /** A command that must be refused with `status`, storing nothing. */
  const refused = async (
    type: string,
    data: unknown,
    status: number,
    token = platform().admin,
    headers?: Record<string, string>,
  ): Promise<Reply> => {
    const before = await platform().embedded.store.headPosition();
    const reply = await platform().api.command(type, data, token, headers);
    expect({ status: reply.status, type: reply.headers.get('content-type') }).toEqual({
      status,
      type: expect.stringContaining('application/problem+json'),
    });
    // nothing of the command is stored (an id-block reservation a create made first names no record)
    expect(await storedSince(platform().embedded, before)).toEqual([]);
    return reply;
  };

  /** A query answered once the read models passed `position` (read your writes). */
  const read = (path: string, position: number, token = platform().admin): Promise<Reply> =>
    platform().api.get(path, token, { 'x-fahrplan-after': String(position) });

  /** A new demo user with exactly `permissions`, and its token. */
  const userWith = async (permissions: Permissions): Promise<string> => {
    const { embedded, api } = platform();
    const username = uniqueName('user').replace(/\W/g, '-');
    const last = await createUser(embedded.store, embedded.ids, {
      tenant: 'demo',
      username,
      displayName: username,
      password: DEMO_PASSWORD,
      permissions,
    });
    await embedded.directory.waitFor(last);
    return api.token('demo', username, DEMO_PASSWORD);
  };

  return { run, refused, read, userWith };
};

/**
 * `run` a minute after the command before on the suite's clock, answering the instant it was decided
 * at too: so that a record can name an instant between two commands (`justAfter`).
 */
export const clockedRun =
  (run: ReturnType<typeof adminApi>['run'], clock: TestClock) =>
  async (type: string, data: unknown, token?: string) => {
    clock.advance(60);
    const reply = await run(type, data, token);
    return { ...reply, at: clock.now() };
  };

/** An instant between a clocked command and the next one. */
export const justAfter = (step: { at: Date }) => new Date(step.at.getTime() + 30_000).toISOString();
