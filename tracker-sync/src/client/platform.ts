import type { TrackerDeployment } from '@fahrplan/contracts';
import type { z } from 'zod';
import type { JiraProject, Send } from './client-types';
import { defaultPageSize, offsetPaged } from './paging';
import { segment } from './query';
import { myselfSchema, offsetPageSchema, projectSchema, serverInfoSchema, versionSchema } from './schemas';

/** The platform REST API the deployment speaks: v3 in the cloud, v2 in a data center. */
export const platformApi = (deployment: TrackerDeployment) =>
  deployment === 'cloud' ? '/rest/api/3' : '/rest/api/2';

/** The platform family's server, user, project and version calls (and the project pages the connection test reads). */
export function platformCalls(request: Send, deployment: TrackerDeployment) {
  const api = platformApi(deployment);
  const serverInfo = () => request({ method: 'GET', path: `${api}/serverInfo` }, serverInfoSchema);
  const myself = () => request({ method: 'GET', path: `${api}/myself` }, myselfSchema);

  const projectPage = (startAt: number, maxResults = defaultPageSize) =>
    request(
      { method: 'GET', path: `${api}/project/search`, query: { startAt, maxResults } },
      offsetPageSchema(projectSchema),
    );
  const projectList = () =>
    request({ method: 'GET', path: `${api}/project` }, projectSchema.array() as z.ZodType<JiraProject[]>);

  async function* projects(): AsyncGenerator<JiraProject> {
    // Data centers have no paged project search: the list comes whole.
    if (deployment === 'datacenter') yield* await projectList();
    else yield* offsetPaged((startAt) => projectPage(startAt));
  }

  const versions = (projectIdOrKey: string) =>
    offsetPaged((startAt) =>
      request(
        {
          method: 'GET',
          path: `${api}/project/${segment(projectIdOrKey)}/version`,
          query: { startAt, maxResults: defaultPageSize },
        },
        offsetPageSchema(versionSchema),
      ),
    );

  return { serverInfo, myself, projectPage, projectList, projects, versions };
}

export type PlatformCalls = ReturnType<typeof platformCalls>;
