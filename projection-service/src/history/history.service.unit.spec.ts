import { describe, expect, it } from '@jest/globals';
import type { HistoryRow, StoredEvent } from '@fahrplan/contracts';
import { namesOf, referencesOf } from './history-references';
import { sharedProjectRows } from './history.service';
import { dependencyRows, issueLinks, issueRows, projectRows, projectSpans } from './linked-rows';

const at = (
  position: number,
  type = 'GroupUpdated',
  data: unknown = {},
  stream = 'group-1',
): StoredEvent => ({
  type,
  data,
  metadata: {
    tenant: 'acme',
    user: 'tracker-sync',
    correlationId: 'c',
    causationId: 'c',
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, position)).toISOString(),
    schemaVersion: 1,
    source: 'tracker:Jira',
  },
  id: `e${position}`,
  streamId: stream,
  revision: position,
  position,
});

describe('issueLinks', () => {
  it("follows a project's issue through relinks, a new connection and the deletion", () => {
    const repo = (connection: number) => ({ id: `${connection}/10000`, url: 'https://jira.example' });
    const states = [
      { jiraid: null, jirarepo: null },
      { jiraid: 'sdesk-1', jirarepo: repo(7) },
      { jiraid: 'SDESK-1', jirarepo: repo(7) },
      { jiraid: 'SDESK-2', jirarepo: repo(7) },
      { jiraid: 'SDESK-2', jirarepo: repo(8) },
      { jiraid: 'SDESK-2', jirarepo: repo(8), deleted: true },
    ];
    const events = states.map((_, i) => at(10 * (i + 1)));
    expect(issueLinks('group', events, states, null)).toEqual([
      { connectionId: 7, key: 'SDESK-1', from: 20, until: 40 },
      { connectionId: 7, key: 'SDESK-2', from: 40, until: 50 },
      { connectionId: 8, key: 'SDESK-2', from: 50, until: 60 },
    ]);
  });

  it("takes an item's issue group, or else its project's connection", () => {
    const states = [
      { jiraid: 'A-1', jiragroup: null },
      { jiraid: 'A-1', jiragroup: '9/2' },
    ];
    const events = [at(1, 'ItemCreated'), at(2, 'ItemUpdated')];
    expect(issueLinks('item', events, states, 3)).toEqual([
      { connectionId: 3, key: 'A-1', from: 1, until: 2 },
      { connectionId: 9, key: 'A-1', from: 2, until: Number.POSITIVE_INFINITY },
    ]);
    expect(issueLinks('item', events.slice(0, 1), states.slice(0, 1), null)).toEqual([]);
  });
});

describe('issueRows', () => {
  const observed = (position: number, status: string) =>
    at(
      position,
      'TrackerIssueChanged',
      {
        connectionId: 7,
        key: 'SDESK-1',
        summary: 'Bot',
        status,
        statusCategory: null,
        assignee: null,
        dueDate: null,
        issueType: 'Epic',
        fixVersions: [],
        deleted: false,
      },
      'trackerIssue-7.SDESK-1',
    );

  it('shows the changes observed while the record linked the issue, diffed with the observation before', () => {
    const rows = issueRows({ connectionId: 7, key: 'SDESK-1', from: 15, until: 35 }, [
      observed(10, 'To Do'),
      observed(20, 'In Progress'),
      observed(30, 'Done'),
      observed(40, 'Closed'),
    ]);
    expect(rows.map((row) => [row.position, row.source, row.changes])).toEqual([
      [20, 'tracker:Jira', [{ field: 'issue.status', before: 'To Do', after: 'In Progress' }]],
      [30, 'tracker:Jira', [{ field: 'issue.status', before: 'In Progress', after: 'Done' }]],
    ]);
  });
});

const row = (position: number, changes: HistoryRow['changes']): HistoryRow => ({
  position,
  stream: 'group-1',
  revision: position,
  at: '2026-01-01T00:00:00.000Z',
  user: 'admin',
  command: null,
  event: 'GroupUpdated',
  source: null,
  changes,
});

describe('referencesOf (issue 19)', () => {
  it("collects the records a page's changes refer to, before and after, once each", () => {
    const rows = [
      row(2, [
        { field: 'parent', before: 7, after: 8 },
        { field: 'goals', before: [{ goalId: 30, value: 1 }], after: [{ goalId: 31, value: 2 }] },
      ]),
      row(1, [
        { field: 'applications', before: [], after: [40, 41] },
        { field: 'parent', before: null, after: 7 },
        { field: 'parentOrder', before: null, after: 5 },
      ]),
    ];
    expect([...referencesOf('group', rows).keys()].sort()).toEqual(
      ['application:40', 'application:41', 'goal:30', 'goal:31', 'group:7', 'group:8'].sort(),
    );
    expect([...referencesOf('item', [row(1, [{ field: 'group', before: null, after: 7 }])]).keys()]).toEqual([
      'group:7',
    ]);
  });
});

describe('namesOf (issue 19)', () => {
  it('lists the names a record had, from the position each took effect', () => {
    const events = [
      at(3, 'ResourceCreated', { id: 5, name: 'Blue' }, 'resource-5'),
      at(9, 'ResourceRenamed', { id: 5, name: 'Ocean' }, 'resource-5'),
      at(12, 'ResourceDeleted', { id: 5 }, 'resource-5'),
    ];
    expect(namesOf('resource', events)).toEqual([
      { position: 3, name: 'Blue' },
      { position: 9, name: 'Ocean' },
    ]);
  });
});

describe('sharedProjectRows (issue 19)', () => {
  it("keeps the project's own changes and of the shares only the viewer's", () => {
    const pending = (tenant: string) => ({ tenant, status: 'PENDING' });
    const rows = [
      row(3, [
        { field: 'shares', before: [pending('b')], after: [pending('b'), pending('c')] },
        { field: 'sharedWith', before: ['b'], after: ['b', 'c'] },
      ]),
      row(2, [
        { field: 'shares', before: [pending('b')], after: [{ tenant: 'b', status: 'ACCEPTED' }] },
        { field: 'acceptedBy', before: [], after: ['b'] },
      ]),
      row(1, [{ field: 'title', before: 'A', after: 'B' }]),
      row(0, []),
    ];
    expect(sharedProjectRows(rows, 'b')).toEqual([
      row(2, [{ field: 'shares', before: [pending('b')], after: [{ tenant: 'b', status: 'ACCEPTED' }] }]),
      row(1, [{ field: 'title', before: 'A', after: 'B' }]),
      row(0, []),
    ]);
  });
});

describe("an item's project deletions (issue 19)", () => {
  const itemEvents = [
    at(10, 'ItemCreated'),
    at(20, 'ItemUpdated'),
    at(30, 'ItemUpdated'),
    at(40, 'ItemDeleted'),
  ];

  it('follows the projects an item belonged to, and when, through moves away and back', () => {
    const states = [{ group: 1 }, { group: 2 }, { group: 1 }, { group: 1, deleted: true }];
    expect(projectSpans(itemEvents, states)).toEqual([
      { group: 1, from: 10, until: 20 },
      { group: 2, from: 20, until: 30 },
      { group: 1, from: 30, until: Number.POSITIVE_INFINITY },
    ]);
  });

  it("shows the project's deletion and restore while the item belonged to it and was live, via the project", () => {
    const states = [{ deleted: false }, { deleted: false }, { deleted: false }, { deleted: true }];
    const project = [
      at(5, 'GroupCreated'),
      at(15, 'GroupDeleted'),
      at(17, 'GroupRestored'),
      at(25, 'GroupDeleted'),
      at(35, 'GroupDeleted'),
      at(37, 'GroupRestored'),
      at(45, 'GroupDeleted'),
    ];
    const rows = projectRows({ group: 1, from: 10, until: 20 }, project, itemEvents, states);
    expect(rows.map((r) => [r.position, r.event, r.changes, r.via])).toEqual([
      [15, 'GroupDeleted', [{ field: 'deleted', before: false, after: true }], { category: 'group', id: 1 }],
      [17, 'GroupRestored', [{ field: 'deleted', before: true, after: false }], { category: 'group', id: 1 }],
    ]);
    // deleted on its own at 40, the item neither goes nor comes back with its project after
    const later = projectRows(
      { group: 1, from: 30, until: Number.POSITIVE_INFINITY },
      project,
      itemEvents,
      states,
    );
    expect(later.map((r) => r.position)).toEqual([35, 37]);
  });
});

describe('dependencyRows (issue 21)', () => {
  it("turns the graph's events at an item into changes of its predecessors and successors, and skips the others", () => {
    const graph = (position: number, type: string, data: unknown) =>
      at(position, type, data, 'dependencies-acme');
    const rows = dependencyRows(5, [
      graph(10, 'DependencyAdded', { id: 90, predecessor: 4, successor: 5, type: 'finish-to-start', lag: 2 }),
      graph(11, 'DependencyAdded', { id: 91, predecessor: 6, successor: 7, type: 'finish-to-start', lag: 0 }),
      graph(12, 'DependencyAdded', { id: 92, predecessor: 5, successor: 8, type: 'start-to-start', lag: -1 }),
      graph(13, 'DependencyRemoved', { id: 90, predecessor: 4, successor: 5 }),
    ]);

    expect(rows.map((row) => [row.position, row.event, row.stream, row.changes])).toEqual([
      [
        10,
        'DependencyAdded',
        'dependencies-acme',
        [
          {
            field: 'predecessors',
            before: [],
            after: [{ id: 90, item: 4, type: 'finish-to-start', lag: 2 }],
          },
        ],
      ],
      [
        12,
        'DependencyAdded',
        'dependencies-acme',
        [
          {
            field: 'successors',
            before: [],
            after: [{ id: 92, item: 8, type: 'start-to-start', lag: -1 }],
          },
        ],
      ],
      [
        13,
        'DependencyRemoved',
        'dependencies-acme',
        [
          {
            field: 'predecessors',
            before: [{ id: 90, item: 4, type: 'finish-to-start', lag: 2 }],
            after: [],
          },
        ],
      ],
    ]);
    expect(referencesOf('item', rows).get('item:8')).toEqual({ category: 'item', id: 8 });
  });
});
