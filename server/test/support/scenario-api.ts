import type { Platform } from '../../src/testing/platform';
import { uniqueName } from '../../src/testing/platform';
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
    /** A project with a task in April 2031, live, and an open scenario. */
    livePlan: async () => {
      const project = await run('SaveGroup', { title: uniqueName('CRM') });
      const task = await run('SaveItem', {
        title: uniqueName('CRM rollout'),
        group: project.id,
        subgroup: 'tasks',
        start: '2031-04-01T00:00',
        end: '2031-04-30T00:00',
      });
      const name = uniqueName('Q3 cut');
      const scenario = await run('CreateScenario', { name });
      return { project, task, scenario: { ...scenario, name } };
    },
  };
};
