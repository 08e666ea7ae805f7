import { describe, expect, it } from '@jest/globals';
import type { TrackerIssueView } from '@fahrplan/contracts';
import { findIssue, issueIndex } from './issueIndex';

const issue = (key: string, connectionId: number, summary = key): TrackerIssueView => ({
  connectionId,
  key,
  projectKey: key.split('-')[0]!,
  summary,
  status: 'To Do',
  statusCategory: 'new',
  assignee: null,
  dueDate: null,
  issueType: 'Task',
  url: null,
  syncedAt: '2026-11-23T12:00:00Z',
});

describe('mirrored issue lookup', () => {
  const index = issueIndex([issue('APO-1', 1, 'cloud'), issue('APO-1', 2, 'data center'), issue('OPS-7', 1)]);

  it('matches typed keys case-insensitively and without surrounding blanks', () => {
    expect(findIssue(index, ' ops-7 ')?.key).toBe('OPS-7');
    expect(findIssue(index, 'OPS-8')).toBeUndefined();
    expect(findIssue(index, '')).toBeUndefined();
    expect(findIssue(index, null)).toBeUndefined();
  });

  it("prefers the issue of the record's connection when two connections have the key", () => {
    expect(findIssue(index, 'APO-1', 2)?.summary).toBe('data center');
    expect(findIssue(index, 'APO-1', 1)?.summary).toBe('cloud');
    expect(findIssue(index, 'APO-1')?.summary).toBe('cloud');
  });
});
