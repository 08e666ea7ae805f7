import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { defaultTrackerSpecsDir, loadTrackerSpecs } from './openapi-validator';
import type { TrackerExchange, TrackerSpecs } from './openapi-validator';

const json = 'application/json;charset=UTF-8';
const ok = (path: string, body: unknown, method = 'GET', status = 200): TrackerExchange => ({
  method,
  path,
  status,
  body,
  contentType: json,
});

describe('loadTrackerSpecs', () => {
  let specs: TrackerSpecs;
  let firstValidateMs: number;
  beforeAll(() => {
    specs = loadTrackerSpecs();
    const started = performance.now();
    specs.validateResponse(ok('/rest/api/3/search/jql', { issues: [], isLast: true }));
    firstValidateMs = performance.now() - started;
    process.stdout.write(
      `tracker OpenAPI documents: load ${specs.loadMs.toFixed(0)} ms, first /search/jql validation ${firstValidateMs.toFixed(0)} ms\n`,
    );
  });

  it('loads the four documents quickly enough for every test run', () => {
    expect(specs.loadMs).toBeLessThan(5000);
    expect(firstValidateMs).toBeLessThan(5000);
  });

  it('accepts Jira-shaped answers, extra properties included (the real service sends more than the documents list)', () => {
    const project = {
      id: '10000',
      key: 'SDESK',
      name: 'Service Desk Chatbot',
      entityId: 'not-in-the-schema',
    };
    expect(
      specs.validateResponse(
        ok('/rest/api/3/project/search', {
          startAt: 0,
          maxResults: 50,
          total: 1,
          isLast: true,
          values: [project],
        }),
      ),
    ).toEqual([]);
    expect(specs.validateResponse(ok('/rest/api/2/project', [project]))).toEqual([]);
    expect(
      specs.validateResponse(
        ok('/rest/agile/1.0/board', { isLast: true, values: [{ id: 1, name: 'b', type: 'scrum' }] }),
      ),
    ).toEqual([]);
    expect(
      specs.validateResponse(
        ok('/rest/servicedeskapi/servicedesk', {
          start: 0,
          limit: 50,
          size: 1,
          isLastPage: true,
          values: [{ id: '1', projectKey: 'SDESK' }],
        }),
      ),
    ).toEqual([]);
    expect(
      specs.validateResponse({
        method: 'PUT',
        path: '/rest/api/3/issue/SDESK-1',
        status: 204,
        body: undefined,
        contentType: '',
      }),
    ).toEqual([]);
  });

  it('rejects a project whose key is a number and a page whose isLast is a string', () => {
    const problems = specs.validateResponse(
      ok('/rest/api/3/project/search', { startAt: 0, isLast: 'yes', values: [{ id: '10000', key: 10000 }] }),
    );
    expect(problems).toEqual([
      expect.stringContaining('/isLast must be boolean'),
      expect.stringContaining('/values/0/key must be string'),
    ]);
  });

  it('rejects a search/jql answer whose issues is not an array, and an issue id typed as number', () => {
    expect(
      specs.validateResponse(ok('/rest/api/3/search/jql', { issues: { key: 'SDESK-1' }, isLast: true })),
    ).toEqual([expect.stringContaining('/issues must be array')]);
    expect(
      specs.validateResponse(ok('/rest/api/3/issue/SDESK-1', { id: 10200, key: 'SDESK-1', fields: {} })),
    ).toEqual([expect.stringContaining('/id must be string')]);
    expect(specs.validateResponse(ok('/rest/agile/1.0/board', { values: [{ id: '1' }] }))).toEqual([
      expect.stringContaining('/values/0/id must be integer'),
    ]);
  });

  it('turns OpenAPI 3.0 nullable into an accepted null', () => {
    expect(specs.validateResponse(ok('/rest/api/3/group', { name: 'jira-users', groupId: null }))).toEqual(
      [],
    );
    expect(specs.validateResponse(ok('/rest/api/3/group', { name: 'jira-users', groupId: 5 }))).toEqual([
      expect.stringContaining('/groupId must be string,null'),
    ]);
  });

  it('matches literal path segments before templates and picks the document by prefix', () => {
    // /project/search must not be read as /project/{projectIdOrKey} (whose answer is a single Project).
    expect(specs.validateResponse(ok('/rest/api/3/project/search', { values: [] }))).toEqual([]);
    expect(specs.validateResponse(ok('/rest/api/3/project/search', { values: {} }))).not.toEqual([]);
    expect(
      specs.validateResponse(
        ok('/rest/api/2/project/CLOUD/versions', [{ id: '10103', name: 'Pilot', projectId: 10001 }]),
      ),
    ).toEqual([]);
    expect(specs.validateResponse(ok('/rest/api/2/project/CLOUD/versions', [{ id: 10103 }]))).not.toEqual([]);
  });

  it('reports unknown paths, methods and undocumented success statuses as problems', () => {
    expect(specs.validateResponse(ok('/rest/api/3/no-such-thing', {}))).toEqual([
      expect.stringContaining('has no operation GET'),
    ]);
    expect(specs.validateResponse(ok('/rest/api/3/serverInfo', {}, 'DELETE'))).toEqual([
      expect.stringContaining('has no operation DELETE'),
    ]);
    expect(specs.validateResponse(ok('/rest/unknown/1.0/x', {}))).toEqual([
      expect.stringContaining('no Atlassian document'),
    ]);
    expect(specs.validateResponse(ok('/rest/api/3/serverInfo', {}, 'GET', 202))).toEqual([
      expect.stringContaining('status not documented'),
    ]);
  });

  it('holds error answers to Jira’s {errorMessages, errors} shape, or the service desk’s', () => {
    const jiraShape = { errorMessages: ['The requested API has been removed.'], errors: {} };
    expect(specs.validateResponse(ok('/rest/api/3/search', jiraShape, 'GET', 410))).toEqual([]);
    expect(
      specs.validateResponse(
        ok('/rest/api/3/issue', { errorMessages: [], errors: { summary: 'required' } }, 'POST', 400),
      ),
    ).toEqual([]);
    expect(specs.validateResponse(ok('/rest/api/3/search', { message: 'gone' }, 'GET', 410))).toEqual([
      expect.stringContaining("Jira's shape"),
    ]);
    expect(specs.validateResponse(ok('/rest/api/3/issue', { errorMessages: 'x' }, 'POST', 400))).not.toEqual(
      [],
    );
    expect(specs.validateResponse(ok('/rest/api/3/myself', '<html>', 'GET', 401))).not.toEqual([]);
    const desk = { errorMessage: 'No desk', i18nErrorMessage: { i18nKey: 'sd.desk', parameters: [] } };
    expect(specs.validateResponse(ok('/rest/servicedeskapi/request', desk, 'GET', 404))).toEqual([]);
    expect(specs.validateResponse(ok('/rest/servicedeskapi/request', jiraShape, 'GET', 404))).toEqual([
      expect.stringContaining('service-desk shape'),
    ]);
  });

  it('checks answers documented only by an example for being JSON', () => {
    expect(
      specs.validateResponse(ok('/rest/agile/1.0/board/1/sprint', { values: [{ id: 1 }], anything: true })),
    ).toEqual([]);
    expect(
      specs.validateResponse({
        method: 'GET',
        path: '/rest/agile/1.0/board/1/sprint',
        status: 200,
        body: '<html/>',
        contentType: 'text/html',
      }),
    ).toEqual([expect.stringContaining('is not JSON')]);
  });
});

describe('defaultTrackerSpecsDir', () => {
  const saved = process.env.FAHRPLAN_TRACKER_SPECS;
  afterEach(() => {
    if (saved === undefined) delete process.env.FAHRPLAN_TRACKER_SPECS;
    else process.env.FAHRPLAN_TRACKER_SPECS = saved;
  });

  it('resolves beside the repository unless FAHRPLAN_TRACKER_SPECS overrides it', () => {
    delete process.env.FAHRPLAN_TRACKER_SPECS;
    expect(defaultTrackerSpecsDir()).toMatch(/[/\\]shared[/\\]tracker-specs$/);
    process.env.FAHRPLAN_TRACKER_SPECS = '/nowhere/specs';
    expect(defaultTrackerSpecsDir()).toBe('/nowhere/specs');
    expect(() => loadTrackerSpecs()).toThrow(/tracker OpenAPI document missing: \/nowhere\/specs/);
  });
});
