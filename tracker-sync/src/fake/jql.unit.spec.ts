import { describe, expect, it } from '@jest/globals';
import { fakeTrackerDemoData } from './demo-data';
import { JqlError, parseJql } from './jql';

const data = fakeTrackerDemoData(new Date('2026-06-15T12:00:00Z'));
const run = (jql: string) => {
  const query = parseJql(jql, data);
  return data.issues
    .filter(query.filter)
    .sort(query.compare)
    .map((i) => i.key);
};

describe('the fake tracker’s JQL subset', () => {
  it('filters by key list, project key, id or quoted name, joined by AND', () => {
    expect(run('key in (PORTAL-2, SDESK-1) ORDER BY key ASC')).toEqual(['PORTAL-2', 'SDESK-1']);
    expect(run('issuekey = CLOUD-3')).toEqual(['CLOUD-3']);
    expect(run('project = "Customer Portal" AND key in (PORTAL-1, SDESK-1)')).toEqual(['PORTAL-1']);
    expect(run('project in (10000, CLOUD)')).toHaveLength(14);
  });

  it('compares updated at minute precision, with absolute and relative dates', () => {
    const latest = data.issues.reduce((a, b) => (a.updated > b.updated ? a : b));
    const minute = latest.updated.slice(0, 16).replace('T', ' ').replace(/-/g, '/');
    expect(run(`updated >= "${minute}"`)).toEqual([latest.key]);
    expect(run(`updated > "${minute}"`)).toEqual([]);
    expect(run('updated >= -1000w')).toHaveLength(data.issues.length);
    expect(run('updated >= 1w')).toEqual([]);
  });

  it('orders by several terms', () => {
    expect(run('project = SDESK ORDER BY updated DESC, key ASC')[0]).toBe('SDESK-7');
    expect(run('project = SDESK ORDER BY key DESC')[0]).toBe('SDESK-7');
    expect(run('project = SDESK')[0]).toBe('SDESK-1');
  });

  it('answers like Jira for unknown keys and projects, and refuses what it does not support', () => {
    expect(() => run('key in (SDESK-1, X-9)')).toThrow(
      new JqlError("An issue with key 'X-9' does not exist for field 'key'."),
    );
    expect(() => run('project = NOPE')).toThrow("The value 'NOPE' does not exist for the field 'project'.");
    expect(() => run('assignee = currentUser()')).toThrow(JqlError);
    expect(() => run('updated >= "yesterday"')).toThrow(/Date value 'yesterday'/);
    expect(() => run('project = SDESK ORDER BY priority')).toThrow(JqlError);
    expect(parseJql('ORDER BY key', data).bounded).toBe(false);
  });
});
