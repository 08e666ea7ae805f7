import type { FakeState } from '../fake-state';
import { escapeHtml, page } from '../replies';
import { route } from '../route';
import type { Call, Reply, Route } from '../route';

/** The web pages the console links to: an issue, a release report and a board. */
export function webRoutes(fake: FakeState): Route[] {
  return [
    route('GET', /^\/browse\/([^/]+)$/, (_call, [key]) => issuePage(fake, key!)),
    route(
      'GET',
      /^\/projects\/([^/]+)\/versions\/([^/]+)(?:\/tab\/release-report-all-issues)?$/,
      (_call, [key, id]) => releasePage(fake, key!, id!),
    ),
    route('GET', /^\/secure\/RapidBoard\.jspa$/, (call) => boardPage(fake, call)),
  ];
}

function issuePage(fake: FakeState, key: string): Reply {
  const issue = fake.issue(key);
  if (!issue)
    return { status: 404, html: page('Issue not found', `<p>${escapeHtml(key)} does not exist.</p>`) };
  return {
    status: 200,
    html: page(
      `${issue.key}: ${issue.summary}`,
      `<dl><dt>Status</dt><dd>${escapeHtml(issue.status)}</dd><dt>Assignee</dt><dd>${escapeHtml(issue.assignee ?? 'Unassigned')}</dd>` +
        `<dt>Due</dt><dd>${escapeHtml(issue.dueDate ?? '—')}</dd><dt>Type</dt><dd>${escapeHtml(issue.issueType)}</dd></dl>`,
    ),
  };
}

function releasePage(fake: FakeState, key: string, id: string): Reply {
  const project = fake.project(key);
  const version = fake.data.versions.find((v) => v.id === id && v.projectId === project?.id);
  if (!project || !version)
    return {
      status: 404,
      html: page('Release not found', `<p>No release ${escapeHtml(id)} in ${escapeHtml(key)}.</p>`),
    };
  const issues = fake.data.issues.filter((i) => i.fixVersions.includes(version.id));
  return {
    status: 200,
    html: page(
      `${project.key} release ${version.name}`,
      `<p>${escapeHtml(version.description ?? '')}</p><p>${escapeHtml(version.startDate ?? '?')} – ${escapeHtml(version.releaseDate ?? '?')}` +
        ` · ${version.released ? 'released' : 'unreleased'}</p><ul>${issues
          .map(
            (i) =>
              `<li><a href="../../../../browse/${i.key}">${i.key}</a> ${escapeHtml(i.summary)} (${escapeHtml(i.status)})</li>`,
          )
          .join('')}</ul>`,
    ),
  };
}

function boardPage(fake: FakeState, call: Call): Reply {
  const board = fake.data.boards.find((b) => String(b.id) === call.query.get('rapidView'));
  if (!board) return { status: 404, html: page('Board not found', '<p>No such board.</p>') };
  const issues = fake.data.issues.filter((i) => i.projectKey === board.projectKey);
  const columns = (['new', 'indeterminate', 'done'] as const)
    .map(
      (cat) =>
        `<td><ul>${issues
          .filter((i) => i.statusCategory === cat)
          .map((i) => `<li>${i.key} ${escapeHtml(i.summary)}</li>`)
          .join('')}</ul></td>`,
    )
    .join('');
  return {
    status: 200,
    html: page(
      `${board.name} (${board.type})`,
      `<table><tr><th>To Do</th><th>In Progress</th><th>Done</th></tr><tr>${columns}</tr></table>`,
    ),
  };
}
