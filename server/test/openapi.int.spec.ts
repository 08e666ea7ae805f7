import { request } from 'node:http';
import { commandCatalogue } from '@fahrplan/contracts';
import { asOfRoutes, scenarioRoutes } from '@fahrplan/projection-service';
import { caughtUp, startPlatform } from '../src/testing/platform';
import type { Body, Platform } from '../src/testing/platform';

let platform: Platform;
let doc: Body;

beforeAll(async () => {
  platform = await startPlatform();
  doc = (await platform.api.get('/api/openapi.json')).body;
}, 30_000);

afterAll(async () => {
  await platform?.stop();
});

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of the document as [method, path, operation]. */
const operations = (): [string, string, Body][] =>
  Object.entries(doc.paths as Record<string, Body>).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Body>)
      .filter(([method]) => methods.includes(method))
      .map(([method, operation]): [string, string, Body] => [method, path, operation]),
  );

const queries = () => operations().filter(([method, path]) => method === 'get' && path.startsWith('/api/'));
/** The queries that document query parameter `name`, sorted. */
const documentedWith = (name: string) =>
  queries()
    .filter(([, , operation]) => ((operation.parameters ?? []) as Body[]).some((p) => p.name === name))
    .map(([, path]) => path)
    .sort();
/** The queries whose paths `routes` matches, sorted. */
const queriesOn = (routes: RegExp) =>
  queries()
    .map(([, path]) => path)
    .filter((path) => routes.test(path))
    .sort();

/** The routes Nest registered on Express, as `METHOD /path/{param}`. */
const registeredRoutes = (): string[] => {
  const express = platform.embedded.app.getHttpAdapter().getInstance();
  const layers = (express.router ?? express._router).stack as {
    route?: { path: string; methods: Record<string, boolean> };
  }[];
  return layers.flatMap(({ route }) =>
    route
      ? Object.keys(route.methods).map(
          (method) => `${method.toUpperCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`,
        )
      : [],
  );
};

describe('GET /api/health', () => {
  it('answers without a token: ok and the position the projections reached', async () => {
    await caughtUp(platform.embedded);

    const { status, body } = await platform.api.get('/api/health');

    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      service: 'embedded',
      position: await platform.embedded.store.headPosition(),
    });
    expect(body.position).toBeGreaterThan(0);
  });
});

describe('GET /api/ready', () => {
  it('answers 200 when the event store answers and the read models caught up, naming each check', async () => {
    const { status, body } = await platform.api.get('/api/ready');

    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      position: expect.any(Number),
      head: await platform.embedded.store.headPosition(),
      service: 'embedded',
      checks: { eventStore: 'ok', catchUp: 'ok' },
    });
  });
});

describe('GET /api/asyncapi.json', () => {
  it('is the AsyncAPI 3 document of the planning-events topic, served without a token', async () => {
    const { status, body } = await platform.api.get('/api/asyncapi.json');

    expect(status).toBe(200);
    expect(body.asyncapi).toMatch(/^3\.\d+\.\d+$/);
    expect(Object.keys(body.channels).length).toBeGreaterThan(0);
    expect(JSON.stringify(body.channels)).toContain('fahrplan.planning-events.v1');
  });
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document, served without a token', async () => {
    const reply = await platform.api.get('/api/openapi.json');

    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toEqual(
      expect.objectContaining({ title: expect.any(String), version: expect.any(String) }),
    );
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('documents every command of the catalogue with its request schema and its answers', () => {
    for (const [type, definition] of Object.entries(commandCatalogue)) {
      const operation = doc.paths[`/api/commands/${type}`]?.post;
      expect({ type, documented: Boolean(operation) }).toEqual({ type, documented: true });
      expect(operation.summary).toBe(definition.summary);
      expect(operation.security).toEqual([{ bearer: [] }]);
      expect(operation.requestBody.content['application/json'].schema).toMatchObject({ type: 'object' });
      expect(Object.keys(operation.responses).sort()).toEqual([
        '200',
        '400',
        '401',
        '403',
        '404',
        '409',
        '422',
      ]);
      expect(operation.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header' })]),
      );
    }
    // besides the commands, only the preview of a Reschedule (issue 21), which is no command of its own
    const commandPaths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/commands/'));
    expect(commandPaths.sort()).toEqual(
      [
        ...Object.keys(commandCatalogue).map((t) => `/api/commands/${t}`),
        '/api/commands/Reschedule/preview',
      ].sort(),
    );
  });

  it('generates the request schemas from the contracts: limits and unknown fields included', () => {
    const schema =
      doc.paths['/api/commands/SaveApplication'].post.requestBody.content['application/json'].schema;

    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.name).toMatchObject({ type: 'string', maxLength: 200 });
    expect(schema.properties.status.anyOf ?? [schema.properties.status]).toEqual(
      expect.arrayContaining([expect.objectContaining({ enum: expect.arrayContaining(['PRODUKTIV']) })]),
    );
    const comment =
      doc.paths['/api/commands/CreateComment'].post.requestBody.content['application/json'].schema;
    expect(comment.properties.description).toMatchObject({ maxLength: 2000 });
    expect(comment.required).toEqual(expect.arrayContaining(['refType', 'refId', 'description']));
  });

  it('documents the query paths, with their parameters', () => {
    const paging = ['limit', 'cursor'];
    const queries: Record<string, string[]> = {
      '/api/me': [],
      '/api/applications': ['q', 'status', 'id', 'sort', ...paging],
      '/api/applications/{idOrName}': ['idOrName'],
      '/api/applications/{id}/projects': ['id', ...paging],
      '/api/groups': [
        'q',
        'status',
        'phase',
        'health',
        'resource',
        'application',
        'parent',
        'id',
        'shared',
        'sort',
        ...paging,
      ],
      '/api/groups/{idOrName}': ['idOrName'],
      '/api/groups/{idOrName}/goals': ['idOrName'],
      '/api/goals': [...paging],
      '/api/shares': ['direction', 'status', ...paging],
      '/api/comments': ['refType', 'refId', ...paging],
      '/api/accounts/{id}': ['id'],
      '/api/calendar/working-days': ['from', 'to'],
      '/api/items': ['group', 'q', 'sort', ...paging],
      '/api/items/{idOrName}': ['idOrName'],
      '/api/resources': ['q', 'id', ...paging],
      '/api/admin/users': ['q', ...paging],
      '/api/timeline': [
        'from',
        'to',
        'group',
        'status',
        'resource',
        'application',
        'limit',
        'cursor',
        'detail',
      ],
    };
    for (const [path, parameters] of Object.entries(queries)) {
      const operation = doc.paths[path]?.get;
      expect({ path, documented: Boolean(operation) }).toEqual({ path, documented: true });
      const names = (operation.parameters as Body[]).map((p) => p.name);
      expect(names).toEqual(expect.arrayContaining([...parameters, 'X-Fahrplan-After']));
      expect(operation.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
      // a list answers a page (issue 17) of typed records; the timeline's page of rows has a shape of its own
      if (parameters.includes('cursor') && path !== '/api/timeline')
        expect({ path, schema: operation.responses['200'].content['application/json'].schema }).toMatchObject(
          {
            path,
            schema: {
              required: expect.arrayContaining(['items', 'nextCursor']),
              properties: {
                items: { type: 'array', items: { type: 'object', properties: expect.any(Object) } },
                nextCursor: { type: ['string', 'null'] },
              },
            },
          },
        );
    }
  });

  it('declares the body of every JSON answer of a query, from the schemas of contracts/ (issue 18)', () => {
    const undeclared = Object.entries(doc.paths as Record<string, Body>).flatMap(([path, item]) => {
      const ok = item.get?.security ? item.get.responses['200'].content?.['application/json'] : undefined;
      return ok && !(ok.schema?.properties ?? ok.schema?.items?.properties) ? [path] : [];
    });

    expect(undeclared).toEqual([]);
    expect(
      doc.paths['/api/applications'].get.responses['200'].content['application/json'].schema,
    ).toMatchObject({
      properties: {
        items: { items: { properties: { assetNr: {}, parentName: { type: ['string', 'null'] } } } },
      },
    });
  });

  it('declares a body for every answer that has one: the session, health, readiness, OIDC and the tracker test too (issue 18)', () => {
    const bodiless = Object.entries(doc.paths as Record<string, Record<string, Body>>).flatMap(
      ([path, item]) =>
        Object.entries(item).flatMap(([method, operation]) => {
          const success = Object.entries(operation.responses as Record<string, Body>).filter(([status]) =>
            status.startsWith('2'),
          );
          const declared = success.some(([, answer]) =>
            Object.values((answer.content ?? {}) as Record<string, Body>).some((media) => media.schema),
          );
          // 204 has no body, and a redirect (302) no success answer
          return declared || success.every(([status]) => status === '204') ? [] : [`${method} ${path}`];
        }),
    );
    expect(bodiless).toEqual([]);
    const session = doc.paths['/api/auth/login'].post.responses['200'].content['application/json'].schema;
    expect(session).toMatchObject({ properties: { accessToken: {}, expiresIn: {}, me: {} } });
    expect(doc.paths['/api/ready'].get.responses['503'].content['application/json'].schema).toMatchObject({
      anyOf: [
        { properties: { status: { const: 'catching-up' } } },
        { properties: { status: { const: 'not ready' } } },
      ],
    });
  });

  it('documents the limit and the sort keys of the lists (issue 17)', () => {
    const parameter = (path: string, name: string) =>
      (doc.paths[path].get.parameters as Body[]).find((p) => p.name === name)!;
    expect(parameter('/api/groups', 'limit').schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 1000,
      default: 100,
    });
    expect(parameter('/api/groups', 'sort').schema).toMatchObject({
      default: 'title',
      enum: expect.arrayContaining(['title', '-title', 'priority', '-priority', 'start', '-end', 'status']),
    });
    expect(parameter('/api/applications', 'sort').schema).toMatchObject({
      default: 'name',
      enum: expect.arrayContaining(['name', '-name', 'vendor', '-end']),
    });
    expect(parameter('/api/items', 'sort').schema).toMatchObject({
      default: 'rank',
      enum: ['rank', '-rank', 'title', '-title'],
    });
    expect(parameter('/api/shares', 'direction').required).toBe(true);
  });

  it('documents asOf on exactly the queries that answer as of an instant, and the history routes (issue 8)', () => {
    const withAsOf = documentedWith('asOf');
    // the interceptor's own list of routes that honour asOf: the document and the server agree
    expect(withAsOf).toEqual(queriesOn(asOfRoutes));
    expect(withAsOf).toEqual(
      expect.arrayContaining([
        '/api/groups',
        '/api/groups/{idOrName}',
        '/api/items/{idOrName}',
        '/api/timeline',
      ]),
    );
    expect(withAsOf).not.toContain('/api/me');
    const history = doc.paths['/api/history/{category}/{id}']?.get;
    expect(((history?.parameters ?? []) as Body[]).map((p) => p.name)).toEqual(
      expect.arrayContaining(['category', 'id', 'limit', 'cursor', 'field', 'user']),
    );
    for (const path of ['/api/history/group/{id}/export.csv', '/api/history/group/{id}/events.json'])
      expect({ path, documented: Boolean(doc.paths[path]?.get) }).toEqual({ path, documented: true });
  });

  it('documents scenario on exactly the plan queries that answer for a scenario, and the diff (issue 22)', () => {
    const withScenario = documentedWith('scenario');
    expect(withScenario).toEqual(queriesOn(scenarioRoutes));
    expect(withScenario).toEqual(
      expect.arrayContaining([
        '/api/groups',
        '/api/items/{idOrName}',
        '/api/timeline',
        '/api/schedule/critical-path',
      ]),
    );
    expect(withScenario).not.toContain('/api/scenarios/{id}/diff');
    const diff = doc.paths['/api/scenarios/{id}/diff']?.get;
    expect(((diff?.parameters ?? []) as Body[]).map((p) => p.name)).toEqual(
      expect.arrayContaining(['id', 'against', 'milestones']),
    );
  });

  it('documents every route the server has, and no route it does not have', () => {
    const documented = operations().map(([method, path]) => `${method.toUpperCase()} ${path}`);
    const routes = registeredRoutes();
    const asRoute = (operation: string) =>
      operation.replace(/^POST \/api\/commands\/\w+$/, 'POST /api/commands/{type}');

    expect(routes.length).toBeGreaterThan(10);
    // The document does not describe itself.
    expect(
      routes.filter((route) => route !== 'GET /api/openapi.json' && !documented.map(asRoute).includes(route)),
    ).toEqual([]);
    expect(documented.filter((operation) => !routes.includes(asRoute(operation)))).toEqual([]);
  });

  it('is well formed: path parameters declared, every answer described, every $ref resolvable', () => {
    for (const [method, path, operation] of operations()) {
      const where = `${method} ${path}`;
      const declared = ((operation.parameters ?? []) as Body[]).filter((p) => p.in === 'path');
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect({ where, path: declared.map((p) => p.name).sort() }).toEqual({ where, path: templated.sort() });
      for (const parameter of declared)
        expect({ where, required: parameter.required }).toEqual({ where, required: true });
      expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
      for (const [code, response] of Object.entries(operation.responses as Record<string, Body>)) {
        expect({ where, code, description: typeof response.description }).toEqual({
          where,
          code,
          description: 'string',
        });
      }
    }
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\//);
      const target = ref
        .slice(2)
        .split('/')
        .reduce<Body>((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
      expect({ ref, resolved: target !== undefined }).toEqual({ ref, resolved: true });
    }
  });
});

describe('the rest of /api', () => {
  it('answers an unknown path with a 404 problem', async () => {
    const reply = await platform.api.get('/api/no-such-thing', platform.admin);

    expect(reply.status).toBe(404);
    expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(reply.body).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it('answers a method a path does not have with a 405 problem naming the methods it has', async () => {
    // fetch refuses to send TRACE: node:http does
    const trace = await new Promise<{ status?: number; allow?: string }>((done, fail) =>
      request(`${platform.api.baseUrl}/api/applications`, { method: 'TRACE' }, (response) => {
        response.resume();
        done({ status: response.statusCode, allow: response.headers.allow });
      })
        .on('error', fail)
        .end(),
    );
    expect(trace).toEqual({ status: 405, allow: 'GET, HEAD' });
    for (const method of ['PATCH', 'PUT', 'DELETE']) {
      const reply = await platform.api.send(method, '/api/applications', { token: platform.admin });

      expect({ method, status: reply.status, allow: reply.headers.get('allow') }).toEqual({
        method,
        status: 405,
        allow: 'GET, HEAD',
      });
      expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    // a HEAD of a path with a GET passes on to that GET's route
    expect((await platform.api.send('HEAD', '/api/applications', { token: platform.admin })).status).toBe(
      200,
    );
    const get = await platform.api.get('/api/commands/SaveItem', platform.admin);
    expect({ status: get.status, allow: get.headers.get('allow') }).toEqual({ status: 405, allow: 'POST' });
    expect((await platform.api.send('PATCH', '/api/no-such-thing', { token: platform.admin })).status).toBe(
      404,
    );
  });

  it('refuses an X-Fahrplan-After that names no position with a 400', async () => {
    for (const after of ['abc', '-1', '1.5', ''])
      expect({
        after,
        status: (await platform.api.get('/api/me', platform.admin, { 'X-Fahrplan-After': after })).status,
      }).toEqual({ after, status: 400 });
    expect((await platform.api.get('/api/me', platform.admin, { 'X-Fahrplan-After': '0' })).status).toBe(200);
  });

  it('answers a path that cannot be decoded with a 400 problem', async () => {
    const reply = await platform.api.get('/api/applications/%E0%A4%A', platform.admin);

    expect(reply.status).toBe(400);
    expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});
