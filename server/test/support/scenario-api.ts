import type { Platform } from '../../src/testing/platform';
import { adminApi } from './admin-api';

/** The header a command is decided in a scenario with (issue 22). */
export const inScenario = (scenario: number | string) => ({ 'x-fahrplan-scenario': String(scenario) });

/** adminApi's commands sent into a scenario: `inIt` must succeed, `refusedIn` be refused storing nothing. */
export const scenarioApi = (platform: () => Platform) => {
  const { run, refused } = adminApi(platform);
  return {
    inIt: (type: string, data: unknown, scenario: number) => run(type, data, undefined, inScenario(scenario)),
    refusedIn: (type: string, data: unknown, scenario: number | string, status: number, token?: string) =>
      refused(type, data, status, token, inScenario(scenario)),
  };
};
