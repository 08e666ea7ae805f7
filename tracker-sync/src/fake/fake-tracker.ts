import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { adfParagraph, fakeTrackerDemoData } from './demo-data';
import type {
  FakeFault,
  FakeIssue,
  FakeRequest,
  FakeTracker,
  FakeTrackerData,
  FakeTrackerOptions,
} from './fake-types';
import {
  TRANSITIONS,
  boardBean,
  commentBean,
  isAdfDocument,
  issueBean,
  issueFields,
  projectBean,
  sdDate,
  selectFields,
  statusBean,
  userBean,
  versionBean,
} from './jira-shapes';
import type { ShapeContext } from './jira-shapes';
import { JqlError, parseJql } from './jql';

export type {
  FakeExchange,
  FakeFault,
  FakeIssue,
  FakeRequest,
  FakeTracker,
  FakeTrackerData,
  FakeTrackerOptions,
} from './fake-types';
export { fakeTrackerDemoData } from './demo-data';

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  html?: string;
}

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  base: string;
  ctx: ShapeContext;
}

type Route = { method: string; pattern: RegExp; handle: (call: Call, params: string[]) => Reply };

const DEFAULT_PAGE = 50;
const SEARCH_REMOVED =
  'The requested API has been removed. Please migrate to the /rest/api/3/search/jql API. A full migration guideline is available at https://developer.atlassian.com/changelog/#CHANGE-2046';
const NOT_AUTHENTICATED = 'Client must be authenticated to access this resource.';
const ISSUE_MISSING = 'Issue does not exist or you do not have permission to see it.';
const ADF_REQUIRED = 'Operation value must be an Atlassian Document (see the Atlassian Document Format)';

const jiraError = (status: number, messages: string[], errors: Record<string, string> = {}): Reply => ({
  status,
  body: { errorMessages: messages, errors },
});

const deskError = (status: number, message: string, i18nKey: string): Reply => ({
  status,
  body: { errorMessage: message, i18nErrorMessage: { i18nKey, parameters: [] } },
});

/** An error in the body shape of the API family the path belongs to. */
function familyError(path: string, status: number, message: string): Reply {
  return path.startsWith('/rest/servicedeskapi/')
    ? deskError(status, message, `sd.error.http.${status}`)
    : jiraError(status, [message]);
}

const FAULT_MESSAGES: Record<number, string> = {
  400: 'Bad request.',
  401: NOT_AUTHENTICATED,
  403: 'You do not have permission to perform this operation.',
  404: 'The requested resource could not be found.',
  410: SEARCH_REMOVED,
  429: 'Rate limit exceeded.',
  500: 'Internal server error.',
  502: 'Bad gateway.',
  503: 'Service unavailable. Please try again later.',
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

function intParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** Comma lists and repeated parameters alike (fields=a,b&fields=c). */
function listParam(query: URLSearchParams, name: string): string[] {
  return query
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

/** The state and behaviour shared by the stand-alone server and the mountable handler. */
class FakeTrackerCore {
  readonly requests: FakeRequest[] = [];
  readonly validationProblems: string[] = [];
  private faults: { method?: string; path: string | RegExp; fault: FakeFault; remaining: number }[] = [];
  private readonly flavour: 'cloud' | 'datacenter';
  private readonly pageSizeLimit: number;
  private readonly routes: Route[];

  constructor(
    private readonly options: FakeTrackerOptions,
    readonly data: FakeTrackerData,
  ) {
    this.flavour = options.flavour ?? 'cloud';
    this.pageSizeLimit = options.pageSizeLimit ?? DEFAULT_PAGE;
    this.routes = this.buildRoutes();
  }

  fail(match: { method?: string; path: string | RegExp }, fault: FakeFault): void {
    this.faults.push({ ...match, fault, remaining: fault.times ?? 1 });
  }

  clearFaults(): void {
    this.faults = [];
  }

  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    search: string,
    prefix: string,
  ): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const query = new URLSearchParams(search);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    const raw = await readBody(req);
    const recordedQuery: Record<string, string> = {};
    for (const name of new Set(query.keys())) recordedQuery[name] = query.getAll(name).join(',');
    let body: unknown = raw;
    let unparsable = false;
    if (
      typeof raw === 'string' &&
      raw.length > 0 &&
      /json/i.test(headers['content-type'] ?? 'application/json')
    ) {
      try {
        body = JSON.parse(raw);
      } catch {
        unparsable = true;
      }
    } else if (raw === '') body = undefined;
    this.requests.push({ method, path, query: recordedQuery, headers, body });

    const fault = this.takeFault(method, path);
    if (fault?.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
    if (fault?.malformed) {
      // Deliberately broken: not validated, it is the test's point.
      send(
        res,
        fault.status ?? 200,
        { 'content-type': 'application/json;charset=UTF-8' },
        '{"errorMessages":["trunc',
      );
      return;
    }
    const proto = headers['x-forwarded-proto']?.split(',')[0]?.trim() ?? 'http';
    const base = `${proto}://${headers['x-forwarded-host'] ?? headers.host ?? '127.0.0.1'}${prefix}`;
    let reply: Reply;
    if (fault?.status) {
      reply = familyError(path, fault.status, FAULT_MESSAGES[fault.status] ?? `HTTP ${fault.status}`);
      if (fault.retryAfterSeconds !== undefined)
        reply.headers = { 'retry-after': String(fault.retryAfterSeconds) };
    } else if (unparsable) {
      reply = jiraError(400, ['Unexpected character in the request body: it is not valid JSON.']);
    } else {
      reply = this.route(method, path, query, body, headers, base);
    }
    this.respond(res, method, path, reply);
  }

  private takeFault(method: string, path: string): FakeFault | undefined {
    const entry = this.faults.find(
      (f) =>
        (f.method === undefined || f.method.toUpperCase() === method) &&
        (typeof f.path === 'string' ? f.path === path : f.path.test(path)),
    );
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.faults = this.faults.filter((f) => f !== entry);
    return entry.fault;
  }

  private route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: unknown,
    headers: Record<string, string>,
    base: string,
  ): Reply {
    const isRest = path.startsWith('/rest/');
    if (isRest && !this.authorized(headers.authorization)) {
      const reply = familyError(path, 401, NOT_AUTHENTICATED);
      reply.headers = { 'www-authenticate': 'Basic realm="protected-area"' };
      return reply;
    }
    // Data Center has no v3 API.
    if (this.flavour === 'datacenter' && path.startsWith('/rest/api/3/')) {
      return jiraError(404, [`null for uri: ${base}${path}`]);
    }
    const apiVersion = path.startsWith('/rest/api/3/') ? '3' : '2';
    const ctx: ShapeContext = { base, apiVersion, flavour: this.flavour };
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const match = route.pattern.exec(path);
      if (match) {
        const params = match.slice(1).map((p) => decodeURIComponent(p ?? ''));
        try {
          return route.handle({ method, path, query, body, base, ctx }, params);
        } catch (error) {
          if (error instanceof JqlError) return jiraError(400, [error.message]);
          throw error;
        }
      }
    }
    if (!isRest) return { status: 404, html: page('Not found', `<p>No page at ${escapeHtml(path)}.</p>`) };
    return familyError(path, 404, `null for uri: ${base}${path}`);
  }

  private authorized(header: string | undefined): boolean {
    const credentials = this.options.credentials;
    if (!credentials) return true;
    if (!header) return false;
    const [scheme = '', value = ''] = header.split(/\s+/, 2);
    if (scheme.toLowerCase() === 'basic' && credentials.basic) {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      return decoded === `${credentials.basic.email}:${credentials.basic.apiToken}`;
    }
    if (scheme.toLowerCase() === 'bearer') {
      return (
        (credentials.bearer !== undefined && value === credentials.bearer) ||
        (credentials.pat !== undefined && value === credentials.pat)
      );
    }
    return false;
  }

  private respond(res: ServerResponse, method: string, path: string, reply: Reply): void {
    if (reply.html !== undefined) {
      send(res, reply.status, { 'content-type': 'text/html;charset=UTF-8', ...reply.headers }, reply.html);
      return;
    }
    const hasBody = reply.status !== 204 && reply.body !== undefined;
    const contentType = hasBody ? 'application/json;charset=UTF-8' : '';
    if (this.options.validate && path.startsWith('/rest/')) {
      const problems = this.options.validate({
        method,
        path,
        status: reply.status,
        body: hasBody ? reply.body : undefined,
        contentType,
      });
      this.validationProblems.push(...problems);
    }
    send(
      res,
      reply.status,
      { ...(hasBody ? { 'content-type': contentType } : {}), ...reply.headers },
      hasBody ? JSON.stringify(reply.body) : '',
    );
  }

  private pageSize(requested: number | undefined): number {
    return Math.min(requested ?? DEFAULT_PAGE, this.pageSizeLimit);
  }

  private today(): string {
    return new Date().toISOString().slice(0, 10);
  }

  private me(ctx: ShapeContext): Record<string, unknown> {
    return userBean(
      ctx,
      'Fahrplan Integration',
      this.options.credentials?.basic?.email ?? 'fahrplan.integration@example.com',
    );
  }

  private project(idOrKey: string) {
    return this.data.projects.find((p) => p.id === idOrKey || p.key.toUpperCase() === idOrKey.toUpperCase());
  }

  private issue(idOrKey: string): FakeIssue | undefined {
    return this.data.issues.find((i) => i.id === idOrKey || i.key.toUpperCase() === idOrKey.toUpperCase());
  }

  private fullIssue(
    ctx: ShapeContext,
    issue: FakeIssue,
    requested: string[],
    fallback: string,
  ): Record<string, unknown> {
    const all = issueFields(ctx, issue, this.data, this.me(ctx), this.today());
    return issueBean(ctx, issue, selectFields(all, requested, fallback));
  }

  /** Plain `{startAt, maxResults, total, isLast, values}` of the platform and agile APIs. */
  private startAtPage<T>(call: Call, items: T[]) {
    const startAt = intParam(call.query, 'startAt') ?? 0;
    const maxResults = this.pageSize(intParam(call.query, 'maxResults'));
    const values = items.slice(startAt, startAt + maxResults);
    const isLast = startAt + values.length >= items.length;
    return { startAt, maxResults, total: items.length, isLast, values };
  }

  private pageBean<T>(call: Call, items: T[]): Record<string, unknown> {
    const page = this.startAtPage(call, items);
    const self = new URL(`${call.base}${call.path}`);
    call.query.forEach((v, k) => self.searchParams.append(k, v));
    const next = new URL(self);
    next.searchParams.set('startAt', String(page.startAt + page.maxResults));
    next.searchParams.set('maxResults', String(page.maxResults));
    return { self: self.toString(), ...(page.isLast ? {} : { nextPage: next.toString() }), ...page };
  }

  private deskPage<T>(call: Call, items: T[]): Record<string, unknown> {
    const start = intParam(call.query, 'start') ?? 0;
    const limit = this.pageSize(intParam(call.query, 'limit'));
    const values = items.slice(start, start + limit);
    const isLastPage = start + values.length >= items.length;
    const link = (s: number) => `${call.base}${call.path}?start=${s}&limit=${limit}`;
    return {
      _expands: [],
      size: values.length,
      start,
      limit,
      isLastPage,
      _links: {
        self: link(start),
        base: `${call.base}/rest/servicedeskapi`,
        context: '',
        ...(isLastPage ? {} : { next: link(start + limit) }),
        ...(start > 0 ? { prev: link(Math.max(0, start - limit)) } : {}),
      },
      values,
    };
  }

  private search(jql: string) {
    const query = parseJql(jql, this.data);
    return { query, issues: this.data.issues.filter(query.filter).sort(query.compare) };
  }

  /** v3 takes only Atlassian documents for rich text; v2 takes strings (stored as documents). */
  private richInput(
    ctx: ShapeContext,
    value: unknown,
    field: string,
  ): { ok: true; value: unknown } | { ok: false; reply: Reply } {
    if (value === null) return { ok: true, value: null };
    if (ctx.apiVersion === '3') {
      if (!isAdfDocument(value)) return { ok: false, reply: jiraError(400, [], { [field]: ADF_REQUIRED }) };
      return { ok: true, value };
    }
    if (typeof value === 'string') return { ok: true, value: adfParagraph(value) };
    return { ok: false, reply: jiraError(400, [], { [field]: `Field '${field}' expects a string.` }) };
  }

  private addComment(issue: FakeIssue, body: unknown): FakeIssue['comments'][number] {
    const ids = this.data.issues.flatMap((i) => i.comments.map((c) => Number(c.id))).filter(Number.isFinite);
    const comment = { id: String(Math.max(10499, ...ids) + 1), body, created: new Date().toISOString() };
    issue.comments.push(comment);
    return comment;
  }

  private touch(issue: FakeIssue): void {
    // Strictly later than before, even within the same millisecond, so incremental syncs see it.
    issue.updated = new Date(Math.max(Date.now(), Date.parse(issue.updated) + 1)).toISOString();
  }

  private buildRoutes(): Route[] {
    const api = (rest: string) => new RegExp(`^/rest/api/[23]${rest}$`);
    const routes: Route[] = [];
    const on = (method: string, pattern: RegExp, handle: Route['handle']) =>
      routes.push({ method, pattern, handle });

    on('GET', api('/serverInfo'), ({ ctx }) => {
      const cloud = this.flavour === 'cloud';
      return {
        status: 200,
        body: {
          baseUrl: ctx.base,
          displayUrl: ctx.base,
          version: cloud ? '1001.0.0-SNAPSHOT' : '9.12.15',
          versionNumbers: cloud ? [1001, 0, 0] : [9, 12, 15],
          deploymentType: cloud ? 'Cloud' : 'Server',
          buildNumber: cloud ? 100289 : 9120015,
          buildDate: '2026-01-05T00:00:00.000+0000',
          serverTime: new Date().toISOString().replace('Z', '+0000'),
          scmInfo: 'fahrplan-fake-tracker',
          serverTitle: 'Fahrplan fake Jira',
          serverTimeZone: 'Etc/UTC',
        },
      };
    });
    on('GET', api('/myself'), ({ ctx }) => ({
      status: 200,
      body: {
        ...this.me(ctx),
        locale: 'en_US',
        groups: { size: 0, items: [] },
        applicationRoles: { size: 0, items: [] },
        expand: 'groups,applicationRoles',
      },
    }));

    on('GET', api('/project/search'), (call) => {
      const keys = new Set(listParam(call.query, 'keys').map((k) => k.toUpperCase()));
      const text = call.query.get('query')?.toLowerCase();
      const projects = this.data.projects
        .filter((p) => keys.size === 0 || keys.has(p.key))
        .filter((p) => !text || p.key.toLowerCase().includes(text) || p.name.toLowerCase().includes(text))
        .sort((a, b) => a.key.localeCompare(b.key));
      return {
        status: 200,
        body: this.pageBean(
          call,
          projects.map((p) => projectBean(call.ctx, p, this.data)),
        ),
      };
    });
    on('GET', api('/project'), ({ ctx }) => ({
      status: 200,
      body: [...this.data.projects]
        .sort((a, b) => a.key.localeCompare(b.key))
        .map((p) => projectBean(ctx, p, this.data)),
    }));
    on('GET', api('/project/([^/]+)'), ({ ctx }, [idOrKey]) => {
      const project = this.project(idOrKey!);
      if (!project) return jiraError(404, [`No project could be found with key '${idOrKey}'.`]);
      return { status: 200, body: projectBean(ctx, project, this.data) };
    });
    const projectVersions = (idOrKey: string) => {
      const project = this.project(idOrKey);
      return project ? this.data.versions.filter((v) => v.projectId === project.id) : undefined;
    };
    on('GET', api('/project/([^/]+)/version'), (call, [idOrKey]) => {
      const versions = projectVersions(idOrKey!);
      if (!versions) return jiraError(404, [`No project could be found with key '${idOrKey}'.`]);
      const statuses = listParam(call.query, 'status');
      const text = call.query.get('query')?.toLowerCase();
      const today = this.today();
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
            !text ||
            v.name.toLowerCase().includes(text) ||
            (v.description ?? '').toLowerCase().includes(text),
        );
      return {
        status: 200,
        body: this.pageBean(
          call,
          selected.map((v) => versionBean(call.ctx, v, today)),
        ),
      };
    });
    on('GET', api('/project/([^/]+)/versions'), ({ ctx }, [idOrKey]) => {
      const versions = projectVersions(idOrKey!);
      if (!versions) return jiraError(404, [`No project could be found with key '${idOrKey}'.`]);
      const today = this.today();
      return { status: 200, body: versions.map((v) => versionBean(ctx, v, today)) };
    });

    on('GET', /^\/rest\/agile\/1\.0\/board$/, (call) => {
      const types = listParam(call.query, 'type');
      const projectKeyOrId = call.query.get('projectKeyOrId');
      const name = call.query.get('name')?.toLowerCase();
      let projectKey: string | undefined;
      if (projectKeyOrId) {
        const project = this.project(projectKeyOrId);
        if (!project) return jiraError(400, [`No project could be found with key or id '${projectKeyOrId}'`]);
        projectKey = project.key;
      }
      const boards = this.data.boards
        .filter((b) => types.length === 0 || types.includes(b.type))
        .filter((b) => !projectKey || b.projectKey === projectKey)
        .filter((b) => !name || b.name.toLowerCase().includes(name))
        .sort((a, b) => a.id - b.id);
      return {
        status: 200,
        body: this.startAtPage(
          call,
          boards.map((b) => boardBean(call.base, b, this.data)),
        ),
      };
    });

    const searchJql = (
      call: Call,
      input: { jql?: unknown; nextPageToken?: unknown; maxResults?: unknown; fields: string[] },
    ): Reply => {
      const jql = typeof input.jql === 'string' ? input.jql : '';
      const { query, issues } = this.search(jql);
      if (!query.bounded) {
        return jiraError(400, [
          'Unbounded JQL queries are not allowed here. Please add a search restriction to your query.',
        ]);
      }
      let offset = 0;
      if (typeof input.nextPageToken === 'string' && input.nextPageToken) {
        const token = decodeToken(input.nextPageToken);
        if (!token || token.jql !== jql)
          return jiraError(400, ['The provided next page token is invalid or expired.']);
        offset = token.offset;
      }
      const size = this.pageSize(typeof input.maxResults === 'number' ? input.maxResults : undefined);
      const slice = issues.slice(offset, offset + size);
      const isLast = offset + slice.length >= issues.length;
      return {
        status: 200,
        body: {
          issues: slice.map((issue) => this.fullIssue(call.ctx, issue, input.fields, 'id')),
          ...(isLast ? {} : { nextPageToken: encodeToken({ jql, offset: offset + slice.length }) }),
          isLast,
        },
      };
    };
    const cloudOnly =
      (handle: Route['handle']): Route['handle'] =>
      (call, params) =>
        this.flavour === 'cloud'
          ? handle(call, params)
          : jiraError(404, [`null for uri: ${call.base}${call.path}`]);
    on(
      'GET',
      api('/search/jql'),
      cloudOnly((call) =>
        searchJql(call, {
          jql: call.query.get('jql') ?? '',
          nextPageToken: call.query.get('nextPageToken') ?? undefined,
          maxResults: intParam(call.query, 'maxResults'),
          fields: listParam(call.query, 'fields'),
        }),
      ),
    );
    on(
      'POST',
      api('/search/jql'),
      cloudOnly((call) => {
        const body = (call.body ?? {}) as {
          jql?: unknown;
          nextPageToken?: unknown;
          maxResults?: unknown;
          fields?: unknown;
        };
        const fields = Array.isArray(body.fields)
          ? body.fields.filter((f): f is string => typeof f === 'string')
          : [];
        return searchJql(call, { ...body, fields });
      }),
    );

    const oldSearch = (
      call: Call,
      input: { jql: string; startAt?: number; maxResults?: number; fields: string[] },
    ): Reply => {
      if (this.flavour === 'cloud') return jiraError(410, [SEARCH_REMOVED]);
      const { issues } = this.search(input.jql);
      const startAt = input.startAt ?? 0;
      const maxResults = this.pageSize(input.maxResults);
      return {
        status: 200,
        body: {
          expand: 'schema,names',
          startAt,
          maxResults,
          total: issues.length,
          issues: issues
            .slice(startAt, startAt + maxResults)
            .map((issue) => this.fullIssue(call.ctx, issue, input.fields, '*navigable')),
        },
      };
    };
    on('GET', api('/search'), (call) =>
      oldSearch(call, {
        jql: call.query.get('jql') ?? '',
        startAt: intParam(call.query, 'startAt'),
        maxResults: intParam(call.query, 'maxResults'),
        fields: listParam(call.query, 'fields'),
      }),
    );
    on('POST', api('/search'), (call) => {
      const body = (call.body ?? {}) as {
        jql?: unknown;
        startAt?: unknown;
        maxResults?: unknown;
        fields?: unknown;
      };
      return oldSearch(call, {
        jql: typeof body.jql === 'string' ? body.jql : '',
        startAt: typeof body.startAt === 'number' ? body.startAt : undefined,
        maxResults: typeof body.maxResults === 'number' ? body.maxResults : undefined,
        fields: Array.isArray(body.fields)
          ? body.fields.filter((f): f is string => typeof f === 'string')
          : [],
      });
    });

    on('GET', api('/issue/([^/]+)'), (call, [key]) => {
      const issue = this.issue(key!);
      if (!issue) return jiraError(404, [ISSUE_MISSING]);
      return { status: 200, body: this.fullIssue(call.ctx, issue, listParam(call.query, 'fields'), '*all') };
    });
    on('POST', api('/issue'), (call) => {
      const fields = ((call.body as { fields?: Record<string, unknown> } | undefined)?.fields ??
        {}) as Record<string, unknown>;
      const projectRef = fields.project as { key?: string; id?: string } | undefined;
      const project = projectRef ? this.project(projectRef.key ?? projectRef.id ?? '') : undefined;
      const errors: Record<string, string> = {};
      if (!project) errors.project = 'Specify a valid project ID or key';
      if (typeof fields.summary !== 'string' || !fields.summary.trim())
        errors.summary = 'You must specify a summary of the issue.';
      const issueTypeRef = fields.issuetype as { name?: string; id?: string } | undefined;
      if (!issueTypeRef?.name && !issueTypeRef?.id) errors.issuetype = 'Specify an issue type';
      let description: unknown = null;
      if (fields.description !== undefined) {
        const rich = this.richInput(call.ctx, fields.description, 'description');
        if (rich.ok) description = rich.value;
        else errors.description = ADF_REQUIRED;
      }
      if (Object.keys(errors).length > 0 || !project) return jiraError(400, [], errors);
      const numbers = this.data.issues
        .filter((i) => i.projectKey === project.key)
        .map((i) => Number(i.key.split('-').pop()));
      const id = String(
        Math.max(10199, ...this.data.issues.map((i) => Number(i.id)).filter(Number.isFinite)) + 1,
      );
      const issue: FakeIssue = {
        id,
        key: `${project.key}-${Math.max(0, ...numbers) + 1}`,
        projectKey: project.key,
        summary: String(fields.summary),
        status: 'To Do',
        statusCategory: 'new',
        assignee: null,
        dueDate: typeof fields.duedate === 'string' ? fields.duedate : null,
        issueType: issueTypeRef?.name ?? 'Task',
        updated: new Date().toISOString(),
        description,
        fixVersions: [],
        comments: [],
      };
      this.data.issues.push(issue);
      return {
        status: 201,
        body: {
          id: issue.id,
          key: issue.key,
          self: `${call.base}/rest/api/${call.ctx.apiVersion}/issue/${issue.id}`,
        },
      };
    });
    on('PUT', api('/issue/([^/]+)'), (call, [key]) => {
      const issue = this.issue(key!);
      if (!issue) return jiraError(404, [ISSUE_MISSING]);
      const body = (call.body ?? {}) as {
        fields?: Record<string, unknown>;
        update?: Record<string, { set?: unknown }[]>;
      };
      const changes: Record<string, unknown> = { ...body.fields };
      for (const [field, operations] of Object.entries(body.update ?? {})) {
        for (const operation of Array.isArray(operations) ? operations : [])
          if ('set' in operation) changes[field] = operation.set;
      }
      const errors: Record<string, string> = {};
      const next = { ...issue };
      for (const [field, value] of Object.entries(changes)) {
        if (field === 'summary') {
          if (typeof value === 'string' && value.trim()) next.summary = value;
          else errors.summary = 'You must specify a summary of the issue.';
        } else if (field === 'description') {
          const rich = this.richInput(call.ctx, value, 'description');
          if (rich.ok) next.description = rich.value;
          else errors.description = ADF_REQUIRED;
        } else if (field === 'duedate') {
          if (value === null || (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)))
            next.dueDate = value;
          else errors.duedate = "Error parsing date string: expected 'yyyy-MM-dd'";
        } else {
          errors[field] = `Field '${field}' cannot be set. It is not on the appropriate screen, or unknown.`;
        }
      }
      if (Object.keys(errors).length > 0) return jiraError(400, [], errors);
      Object.assign(issue, next);
      this.touch(issue);
      if (call.query.get('returnIssue') === 'true')
        return { status: 200, body: this.fullIssue(call.ctx, issue, [], '*all') };
      return { status: 204 };
    });

    on('GET', api('/issue/([^/]+)/transitions'), ({ ctx }, [key]) => {
      const issue = this.issue(key!);
      if (!issue) return jiraError(404, [ISSUE_MISSING]);
      return {
        status: 200,
        body: {
          expand: 'transitions',
          transitions: TRANSITIONS.map((t) => ({
            id: t.id,
            name: t.name,
            to: statusBean(ctx, t.status, t.statusCategory),
            hasScreen: false,
            isGlobal: true,
            isInitial: false,
            isAvailable: true,
            isConditional: false,
            isLooped: false,
          })),
        },
      };
    });
    on('POST', api('/issue/([^/]+)/transitions'), (call, [key]) => {
      const issue = this.issue(key!);
      if (!issue) return jiraError(404, [ISSUE_MISSING]);
      const body = (call.body ?? {}) as {
        transition?: { id?: unknown };
        update?: { comment?: { add?: { body?: unknown } }[] };
      };
      const id = body.transition?.id;
      if (id === undefined) return jiraError(400, ["'id' or 'name' of the transition is required"]);
      const transition = TRANSITIONS.find((t) => t.id === String(id));
      if (!transition) return jiraError(400, [`Transition id '${String(id)}' is not valid for this issue.`]);
      const comments: unknown[] = [];
      for (const entry of body.update?.comment ?? []) {
        const rich = this.richInput(call.ctx, entry.add?.body, 'comment');
        if (!rich.ok) return rich.reply;
        comments.push(rich.value);
      }
      issue.status = transition.status;
      issue.statusCategory = transition.statusCategory;
      for (const comment of comments) this.addComment(issue, comment);
      this.touch(issue);
      return { status: 204 };
    });

    on('GET', api('/issue/([^/]+)/comment'), (call, [key]) => {
      const issue = this.issue(key!);
      if (!issue) return jiraError(404, [ISSUE_MISSING]);
      const page = this.startAtPage(
        call,
        issue.comments.map((c) => commentBean(call.ctx, issue, c, this.me(call.ctx))),
      );
      return {
        status: 200,
        body: {
          startAt: page.startAt,
          maxResults: page.maxResults,
          total: page.total,
          comments: page.values,
        },
      };
    });
    on('POST', api('/issue/([^/]+)/comment'), (call, [key]) => {
      const issue = this.issue(key!);
      if (!issue) return jiraError(404, [ISSUE_MISSING]);
      const rich = this.richInput(
        call.ctx,
        (call.body as { body?: unknown } | undefined)?.body ?? null,
        'comment',
      );
      if (!rich.ok) return rich.reply;
      if (rich.value === null) return jiraError(400, [], { comment: 'Comment body can not be empty!' });
      const comment = this.addComment(issue, rich.value);
      this.touch(issue);
      return { status: 201, body: commentBean(call.ctx, issue, comment, this.me(call.ctx)) };
    });

    on('GET', /^\/rest\/servicedeskapi\/servicedesk$/, (call) => ({
      status: 200,
      body: this.deskPage(
        call,
        this.data.serviceDesks.map((d) => ({
          ...d,
          _links: { self: `${call.base}/rest/servicedeskapi/servicedesk/${d.id}` },
        })),
      ),
    }));
    on('GET', /^\/rest\/servicedeskapi\/request$/, (call) => {
      const deskId = call.query.get('serviceDeskId');
      if (deskId && !this.data.serviceDesks.some((d) => d.id === deskId)) {
        return deskError(
          404,
          'The service desk does not exist or you do not have permission to see it.',
          'sd.service.desk.not.found',
        );
      }
      const desks = this.data.serviceDesks.filter((d) => !deskId || d.id === deskId);
      const requests = desks.flatMap((desk) =>
        this.data.issues
          .filter((issue) => issue.projectKey === desk.projectKey)
          .map((issue) => this.customerRequest(call, desk.id, issue)),
      );
      return { status: 200, body: this.deskPage(call, requests) };
    });

    on('GET', /^\/browse\/([^/]+)$/, (_call, [key]) => {
      const issue = this.issue(key!);
      if (!issue)
        return { status: 404, html: page('Issue not found', `<p>${escapeHtml(key!)} does not exist.</p>`) };
      return {
        status: 200,
        html: page(
          `${issue.key}: ${issue.summary}`,
          `<dl><dt>Status</dt><dd>${escapeHtml(issue.status)}</dd><dt>Assignee</dt><dd>${escapeHtml(issue.assignee ?? 'Unassigned')}</dd>` +
            `<dt>Due</dt><dd>${escapeHtml(issue.dueDate ?? '—')}</dd><dt>Type</dt><dd>${escapeHtml(issue.issueType)}</dd></dl>`,
        ),
      };
    });
    on(
      'GET',
      /^\/projects\/([^/]+)\/versions\/([^/]+)(?:\/tab\/release-report-all-issues)?$/,
      (_call, [key, id]) => {
        const project = this.project(key!);
        const version = this.data.versions.find((v) => v.id === id && v.projectId === project?.id);
        if (!project || !version)
          return {
            status: 404,
            html: page('Release not found', `<p>No release ${escapeHtml(id!)} in ${escapeHtml(key!)}.</p>`),
          };
        const issues = this.data.issues.filter((i) => i.fixVersions.includes(version.id));
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
      },
    );
    on('GET', /^\/secure\/RapidBoard\.jspa$/, (call) => {
      const board = this.data.boards.find((b) => String(b.id) === call.query.get('rapidView'));
      if (!board) return { status: 404, html: page('Board not found', '<p>No such board.</p>') };
      const issues = this.data.issues.filter((i) => i.projectKey === board.projectKey);
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
    });
    return routes;
  }

  private customerRequest(call: Call, serviceDeskId: string, issue: FakeIssue): Record<string, unknown> {
    const reporter = 'Fahrplan Integration';
    const created = new Date(Date.parse(issue.updated) - 14 * 86_400_000).toISOString();
    return {
      _expands: [
        'participant',
        'status',
        'sla',
        'requestType',
        'serviceDesk',
        'attachment',
        'action',
        'comment',
      ],
      issueId: issue.id,
      issueKey: issue.key,
      requestTypeId: '1',
      serviceDeskId,
      createdDate: sdDate(created),
      reporter: {
        accountId: (userBean(call.ctx, reporter).accountId as string | undefined) ?? 'fahrplan',
        displayName: reporter,
        active: true,
        timeZone: 'Etc/UTC',
        _links: { self: `${call.base}/rest/api/2/user?accountId=fahrplan` },
      },
      requestFieldValues: [{ fieldId: 'summary', label: 'What do you need?', value: issue.summary }],
      currentStatus: {
        status: issue.status,
        statusCategory: issue.statusCategory.toUpperCase(),
        statusDate: sdDate(issue.updated),
      },
      _links: {
        jiraRest: `${call.base}/rest/api/2/issue/${issue.id}`,
        web: `${call.base}/servicedesk/customer/portal/${serviceDeskId}/${issue.key}`,
        self: `${call.base}/rest/servicedeskapi/request/${issue.id}`,
      },
    };
  }
}

function encodeToken(token: { jql: string; offset: number }): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeToken(raw: string): { jql: string; offset: number } | null {
  try {
    const token = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as {
      jql?: unknown;
      offset?: unknown;
    };
    if (typeof token.jql === 'string' && typeof token.offset === 'number')
      return { jql: token.jql, offset: token.offset };
  } catch {
    // fall through: Jira answers 400 for a token it did not issue
  }
  return null;
}

function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><p><em>Fahrplan fake Jira</em></p><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  if (res.destroyed) return;
  res.writeHead(status, headers);
  res.end(body);
}

/** A body an outer framework already parsed (the demo mounts the fake inside Nest), else the raw stream. */
async function readBody(req: IncomingMessage): Promise<unknown> {
  const parsed = (req as IncomingMessage & { body?: unknown }).body;
  if (parsed !== undefined) return typeof parsed === 'string' ? parsed : JSON.stringify(parsed);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The fake as a request handler, to mount under a path prefix inside another server (the demo). */
export function fakeTrackerHandler(
  options: FakeTrackerOptions & { prefix: string },
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const core = new FakeTrackerCore(options, options.data ?? fakeTrackerDemoData());
  const prefix = options.prefix.replace(/\/+$/, '');
  return (req, res, next) => {
    // Express-style mounting (app.use(prefix, handler)) strips the prefix from req.url but keeps originalUrl.
    const url = new URL(
      (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/',
      'http://fake',
    );
    if (prefix && url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) {
      next();
      return;
    }
    const path = url.pathname.slice(prefix.length) || '/';
    core.handle(req, res, path, url.search, prefix).catch(() => {
      if (!res.headersSent)
        send(
          res,
          500,
          { 'content-type': 'application/json' },
          JSON.stringify({ errorMessages: ['Internal server error.'], errors: {} }),
        );
    });
  };
}

/** A fake Jira on its own port: a real HTTP server for tests and local runs. */
export async function startFakeTracker(options: FakeTrackerOptions = {}): Promise<FakeTracker> {
  const core = new FakeTrackerCore(options, options.data ?? fakeTrackerDemoData());
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = options.port ?? 0;

  const listen = async () => {
    const next = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      // No pooled connections: while down, every request then meets a refused connection, as after a real outage.
      res.setHeader('connection', 'close');
      core.handle(req, res, url.pathname, url.search, '').catch(() => {
        if (!res.headersSent)
          send(
            res,
            500,
            { 'content-type': 'application/json' },
            JSON.stringify({ errorMessages: ['Internal server error.'], errors: {} }),
          );
      });
    });
    next.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.address() as AddressInfo).port;
    server = next;
  };
  const stop = async () => {
    const current = server;
    if (!current) return;
    server = null;
    const closed = new Promise<void>((resolve) => current.close(() => resolve()));
    // Keep-alive and slow (delayed) connections would hold close() open.
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  await listen();
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    data: core.data,
    requests: core.requests,
    validationProblems: core.validationProblems,
    fail: (match, fault) => core.fail(match, fault),
    clearFaults: () => core.clearFaults(),
    down: stop,
    up: async () => {
      if (!server) await listen();
    },
    close: stop,
  };
}
