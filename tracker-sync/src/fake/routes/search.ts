import type { FakeState } from '../fake-state';
import { jiraError, noResource, SEARCH_REMOVED } from '../replies';
import { api, intParam, listParam, ok, route, stringList } from '../route';
import type { Call, Reply, Route } from '../route';

/** The issue searches: Cloud's /search/jql with page tokens, and the startAt /search that only Data Center keeps. */
export function searchRoutes(fake: FakeState): Route[] {
  const cloudOnly =
    (handle: Route['handle']): Route['handle'] =>
    (call, params) =>
      fake.flavour === 'cloud' ? handle(call, params) : noResource(call.base, call.path);
  return [
    route(
      'GET',
      api('/search/jql'),
      cloudOnly((call) =>
        searchJql(fake, call, {
          jql: call.query.get('jql') ?? '',
          nextPageToken: call.query.get('nextPageToken') ?? undefined,
          maxResults: intParam(call.query, 'maxResults'),
          fields: listParam(call.query, 'fields'),
        }),
      ),
    ),
    route(
      'POST',
      api('/search/jql'),
      cloudOnly((call) => {
        const body = (call.body ?? {}) as {
          jql?: unknown;
          nextPageToken?: unknown;
          maxResults?: unknown;
          fields?: unknown;
        };
        return searchJql(fake, call, { ...body, fields: stringList(body.fields) });
      }),
    ),
    route('GET', api('/search'), (call) =>
      oldSearch(fake, call, {
        jql: call.query.get('jql') ?? '',
        startAt: intParam(call.query, 'startAt'),
        maxResults: intParam(call.query, 'maxResults'),
        fields: listParam(call.query, 'fields'),
      }),
    ),
    route('POST', api('/search'), (call) => {
      const body = (call.body ?? {}) as {
        jql?: unknown;
        startAt?: unknown;
        maxResults?: unknown;
        fields?: unknown;
      };
      return oldSearch(fake, call, {
        jql: typeof body.jql === 'string' ? body.jql : '',
        startAt: typeof body.startAt === 'number' ? body.startAt : undefined,
        maxResults: typeof body.maxResults === 'number' ? body.maxResults : undefined,
        fields: stringList(body.fields),
      });
    }),
  ];
}

function searchJql(
  fake: FakeState,
  call: Call,
  input: { jql?: unknown; nextPageToken?: unknown; maxResults?: unknown; fields: string[] },
): Reply {
  const jql = typeof input.jql === 'string' ? input.jql : '';
  const { query, issues } = fake.search(jql);
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
  const size = fake.pageSize(typeof input.maxResults === 'number' ? input.maxResults : undefined);
  const slice = issues.slice(offset, offset + size);
  const isLast = offset + slice.length >= issues.length;
  return ok({
    issues: slice.map((issue) => fake.fullIssue(call.ctx, issue, input.fields, 'id')),
    ...(isLast ? {} : { nextPageToken: encodeToken({ jql, offset: offset + slice.length }) }),
    isLast,
  });
}

function oldSearch(
  fake: FakeState,
  call: Call,
  input: { jql: string; startAt?: number; maxResults?: number; fields: string[] },
): Reply {
  if (fake.flavour === 'cloud') return jiraError(410, [SEARCH_REMOVED]);
  const { issues } = fake.search(input.jql);
  const startAt = input.startAt ?? 0;
  const maxResults = fake.pageSize(input.maxResults);
  return ok({
    expand: 'schema,names',
    startAt,
    maxResults,
    total: issues.length,
    issues: issues
      .slice(startAt, startAt + maxResults)
      .map((issue) => fake.fullIssue(call.ctx, issue, input.fields, '*navigable')),
  });
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
