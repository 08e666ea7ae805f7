import type { FakeState } from '../fake-state';
import { boardBean } from '../jira-shapes';
import { startAtPage } from '../pages';
import { jiraError } from '../replies';
import { listParam, ok, route } from '../route';
import type { Route } from '../route';

/** The agile REST API (1.0): boards. */
export function agileRoutes(fake: FakeState): Route[] {
  return [
    route('GET', /^\/rest\/agile\/1\.0\/board$/, (call) => {
      const types = listParam(call.query, 'type');
      const projectKeyOrId = call.query.get('projectKeyOrId');
      const name = call.query.get('name')?.toLowerCase();
      let projectKey: string | undefined;
      if (projectKeyOrId) {
        const project = fake.project(projectKeyOrId);
        if (!project) return jiraError(400, [`No project could be found with key or id '${projectKeyOrId}'`]);
        projectKey = project.key;
      }
      const boards = fake.data.boards
        .filter((b) => types.length === 0 || types.includes(b.type))
        .filter((b) => !projectKey || b.projectKey === projectKey)
        .filter((b) => !name || b.name.toLowerCase().includes(name))
        .sort((a, b) => a.id - b.id);
      return ok(
        startAtPage(
          fake,
          call,
          boards.map((b) => boardBean(call.base, b, fake.data)),
        ),
      );
    }),
  ];
}
