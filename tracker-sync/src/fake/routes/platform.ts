import type { FakeState } from '../fake-state';
import { projectBean, versionBean } from '../jira-shapes';
import type { FakeVersion } from '../jira-shapes';
import { pageBean } from '../pages';
import { jiraError } from '../replies';
import { api, listParam, ok, route } from '../route';
import type { Call, Reply, Route } from '../route';

/** The platform REST API's server, user, project and version resources (v2 and v3). */
export function platformRoutes(fake: FakeState): Route[] {
  const projectMissing = (idOrKey: string) =>
    jiraError(404, [`No project could be found with key '${idOrKey}'.`]);
  const projectVersions = (idOrKey: string) => {
    const project = fake.project(idOrKey);
    return project ? fake.data.versions.filter((v) => v.projectId === project.id) : undefined;
  };
  return [
    route('GET', api('/serverInfo'), ({ ctx }) => serverInfo(fake, ctx.base)),
    route('GET', api('/myself'), ({ ctx }) =>
      ok({
        ...fake.me(ctx),
        locale: 'en_US',
        groups: { size: 0, items: [] },
        applicationRoles: { size: 0, items: [] },
        expand: 'groups,applicationRoles',
      }),
    ),
    route('GET', api('/project/search'), (call) => projectSearch(fake, call)),
    route('GET', api('/project'), ({ ctx }) =>
      ok(
        [...fake.data.projects]
          .sort((a, b) => a.key.localeCompare(b.key))
          .map((p) => projectBean(ctx, p, fake.data)),
      ),
    ),
    route('GET', api('/project/([^/]+)'), ({ ctx }, [idOrKey]) => {
      const project = fake.project(idOrKey!);
      if (!project) return projectMissing(idOrKey!);
      return ok(projectBean(ctx, project, fake.data));
    }),
    route('GET', api('/project/([^/]+)/version'), (call, [idOrKey]) => {
      const versions = projectVersions(idOrKey!);
      if (!versions) return projectMissing(idOrKey!);
      return versionSearch(fake, call, versions);
    }),
    route('GET', api('/project/([^/]+)/versions'), ({ ctx }, [idOrKey]) => {
      const versions = projectVersions(idOrKey!);
      if (!versions) return projectMissing(idOrKey!);
      const today = fake.today();
      return ok(versions.map((v) => versionBean(ctx, v, today)));
    }),
  ];
}

function serverInfo(fake: FakeState, base: string): Reply {
  const cloud = fake.flavour === 'cloud';
  return ok({
    baseUrl: base,
    displayUrl: base,
    version: cloud ? '1001.0.0-SNAPSHOT' : '9.12.15',
    versionNumbers: cloud ? [1001, 0, 0] : [9, 12, 15],
    deploymentType: cloud ? 'Cloud' : 'Server',
    buildNumber: cloud ? 100289 : 9120015,
    buildDate: '2026-01-05T00:00:00.000+0000',
    serverTime: new Date().toISOString().replace('Z', '+0000'),
    scmInfo: 'fahrplan-fake-tracker',
    serverTitle: 'Fahrplan fake Jira',
    serverTimeZone: 'Etc/UTC',
  });
}

function projectSearch(fake: FakeState, call: Call): Reply {
  const keys = new Set(listParam(call.query, 'keys').map((k) => k.toUpperCase()));
  const text = call.query.get('query')?.toLowerCase();
  const projects = fake.data.projects
    .filter((p) => keys.size === 0 || keys.has(p.key))
    .filter((p) => !text || p.key.toLowerCase().includes(text) || p.name.toLowerCase().includes(text))
    .sort((a, b) => a.key.localeCompare(b.key));
  return ok(
    pageBean(
      fake,
      call,
      projects.map((p) => projectBean(call.ctx, p, fake.data)),
    ),
  );
}

function versionSearch(fake: FakeState, call: Call, versions: FakeVersion[]): Reply {
  const statuses = listParam(call.query, 'status');
  const text = call.query.get('query')?.toLowerCase();
  const today = fake.today();
  const selected = versions
    .filter(
      (v) =>
        statuses.length === 0 ||
        (statuses.includes('released') && v.released && !v.archived) ||
        (statuses.includes('unreleased') && !v.released && !v.archived) ||
        (statuses.includes('archived') && v.archived),
    )
    .filter(
      (v) =>
        !text || v.name.toLowerCase().includes(text) || (v.description ?? '').toLowerCase().includes(text),
    );
  return ok(
    pageBean(
      fake,
      call,
      selected.map((v) => versionBean(call.ctx, v, today)),
    ),
  );
}
