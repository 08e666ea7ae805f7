import { describe, expect, it } from '@jest/globals';
import type { TrackerSyncStatus, TrackerTestResult } from '@fahrplan/contracts';
import {
  ageText,
  mirrorAgeNote,
  mirrorHealth,
  shownTime,
  statusColour,
  syncOutcome,
  testResultText,
} from './mirrorStatus';
import { englishT } from '../i18n/testing';

const t = englishT('tracker');

const now = Date.parse('2026-11-23T12:00:00Z');
const minutesAgo = (m: number) => new Date(now - m * 60_000).toISOString();
const sync = (overrides: Partial<TrackerSyncStatus> = {}): TrackerSyncStatus => ({
  lastAttemptAt: minutesAgo(3),
  lastSuccessAt: minutesAgo(3),
  error: null,
  ...overrides,
});
const refused = { code: 'unreachable', status: null, statusText: null, message: 'connection refused' };

describe('status colours', () => {
  it('maps the tracker status categories: to do gray, in progress blue, done green', () => {
    expect(statusColour('new')).toBe('gray');
    expect(statusColour('indeterminate')).toBe('blue');
    expect(statusColour('done')).toBe('green');
    expect(statusColour(null)).toBe('gray');
  });
});

describe('mirror age wording', () => {
  it('says how long ago, coarsely', () => {
    expect(ageText(minutesAgo(0.5), now, t)).toBe('just now');
    expect(ageText(minutesAgo(4), now, t)).toBe('4 min ago');
    expect(ageText(minutesAgo(59), now, t)).toBe('59 min ago');
    expect(ageText(minutesAgo(125), now, t)).toBe('2 h ago');
    expect(ageText(minutesAgo(3 * 24 * 60), now, t)).toBe('3 days ago');
  });

  it('treats a time slightly in the future (clock skew) as just now', () => {
    expect(ageText(new Date(now + 30_000).toISOString(), now, t)).toBe('just now');
  });

  it('shows timestamps as DD.MM.YYYY HH:mm', () => {
    const local = new Date(2026, 10, 23, 9, 5).toISOString();
    expect(shownTime(local)).toBe('23.11.2026 09:05');
  });

  it('names the data age of an issue, and a failing tracker with the data it shows', () => {
    expect(mirrorAgeNote(sync(), minutesAgo(4), now, t)).toEqual({
      tone: 'fresh',
      text: 'tracker data from 4 min ago',
    });
    const failing = sync({ lastAttemptAt: minutesAgo(1), lastSuccessAt: minutesAgo(120), error: refused });
    expect(mirrorAgeNote(failing, minutesAgo(120), now, t)).toEqual({
      tone: 'stale',
      text: `tracker unreachable since ${shownTime(minutesAgo(120))}, showing data from 2 h ago`,
    });
  });

  it('says what it knows of a failing tracker: since when, and how old the data is', () => {
    const never = sync({ lastAttemptAt: null, lastSuccessAt: null, error: refused });
    expect(mirrorAgeNote(never, null, now, t)?.text).toBe('tracker unreachable');
    expect(mirrorAgeNote(never, minutesAgo(4), now, t)?.text).toBe(
      'tracker unreachable, showing data from 4 min ago',
    );
    const attempted = sync({ lastAttemptAt: minutesAgo(1), lastSuccessAt: null, error: refused });
    expect(mirrorAgeNote(attempted, null, now, t)?.text).toBe(
      `tracker unreachable since ${shownTime(minutesAgo(1))}`,
    );
  });

  it('falls back to the last success when the issue has no time of its own, and to nothing before any sync', () => {
    expect(mirrorAgeNote(sync({ lastSuccessAt: minutesAgo(10) }), null, now, t)?.text).toBe(
      'tracker data from 10 min ago',
    );
    expect(mirrorAgeNote(null, null, now, t)).toBeNull();
  });
});

describe('connection mirror health (administration)', () => {
  it('is fresh after a successful run', () => {
    expect(mirrorHealth(sync(), now, t)).toEqual({ kind: 'fresh', text: 'synced 3 min ago' });
  });

  it('is failing since the last success, with the error message', () => {
    const health = mirrorHealth(sync({ lastSuccessAt: minutesAgo(90), error: refused }), now, t);
    expect(health).toEqual({
      kind: 'failing',
      text: `failing since ${shownTime(minutesAgo(90))}`,
      message: 'connection refused',
    });
  });

  it('is never synced before the first run', () => {
    expect(mirrorHealth(sync({ lastAttemptAt: null, lastSuccessAt: null }), now, t).text).toBe(
      'never synced',
    );
    expect(mirrorHealth(sync({ lastSuccessAt: null }), now, t).text).toBe('first sync running');
  });
});

describe('following a requested sync', () => {
  const before = sync();
  it('is pending until a new attempt has settled', () => {
    expect(syncOutcome(before, before)).toBe('pending');
    expect(syncOutcome(before, sync({ lastAttemptAt: minutesAgo(0) }))).toBe('pending');
  });
  it('succeeded when the new attempt is the last success; failed when it carries an error', () => {
    expect(syncOutcome(before, sync({ lastAttemptAt: minutesAgo(0), lastSuccessAt: minutesAgo(0) }))).toBe(
      'succeeded',
    );
    expect(syncOutcome(before, sync({ lastAttemptAt: minutesAgo(0), error: refused }))).toBe('failed');
  });
});

describe('connection test results', () => {
  it('says who signed in where and how many projects they see', () => {
    const ok: TrackerTestResult = {
      ok: true,
      server: { title: 'Acme Jira', version: '9.12.1', deploymentType: 'Server' },
      user: 'Planner Bot',
      projects: 1,
      tookMs: 820,
    };
    expect(testResultText(ok, t)).toEqual({
      title: 'Connection works',
      lines: ['Acme Jira 9.12.1', 'signed in as Planner Bot', '1 project visible · 820 ms'],
    });
    const anonymous = { ...ok, server: { ...ok.server, title: null }, user: null, projects: 3 };
    expect(testResultText(anonymous, t).lines).toEqual([
      'Tracker 9.12.1',
      'signed in as an unnamed user',
      '3 projects visible · 820 ms',
    ]);
  });

  it('names the failed step, the message and the HTTP status', () => {
    const failed: TrackerTestResult = {
      ok: false,
      step: 'authenticate',
      failure: { code: 'unauthorized', status: 401, statusText: 'Unauthorized', message: 'wrong API token' },
      tookMs: 412,
    };
    expect(testResultText(failed, t)).toEqual({
      title: 'Signing in failed',
      lines: ['wrong API token', 'HTTP 401 Unauthorized · after 412 ms'],
    });
    const unreachable = { ...failed, step: 'reach' as const, failure: { ...refused, message: 'refused' } };
    expect(testResultText({ ...unreachable, tookMs: 20_400 }, t).lines[1]).toBe('after 20.4 s');
    expect(testResultText(unreachable, t)).toEqual({
      title: 'Reaching the tracker failed',
      lines: ['refused', 'after 412 ms'],
    });
  });
});
