import dayjs from 'dayjs';
import type { TrackerStatusCategory, TrackerSyncStatus, TrackerTestResult } from '@fahrplan/contracts';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../common/dateTime';

/** Badge colours by the tracker's status category: to do gray, in progress blue, done green. */
export const statusColour = (category: TrackerStatusCategory | null | undefined): string =>
  category === 'done' ? 'green' : category === 'indeterminate' ? 'blue' : 'gray';

/** How long ago `iso` was, coarsely: 'just now', '4 min ago', '2 h ago', '3 days ago'. */
export const ageText = (iso: string, now: number, t: TFunction<'tracker'>): string => {
  const at = dayjs(iso);
  if (!at.isValid()) return t('age.unknown');
  // a time slightly in the future (clock skew) counts as now
  const minutes = Math.max(0, dayjs(now).diff(at, 'minute'));
  if (minutes < 1) return t('age.now');
  if (minutes < 60) return t('age.minutes', { count: minutes });
  const hours = dayjs(now).diff(at, 'hour');
  if (hours < 48) return t('age.hours', { count: hours });
  return t('age.days', { count: dayjs(now).diff(at, 'day') });
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
export const mirrorHealth = (sync: TrackerSyncStatus, now: number, t: TFunction<'tracker'>): MirrorHealth => {
  if (sync.error) {
    const since = sync.lastSuccessAt ?? sync.lastAttemptAt;
    return {
      kind: 'failing',
      text: since ? t('mirror.failingSince', { since: shownTime(since) }) : t('mirror.failing'),
      message: sync.error.message,
    };
  }
  if (sync.lastSuccessAt)
    return { kind: 'fresh', text: t('mirror.synced', { age: ageText(sync.lastSuccessAt, now, t) }) };
  if (sync.lastAttemptAt) return { kind: 'never', text: t('mirror.firstSync') };
  return { kind: 'never', text: t('mirror.never') };
};

/** The note under mirrored tracker data: how old it is, and whether the tracker is out of reach. */
export const mirrorAgeNote = (
  sync: TrackerSyncStatus | null,
  dataAt: string | null,
  now: number,
  t: TFunction<'tracker'>,
): { tone: 'fresh' | 'stale'; text: string } | null => {
  const from = dataAt ?? sync?.lastSuccessAt ?? null;
  if (sync?.error) {
    const since = sync.lastSuccessAt
      ? shownTime(sync.lastSuccessAt)
      : sync.lastAttemptAt && shownTime(sync.lastAttemptAt);
    const age = from && ageText(from, now, t);
    const text = since
      ? age
        ? t('mirror.unreachableSinceShowing', { since, age })
        : t('mirror.unreachableSince', { since })
      : age
        ? t('mirror.unreachableShowing', { age })
        : t('mirror.unreachable');
    return { tone: 'stale', text };
  }
  return from ? { tone: 'fresh', text: t('mirror.dataFrom', { age: ageText(from, now, t) }) } : null;
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

/** What failed, by the step of the test that failed. */
const stepFailures = (
  t: TFunction<'tracker'>,
): Record<Extract<TrackerTestResult, { ok: false }>['step'], string> => ({
  url: t('test.failed.url'),
  reach: t('test.failed.reach'),
  authenticate: t('test.failed.authenticate'),
  read: t('test.failed.read'),
});

/** A connection test's outcome as the dialog's alert says it. */
export const testResultText = (
  result: TrackerTestResult,
  t: TFunction<'tracker'>,
): { title: string; lines: string[] } => {
  const took = result.tookMs < 1000 ? `${result.tookMs} ms` : `${(result.tookMs / 1000).toFixed(1)} s`;
  if (!result.ok) {
    const { status, statusText } = result.failure;
    const http = status === null ? null : `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
    const after = t('test.after', { took });
    return {
      title: stepFailures(t)[result.step],
      lines: [result.failure.message, http ? t('test.httpAfter', { http, after }) : after],
    };
  }
  const server = [result.server.title ?? t('test.tracker'), result.server.version].filter(Boolean).join(' ');
  return {
    title: t('test.works'),
    lines: [
      server,
      result.user ? t('test.signedInAs', { user: result.user }) : t('test.signedInUnnamed'),
      t('test.projects', { count: result.projects, took }),
    ],
  };
};
