import { createHash } from 'node:crypto';
import type { FakeIssue, FakeTrackerData } from './fake-types';

/** How Jira's REST answers spell the fake's records (the shapes of Atlassian's OpenAPI documents). */
export interface ShapeContext {
  /** Absolute base URL the client called, e.g. http://127.0.0.1:4010 or …/fake-jira in the demo. */
  base: string;
  apiVersion: '2' | '3';
  flavour: 'cloud' | 'datacenter';
}

export type FakeVersion = FakeTrackerData['versions'][number];
export type FakeProject = FakeTrackerData['projects'][number];
export type FakeBoard = FakeTrackerData['boards'][number];

const CATEGORIES = {
  new: { id: 2, key: 'new', colorName: 'blue-gray', name: 'To Do' },
  indeterminate: { id: 4, key: 'indeterminate', colorName: 'yellow', name: 'In Progress' },
  done: { id: 3, key: 'done', colorName: 'green', name: 'Done' },
} as const;

const STATUS_IDS: Record<string, string> = { 'To Do': '10000', 'In Progress': '3', Done: '10001' };

/** The three transitions of the fake's workflow (any status can move to any other). */
export const TRANSITIONS = [
  { id: '11', name: 'To Do', status: 'To Do', statusCategory: 'new' },
  { id: '21', name: 'In Progress', status: 'In Progress', statusCategory: 'indeterminate' },
  { id: '31', name: 'Done', status: 'Done', statusCategory: 'done' },
] as const;

function digest(text: string, length: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/** Jira's timestamp spelling: 2026-11-23T10:15:30.000+0000. */
export function jiraTime(iso: string): string {
  return new Date(iso).toISOString().replace('Z', '+0000');
}

function avatarUrls(seed: string): Record<string, string> {
  const url = (size: number) => `https://avatar-management.example.com/${digest(seed, 12)}?s=${size}`;
  return { '48x48': url(48), '24x24': url(24), '16x16': url(16), '32x32': url(32) };
}

export function accountIdOf(displayName: string): string {
  return `712020:${digest(displayName, 24)}`;
}

export function userBean(ctx: ShapeContext, displayName: string, email?: string): Record<string, unknown> {
  const slug = displayName.toLowerCase().replace(/[^a-z0-9]+/g, '.');
  const emailAddress = email ?? `${slug}@example.com`;
  if (ctx.flavour === 'datacenter') {
    return {
      self: `${ctx.base}/rest/api/2/user?username=${encodeURIComponent(slug)}`,
      key: `JIRAUSER${digest(displayName, 5).replace(/\D/g, '1')}`,
      name: slug,
      emailAddress,
      avatarUrls: avatarUrls(displayName),
      displayName,
      active: true,
      timeZone: 'Etc/UTC',
    };
  }
  const accountId = accountIdOf(displayName);
  return {
    self: `${ctx.base}/rest/api/${ctx.apiVersion}/user?accountId=${accountId}`,
    accountId,
    accountType: 'atlassian',
    emailAddress,
    avatarUrls: avatarUrls(displayName),
    displayName,
    active: true,
    timeZone: 'Etc/UTC',
  };
}

export function statusBean(
  ctx: ShapeContext,
  name: string,
  category: FakeIssue['statusCategory'],
): Record<string, unknown> {
  const id = STATUS_IDS[name] ?? String(10100 + (parseInt(digest(name, 4), 16) % 800));
  const cat = CATEGORIES[category];
  return {
    self: `${ctx.base}/rest/api/${ctx.apiVersion}/status/${id}`,
    description: '',
    iconUrl: `${ctx.base}/images/icons/statuses/generic.png`,
    name,
    id,
    statusCategory: { self: `${ctx.base}/rest/api/${ctx.apiVersion}/statuscategory/${cat.id}`, ...cat },
  };
}

export function projectBean(
  ctx: ShapeContext,
  project: FakeProject,
  data: FakeTrackerData,
): Record<string, unknown> {
  const serviceDesk = data.serviceDesks.some((d) => d.projectId === project.id);
  return {
    expand: 'description,lead,issueTypes,url,projectKeys,permissions,insight',
    self: `${ctx.base}/rest/api/${ctx.apiVersion}/project/${project.id}`,
    id: project.id,
    key: project.key,
    name: project.name,
    avatarUrls: avatarUrls(project.key),
    projectTypeKey: serviceDesk ? 'service_desk' : 'software',
    simplified: false,
    style: 'classic',
    isPrivate: false,
    properties: {},
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Jira's user-facing date: 31/Mar/26. */
function userDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${MONTHS[Number(m) - 1]}/${y!.slice(2)}`;
}

export function versionBean(ctx: ShapeContext, version: FakeVersion, today: string): Record<string, unknown> {
  return {
    self: `${ctx.base}/rest/api/${ctx.apiVersion}/version/${version.id}`,
    id: version.id,
    ...(version.description !== undefined ? { description: version.description } : {}),
    name: version.name,
    archived: version.archived,
    released: version.released,
    ...(version.startDate
      ? { startDate: version.startDate, userStartDate: userDate(version.startDate) }
      : {}),
    ...(version.releaseDate
      ? {
          releaseDate: version.releaseDate,
          userReleaseDate: userDate(version.releaseDate),
          overdue: !version.released && version.releaseDate < today,
        }
      : {}),
    projectId: Number(version.projectId),
  };
}

export function boardBean(base: string, board: FakeBoard, data: FakeTrackerData): Record<string, unknown> {
  const project = data.projects.find((p) => p.key === board.projectKey);
  return {
    id: board.id,
    self: `${base}/rest/agile/1.0/board/${board.id}`,
    name: board.name,
    type: board.type,
    ...(project
      ? {
          location: {
            projectId: Number(project.id),
            displayName: `${project.name} (${project.key})`,
            projectName: project.name,
            projectKey: project.key,
            projectTypeKey: data.serviceDesks.some((d) => d.projectId === project.id)
              ? 'service_desk'
              : 'software',
            avatarURI: `${base}/secure/projectavatar?size=small&s=small&pid=${project.id}`,
            name: `${project.name} (${project.key})`,
          },
        }
      : {}),
  };
}

/** Plain text of an Atlassian document: what v2 answers for rich-text fields. */
export function adfToText(doc: unknown): string {
  if (typeof doc === 'string') return doc;
  const texts: string[] = [];
  const walk = (node: unknown, block: boolean) => {
    if (typeof node !== 'object' || node === null) return;
    const n = node as { type?: string; text?: string; content?: unknown[] };
    if (typeof n.text === 'string') texts.push(n.text);
    for (const child of n.content ?? []) walk(child, false);
    if (block && n.type !== 'doc') texts.push('\n');
  };
  for (const block of (doc as { content?: unknown[] } | null)?.content ?? []) walk(block, true);
  return texts.join('').trim();
}

export function isAdfDocument(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const doc = value as { type?: unknown; version?: unknown; content?: unknown };
  return doc.type === 'doc' && typeof doc.version === 'number' && Array.isArray(doc.content);
}

/** Rich text as the API version spells it: a document on v3, plain text on v2 (and on Data Center). */
export function richText(ctx: ShapeContext, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return ctx.apiVersion === '3' ? value : adfToText(value);
}

export function commentBean(
  ctx: ShapeContext,
  issue: FakeIssue,
  comment: FakeIssue['comments'][number],
  author: Record<string, unknown>,
): Record<string, unknown> {
  return {
    self: `${ctx.base}/rest/api/${ctx.apiVersion}/issue/${issue.id}/comment/${comment.id}`,
    id: comment.id,
    author,
    body: richText(ctx, comment.body),
    updateAuthor: author,
    created: jiraTime(comment.created),
    updated: jiraTime(comment.created),
    jsdPublic: true,
  };
}

/** Every field the fake knows for an issue, keyed like Jira's field ids. */
export function issueFields(
  ctx: ShapeContext,
  issue: FakeIssue,
  data: FakeTrackerData,
  author: Record<string, unknown>,
  today: string,
): Record<string, unknown> {
  const project = data.projects.find((p) => p.key === issue.projectKey);
  const issueTypeId = String(10000 + (parseInt(digest(issue.issueType, 3), 16) % 100));
  return {
    summary: issue.summary,
    status: statusBean(ctx, issue.status, issue.statusCategory),
    assignee: issue.assignee ? userBean(ctx, issue.assignee) : null,
    reporter: author,
    duedate: issue.dueDate,
    issuetype: {
      self: `${ctx.base}/rest/api/${ctx.apiVersion}/issuetype/${issueTypeId}`,
      id: issueTypeId,
      description: '',
      iconUrl: `${ctx.base}/images/icons/issuetypes/${issue.issueType.toLowerCase()}.svg`,
      name: issue.issueType,
      subtask: false,
      hierarchyLevel: issue.issueType === 'Epic' ? 1 : 0,
    },
    project: project
      ? {
          self: `${ctx.base}/rest/api/${ctx.apiVersion}/project/${project.id}`,
          id: project.id,
          key: project.key,
          name: project.name,
          projectTypeKey: data.serviceDesks.some((d) => d.projectId === project.id)
            ? 'service_desk'
            : 'software',
          simplified: false,
          avatarUrls: avatarUrls(project.key),
        }
      : null,
    fixVersions: issue.fixVersions
      .map((id) => data.versions.find((v) => v.id === id))
      .filter((v): v is FakeVersion => v !== undefined)
      .map((v) => versionBean(ctx, v, today)),
    priority: {
      self: `${ctx.base}/rest/api/${ctx.apiVersion}/priority/3`,
      iconUrl: `${ctx.base}/images/icons/priorities/medium.svg`,
      name: 'Medium',
      id: '3',
    },
    labels: [],
    created: jiraTime(new Date(Date.parse(issue.updated) - 14 * 86_400_000).toISOString()),
    updated: jiraTime(issue.updated),
    description: richText(ctx, issue.description),
    comment: {
      comments: issue.comments.map((c) => commentBean(ctx, issue, c, author)),
      self: `${ctx.base}/rest/api/${ctx.apiVersion}/issue/${issue.id}/comment`,
      maxResults: issue.comments.length,
      total: issue.comments.length,
      startAt: 0,
    },
  };
}

/** Jira's `fields` parameter: names, *all, *navigable, id, and -name exclusions. */
export function selectFields(
  all: Record<string, unknown>,
  requested: string[],
  fallback: string,
): Record<string, unknown> {
  const tokens = (requested.length ? requested : [fallback]).map((t) => t.trim()).filter(Boolean);
  const include = new Set<string>();
  const exclude = new Set<string>();
  for (const token of tokens) {
    if (token === '*all') Object.keys(all).forEach((k) => include.add(k));
    else if (token === '*navigable')
      Object.keys(all)
        .filter((k) => k !== 'comment')
        .forEach((k) => include.add(k));
    else if (token.startsWith('-')) exclude.add(token.slice(1));
    else if (token !== 'id') include.add(token);
  }
  // A list of exclusions alone means "navigable fields except these".
  if (include.size === 0 && exclude.size > 0)
    Object.keys(all)
      .filter((k) => k !== 'comment')
      .forEach((k) => include.add(k));
  const selected: Record<string, unknown> = {};
  for (const key of include) if (!exclude.has(key) && key in all) selected[key] = all[key];
  return selected;
}

export function issueBean(
  ctx: ShapeContext,
  issue: FakeIssue,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  return {
    expand: 'renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations',
    id: issue.id,
    self: `${ctx.base}/rest/api/${ctx.apiVersion}/issue/${issue.id}`,
    key: issue.key,
    fields,
  };
}

export function sdDate(iso: string): Record<string, unknown> {
  const date = new Date(iso);
  return {
    iso8601: date.toISOString().replace(/\.\d{3}Z$/, '+0000'),
    jira: jiraTime(iso),
    friendly: date.toUTCString(),
    epochMillis: date.getTime(),
  };
}
