import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeState } from './fake-state';
import type { FakeFault, FakeRequest, FakeTrackerData, FakeTrackerOptions } from './fake-types';
import type { ShapeContext } from './jira-shapes';
import { JqlError } from './jql';
import {
  escapeHtml,
  FAULT_MESSAGES,
  familyError,
  jiraError,
  NOT_AUTHENTICATED,
  noResource,
  page,
} from './replies';
import type { Reply, Route } from './route';
import { agileRoutes } from './routes/agile';
import { issueRoutes } from './routes/issues';
import { platformRoutes } from './routes/platform';
import { searchRoutes } from './routes/search';
import { serviceDeskRoutes } from './routes/service-desk';
import { webRoutes } from './routes/web';

interface IncomingCall {
  method: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
  unparsable: boolean;
}

/** The fake's HTTP behaviour shared by the stand-alone server and the mountable handler: record, fault, authorize, route, answer. */
export class FakeTrackerCore {
  readonly requests: FakeRequest[] = [];
  readonly validationProblems: string[] = [];
  readonly data: FakeTrackerData;
  private faults: { method?: string; path: string | RegExp; fault: FakeFault; remaining: number }[] = [];
  private readonly state: FakeState;
  private readonly routes: Route[];

  constructor(
    private readonly options: FakeTrackerOptions,
    data: FakeTrackerData,
  ) {
    this.state = new FakeState(options, data);
    this.data = data;
    // First match wins, in this order (/project/search before /project/{idOrKey}).
    this.routes = [
      ...platformRoutes(this.state),
      ...agileRoutes(this.state),
      ...searchRoutes(this.state),
      ...issueRoutes(this.state),
      ...serviceDeskRoutes(this.state),
      ...webRoutes(this.state),
    ];
  }

  fail(match: { method?: string; path: string | RegExp }, fault: FakeFault): void {
    this.faults.push({ ...match, fault, remaining: fault.times ?? 1 });
  }

  clearFaults(): void {
    this.faults = [];
  }

  /** Answers one request; a failure inside the fake answers 500 rather than leaving the request hanging. */
  serve(req: IncomingMessage, res: ServerResponse, path: string, search: string, prefix: string): void {
    this.handle(req, res, path, search, prefix).catch(() => {
      if (!res.headersSent)
        send(
          res,
          500,
          { 'content-type': 'application/json' },
          JSON.stringify({ errorMessages: ['Internal server error.'], errors: {} }),
        );
    });
  }

  private async handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    search: string,
    prefix: string,
  ): Promise<void> {
    const { method, query, headers, body, unparsable } = await readCall(req, search);
    const recordedQuery: Record<string, string> = {};
    for (const name of new Set(query.keys())) recordedQuery[name] = query.getAll(name).join(',');
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
    if (this.state.flavour === 'datacenter' && path.startsWith('/rest/api/3/')) return noResource(base, path);
    const apiVersion = path.startsWith('/rest/api/3/') ? '3' : '2';
    const ctx: ShapeContext = { base, apiVersion, flavour: this.state.flavour };
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
}

/** The request's method, headers and body (JSON parsed where it says so). */
async function readCall(req: IncomingMessage, search: string): Promise<IncomingCall> {
  const method = (req.method ?? 'GET').toUpperCase();
  const query = new URLSearchParams(search);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  const raw = await readBody(req);
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
  return { method, query, headers, body, unparsable };
}

/** A body an outer framework already parsed (the demo mounts the fake inside Nest), else the raw stream. */
async function readBody(req: IncomingMessage): Promise<unknown> {
  const parsed = (req as IncomingMessage & { body?: unknown }).body;
  if (parsed !== undefined) return typeof parsed === 'string' ? parsed : JSON.stringify(parsed);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  if (res.destroyed) return;
  res.writeHead(status, headers);
  res.end(body);
}
