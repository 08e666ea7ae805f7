import dayjs from 'dayjs';
import type { TrackerStatusCategory, TrackerSyncStatus, TrackerTestResult } from '@fahrplan/contracts';
import { formatDateTime } from '../common/dateTime';

/** Badge colours by the tracker's status category: to do gray, in progress blue, done green. */
export const statusColour = (category: TrackerStatusCategory | null | undefined): string =>
  category === 'done' ? 'green' : category === 'indeterminate' ? 'blue' : 'gray';

/** How long ago `iso` was, coarsely: 'just now', '4 min ago', '2 h ago', '3 days ago'. */
export const ageText = (iso: string, now: number): string => {
  const at = dayjs(iso);
  if (!at.isValid()) return 'at an unknown time';
  // a time slightly in the future (clock skew) counts as now
  const minutes = Math.max(0, dayjs(now).diff(at, 'minute'));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = dayjs(now).diff(at, 'hour');
  if (hours < 48) return `${hours} h ago`;
  return `${dayjs(now).diff(at, 'day')} days ago`;
};

/** A timestamp as people read it in the console: DD.MM.YYYY HH:mm, local time (§5 date style). */
export const shownTime = (iso: string): string => formatDateTime(iso);

/** What a connection's mirror state means for people looking at tracker data. */
export type MirrorHealth =
  | { kind: 'never'; text: string }
  | { kind: 'fresh'; text: string }
  | { kind: 'failing'; text: string; message: string };

/**
 * The mirror's state in words. The last run failed: 'failing since' the last success (every run since
 * has failed), else since the first known attempt; the data shown is that of the last success.
 */
export const mirrorHealth = (sync: TrackerSyncStatus, now: number): MirrorHealth => {
  if (sync.error) {
    const since = sync.lastSuccessAt ?? sync.lastAttemptAt;
    return {
      kind: 'failing',
      text: since ? `failing since ${shownTime(since)}` : 'failing',
      message: sync.error.message,
    };
  }
  if (sync.lastSuccessAt) return { kind: 'fresh', text: `synced ${ageText(sync.lastSuccessAt, now)}` };
  if (sync.lastAttemptAt) return { kind: 'never', text: 'first sync running' };
  return { kind: 'never', text: 'never synced' };
};

/** The note under mirrored tracker data: how old it is, and whether the tracker is out of reach. */
export const mirrorAgeNote = (
  sync: TrackerSyncStatus | null,
  dataAt: string | null,
  now: number,
): { tone: 'fresh' | 'stale'; text: string } | null => {
  const from = dataAt ?? sync?.lastSuccessAt ?? null;
  if (sync?.error) {
    const since = sync.lastSuccessAt ?? sync.lastAttemptAt;
    return {
      tone: 'stale',
      text: `tracker unreachable${since ? ` since ${shownTime(since)}` : ''}${
        from ? `, showing data from ${ageText(from, now)}` : ''
      }`,
    };
  }
  return from ? { tone: 'fresh', text: `tracker data from ${ageText(from, now)}` } : null;
};

/** Whether a sync asked for after `before` has finished: the status's last attempt moved and settled. */
export const syncOutcome = (
  before: TrackerSyncStatus | null,
  now: TrackerSyncStatus | null,
): 'pending' | 'succeeded' | 'failed' => {
  if (!now?.lastAttemptAt || now.lastAttemptAt === before?.lastAttemptAt) return 'pending';
  if (now.error) return 'failed';
  return now.lastSuccessAt === now.lastAttemptAt ? 'succeeded' : 'pending';
};

const stepLabels: Record<Extract<TrackerTestResult, { ok: false }>['step'], string> = {
  url: 'Checking the base URL',
  reach: 'Reaching the tracker',
  authenticate: 'Signing in',
  read: 'Reading projects',
};

/** A connection test's outcome as the dialog's alert says it. */
export const testResultText = (result: TrackerTestResult): { title: string; lines: string[] } => {
  const took = result.tookMs < 1000 ? `${result.tookMs} ms` : `${(result.tookMs / 1000).toFixed(1)} s`;
  if (!result.ok) {
    const { status, statusText } = result.failure;
    const http = status === null ? null : `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
    return {
      title: `${stepLabels[result.step]} failed`,
      lines: [result.failure.message, [http, `after ${took}`].filter(Boolean).join(' · ')],
    };
  }
  const server = [result.server.title ?? 'Tracker', result.server.version].filter(Boolean).join(' ');
  const projects = `${result.projects} project${result.projects === 1 ? '' : 's'} visible`;
  return {
    title: 'Connection works',
    lines: [server, `signed in as ${result.user ?? 'an unnamed user'}`, `${projects} · ${took}`],
  };
};
