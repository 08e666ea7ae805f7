import { describeTrackerError, TrackerError, trackerMessageOf } from './tracker-error';
import { isExperimentalOperation } from './experimental';
import { parseBaseUrl } from './transport';

const base = 'https://x.example.net';
const request = { method: 'GET', path: '/rest/api/3/myself', baseUrl: base };

describe('describeTrackerError', () => {
  it('names the credentials to check on 401, by authentication mode', () => {
    const answer = { ...request, status: 401, statusText: 'Unauthorized' };
    expect(
      describeTrackerError(new TrackerError('unauthorized', { ...answer, authMode: 'basic' }), base),
    ).toEqual({
      code: 'unauthorized',
      status: 401,
      statusText: 'Unauthorized',
      message:
        'The tracker at https://x.example.net answered 401 Unauthorized to GET /rest/api/3/myself: check the e-mail address and API token.',
    });
    expect(
      describeTrackerError(new TrackerError('unauthorized', { ...answer, authMode: 'pat' }), base).message,
    ).toMatch(/: check the personal access token/);
    expect(
      describeTrackerError(new TrackerError('unauthorized', { ...answer, authMode: 'bearer' }), base).message,
    ).toMatch(/: check the OAuth access token/);
  });

  it("quotes the tracker's own message on 404 and names the missing thing", () => {
    const error = new TrackerError('not_found', {
      method: 'GET',
      path: '/rest/api/3/issue/A-9',
      status: 404,
      statusText: 'Not Found',
      body: { errorMessages: ['Issue does not exist or you do not have permission to see it.'], errors: {} },
    });
    expect(describeTrackerError(error, base).message).toBe(
      'The tracker at https://x.example.net answered 404 Not Found to GET /rest/api/3/issue/A-9 ("Issue does not exist or you do not have permission to see it."): it does not exist or the account cannot see it.',
    );
  });

  it('reads a 404 of serverInfo as a wrong base URL', () => {
    const error = new TrackerError('not_found', {
      method: 'GET',
      path: '/rest/api/2/serverInfo',
      status: 404,
      statusText: 'Not Found',
    });
    expect(describeTrackerError(error, 'https://jira.example.com').message).toMatch(/check the base URL/);
  });

  it('points a 410 of the old search at /search/jql', () => {
    const error = new TrackerError('gone', {
      method: 'GET',
      path: '/rest/api/3/search',
      status: 410,
      statusText: 'Gone',
    });
    expect(describeTrackerError(error, base).message).toBe(
      'The tracker at https://x.example.net answered 410 Gone to GET /rest/api/3/search: the tracker has removed this endpoint (cloud sites search with /rest/api/3/search/jql).',
    );
  });

  it('says when to try again after 429 and how often it tried', () => {
    const error = new TrackerError('rate_limited', {
      ...request,
      status: 429,
      statusText: 'Too Many Requests',
      retryAfterMs: 30_000,
      attempts: 3,
    });
    expect(describeTrackerError(error, base).message).toBe(
      'The tracker at https://x.example.net answered 429 Too Many Requests to GET /rest/api/3/myself (3 attempts): it is limiting the request rate; try again in 30 s.',
    );
  });

  it('reports 5xx with the service-desk error body', () => {
    const error = new TrackerError('server', {
      method: 'GET',
      path: '/rest/servicedeskapi/servicedesk',
      status: 500,
      statusText: 'Internal Server Error',
      body: { errorMessage: 'Database down', i18nErrorMessage: { i18nKey: 'x', parameters: [] } },
      attempts: 4,
    });
    expect(describeTrackerError(error, base).message).toBe(
      'The tracker at https://x.example.net answered 500 Internal Server Error to GET /rest/servicedeskapi/servicedesk (4 attempts) ("Database down"): the tracker failed; try again later.',
    );
  });

  it('describes failures without an answer', () => {
    expect(
      describeTrackerError(
        new TrackerError('unreachable', { reason: 'ECONNREFUSED' }),
        'https://jira.example.com:8443',
      ).message,
    ).toBe('Could not reach jira.example.com:8443 (connection refused).');
    expect(describeTrackerError(new TrackerError('unreachable', { reason: 'ENOTFOUND' }), base).message).toBe(
      'Could not reach x.example.net (no such host).',
    );
    expect(describeTrackerError(new TrackerError('timeout', { timeoutMs: 15_000 }), base).message).toBe(
      'The tracker did not answer within 15 s.',
    );
    expect(describeTrackerError(new TrackerError('timeout', { timeoutMs: 250 }), base).message).toBe(
      'The tracker did not answer within 0.3 s.',
    );
  });

  it('describes a body that is not JSON', () => {
    const error = new TrackerError('malformed', { ...request, status: 200, statusText: 'OK' });
    expect(describeTrackerError(error, base)).toEqual({
      code: 'malformed',
      status: 200,
      statusText: 'OK',
      message: "The tracker's answer to GET /rest/api/3/myself was not valid JSON.",
    });
  });

  it("gives §8's message for a host without a scheme", () => {
    const error = new TrackerError('host_url');
    expect(error.message).toBe("Couldn't parse the host URL");
    expect(describeTrackerError(error, 'jira.example.com')).toEqual({
      code: 'host_url',
      status: null,
      statusText: null,
      message: "Couldn't parse the host URL",
    });
  });

  it('wraps an unexpected error', () => {
    expect(describeTrackerError(new Error('boom'), base)).toMatchObject({ code: 'internal', status: null });
  });

  it('uses the sentence as the error message too', () => {
    const error = new TrackerError('forbidden', {
      ...request,
      status: 403,
      statusText: 'Forbidden',
      authMode: 'basic',
    });
    expect(error.message).toBe(describeTrackerError(error, base).message);
    expect(error.message).toMatch(/403 Forbidden to GET \/rest\/api\/3\/myself: the account may not do this/);
  });
});

describe('trackerMessageOf', () => {
  it('joins errorMessages and field errors', () => {
    expect(trackerMessageOf({ errorMessages: ['Bad JQL'], errors: { summary: 'required' } })).toBe(
      'Bad JQL; summary: required',
    );
  });

  it('gives null for bodies without a message', () => {
    expect(trackerMessageOf('<html>')).toBeNull();
    expect(trackerMessageOf({ errorMessages: [], errors: {} })).toBeNull();
  });
});

describe('parseBaseUrl', () => {
  it.each([
    ['https://jira.example.com/', 'https://jira.example.com'],
    ['  http://jira.example.com:8080/jira// ', 'http://jira.example.com:8080/jira'],
    ['HTTPS://Jira.Example.com', 'https://jira.example.com'],
  ])('accepts %p', (text, expected) => {
    expect(parseBaseUrl(text)).toBe(expected);
  });

  it.each([
    ['jira.example.com'],
    ['jira.example.com:8443'],
    ['ftp://jira.example.com'],
    ['https://'],
    ['https://user:pw@jira.example.com'],
    ['https://jira.example.com?x=1'],
    [''],
  ])('refuses %p with "Couldn\'t parse the host URL"', (text) => {
    expect(() => parseBaseUrl(text)).toThrow(
      expect.objectContaining({ code: 'host_url', message: "Couldn't parse the host URL" }),
    );
  });
});

describe('isExperimentalOperation', () => {
  it('matches the service-desk operations the OpenAPI document marks experimental', () => {
    expect(isExperimentalOperation('GET', '/rest/servicedeskapi/requesttype')).toBe(true);
    expect(isExperimentalOperation('GET', '/rest/servicedeskapi/servicedesk/4/customer')).toBe(true);
    expect(isExperimentalOperation('DELETE', '/rest/servicedeskapi/request/SD-1/feedback')).toBe(true);
  });

  it('leaves the stable ones alone', () => {
    expect(isExperimentalOperation('GET', '/rest/servicedeskapi/servicedesk')).toBe(false);
    expect(isExperimentalOperation('GET', '/rest/servicedeskapi/request')).toBe(false);
    expect(isExperimentalOperation('GET', '/rest/servicedeskapi/servicedesk/4/requesttype')).toBe(false);
  });
});
