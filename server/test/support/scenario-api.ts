import { storedSince } from '../../src/testing/platform';
import type { Platform, Reply } from '../../src/testing/platform';
import type { CommandReply } from './admin-api';

/** The header a command is decided in a scenario with (issue 22). */
export const inScenario = (scenario: number | string) => ({ 'x-fahrplan-scenario': String(scenario) });

/**
 * Commands sent into a scenario, by demo/admin unless another token is given. `platform` is read at each
 * call, so the helpers can be made before `beforeAll` starts the platform.
 */
export const scenarioApi = (platform: () => Platform) => {
  const send = (type: string, data: unknown, scenario: number, token = platform().admin) =>
    platform().api.command(type, data, token, inScenario(scenario));

  /** A command in the scenario that must succeed. */
  const inIt = async (type: string, data: unknown, scenario: number): Promise<CommandReply> => {
    const reply = await send(type, data, scenario);
    expect({ type, status: reply.status, body: reply.body }).toEqual({
      type,
      status: 200,
      body: expect.anything(),
    });
    return reply.body as CommandReply;
  };

  /** A command in the scenario that must be refused with `status`, storing nothing. */
  const refusedIn = async (
    type: string,
    data: unknown,
    scenario: number | string,
    status: number,
    token?: string,
  ): Promise<Reply> => {
    const before = await platform().embedded.store.headPosition();
    const reply = await platform().api.command(type, data, token ?? platform().admin, inScenario(scenario));
    expect({ type, status: reply.status }).toEqual({ type, status });
    expect(await storedSince(platform().embedded, before)).toEqual([]);
    return reply;
  };

  return { send, inIt, refusedIn };
};
