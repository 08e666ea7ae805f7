import { describe, expect, it } from '@jest/globals';
import { mirrorConnection, runMessage } from './mirror-run';
import type { MirrorClient, MirrorIssue } from './mirror-run';

const issue = (key: string, updated = '2026-11-01T10:00:00.000+0000'): MirrorIssue => ({
  id: String(10_000 + Number(key.split('-')[1])),
  key,
  fields: {
    summary: `Summary of ${key}`,
    status: { name: 'In Progress', statusCategory: { key: 'indeterminate' } },
    assignee: { displayName: 'Ada' },
    duedate: '2026-12-24',
    issuetype: { name: 'Story' },
    updated,
    project: { key: key.split('-')[0]! },
    fixVersions: [{ id: '10100', name: '1.0' }],
  },
});

const client = (
  overrides: Partial<MirrorClient> & { searched?: string[] } = {},
): MirrorClient & { searched: string[] } => {
  const searched = overrides.searched ?? [];
  return {
    searched,
    async *projects() {
      yield { id: '10000', key: 'SDESK', name: 'Service Desk' };
      yield { id: '10001', key: 'CLOUD', name: 'Cloud' };
    },
    async *boards() {
      yield { id: 7, name: 'SDESK board', type: 'scrum', location: { projectKey: 'SDESK' } };
    },
    async *versions(projectId: string) {
      yield {
        id: `${projectId}-v1`,
        name: '1.0',
        releaseDate: '2026-12-01',
        released: false,
        archived: false,
      };
    },
    async *searchIssues({ jql }: { jql: string }) {
      searched.push(jql);
      for (const key of /key in \(([^)]*)\)/.exec(jql)![1]!.split(', ')) yield issue(key);
    },
    getIssue: async (key: string) => issue(key),
    ...overrides,
  };
};

/** A listing whose first page fails. */
const failing = (error: Error): AsyncIterable<never> => ({
  [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(error) }),
});

const target = {
  tenant: 'demo',
  connectionId: 3,
  baseUrl: 'https://t.example',
  projectIds: ['10000', '99999'],
  issueKeys: ['SDESK-1', 'SDESK-2'],
  since: null,
  previousSuccessAt: null,
};
const links = { hostsWithoutReleaseReportSuffix: [] };
const now = () => new Date('2026-11-23T12:00:00.000Z');

describe('a mirroring run', () => {
  it('reads projects, boards, the versions of linked projects and the linked issues, with their links', async () => {
    const out = await mirrorConnection(client(), target, links, now);
    expect(out.projects.map((p) => [p.key, p.url])).toEqual([
      ['SDESK', 'https://t.example/browse/SDESK'],
      ['CLOUD', 'https://t.example/browse/CLOUD'],
    ]);
    expect(out.boards[0]).toMatchObject({
      id: '7',
      projectKey: 'SDESK',
      url: 'https://t.example/secure/RapidBoard.jspa?rapidView=7&view=planning.nodetails',
    });
    // the unknown linked project 99999 is skipped, not fetched
    expect(out.versions).toHaveLength(1);
    expect(out.versions[0]).toMatchObject({
      projectKey: 'SDESK',
      releaseDate: '2026-12-01',
      url: 'https://t.example/projects/SDESK/versions/10000-v1/tab/release-report-all-issues',
    });
    expect(out.issues[0]).toMatchObject({
      key: 'SDESK-1',
      status: 'In Progress',
      statusCategory: 'indeterminate',
      assignee: 'Ada',
      dueDate: '2026-12-24',
      updatedAt: '2026-11-01T10:00:00.000Z',
      url: 'https://t.example/browse/SDESK-1',
    });
    expect(out.incremental).toBe(false);
  });

  it('asks only for issues updated since the last run for keys read before, and for new keys in full', async () => {
    const c = client();
    await mirrorConnection(
      c,
      {
        ...target,
        issueKeys: ['SDESK-1', 'SDESK-2', 'SDESK-3'],
        since: { at: '2026-11-23T11:00:30.000Z', keys: new Set(['SDESK-1', 'SDESK-2']) },
      },
      links,
      now,
    );
    expect(c.searched).toEqual([
      'key in (SDESK-3) ORDER BY key ASC',
      // 59.5 minutes since the last run, one more for skew: relative, since Jira reads absolute dates in its user's zone
      'key in (SDESK-1, SDESK-2) AND updated >= "-61m" ORDER BY key ASC',
    ]);
  });

  it('reads issues one by one when the tracker refuses a query for an unknown key, and reports missing ones', async () => {
    const refusing = client({
      searchIssues: () => failing(Object.assign(new Error('bad jql'), { status: 400 })),
      getIssue: async (key: string) => {
        if (key === 'SDESK-2') throw Object.assign(new Error('gone'), { status: 404 });
        return issue(key);
      },
    });
    const out = await mirrorConnection(refusing, target, links, now);
    expect(out.issues.map((i) => i.key)).toEqual(['SDESK-1']);
    expect(out.missingKeys).toEqual(['SDESK-2']);
  });

  it('reads an impossible tracker date as none, not as a failure', async () => {
    const odd = client({
      getIssue: async (key: string) => issue(key),
      async *searchIssues() {
        const broken = issue('SDESK-1');
        yield { ...broken, fields: { ...broken.fields, duedate: '2026-02-30' } };
      },
    });
    const out = await mirrorConnection(odd, { ...target, issueKeys: ['SDESK-1'] }, links, now);
    expect(out.issues[0]).toMatchObject({ key: 'SDESK-1', dueDate: null });
  });

  it('lets other failures end the run', async () => {
    const broken = client({
      boards: () => failing(Object.assign(new Error('down'), { status: 503 })),
    });
    await expect(mirrorConnection(broken, target, links, now)).rejects.toThrow('down');
  });

  it('summarises a failed run with the last success kept', () => {
    const failure = {
      code: 'unreachable',
      status: null,
      statusText: null,
      message: 'Could not reach t.example.',
    };
    const run = runMessage(
      { ...target, previousSuccessAt: '2026-11-23T10:00:00.000Z' },
      { ok: false, startedAt: '2026-11-23T12:00:00.000Z', incremental: true, error: failure },
      '2026-11-23T12:00:01.000Z',
    );
    expect(run).toMatchObject({ lastSuccessAt: '2026-11-23T10:00:00.000Z', error: failure, present: null });
  });
});
