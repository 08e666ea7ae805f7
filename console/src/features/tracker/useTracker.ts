import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import type { TrackerSyncStatus } from '@fahrplan/contracts';
import { useAppSelector } from '../../app/hooks';
import { describeError } from '../common/problem';
import { selectMe } from '../session/selectMe';
import { notifyError, notifySuccess } from '../common/notify';
import { findIssue, issueIndex } from './issueIndex';
import { syncOutcome } from './mirrorStatus';
import {
  useGetTrackerIssuesQuery,
  useGetTrackerStatusQuery,
  useSyncTrackerConnectionMutation,
} from './trackerApi';
import { sendOnce } from '../api/commands';

/** The tenant's jira feature (§1): without it the console shows no tracker UI. */
export const useJiraEnabled = (): boolean => useAppSelector(selectMe)?.features.jira ?? false;

/** The current time, moving every `intervalMs`, for texts like '4 min ago'. */
export const useNow = (intervalMs = 30_000): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
};

/** The tenant's mirrored issues by key: one cached request shared by every screen. */
export const useTrackerIssues = () => {
  const jira = useJiraEnabled();
  const query = useGetTrackerIssuesQuery(jira ? undefined : skipToken);
  const index = useMemo(() => issueIndex(query.data ?? []), [query.data]);
  const find = useCallback(
    (key: string | null | undefined, connectionId: number | null = null) =>
      findIssue(index, key, connectionId),
    [index],
  );
  return { jira, find, isLoading: query.isLoading, isError: query.isError, error: query.error };
};

const pollMs = 2000;
const giveUpMs = 60_000;

/**
 * 'Sync now' for a connection: sends SyncTrackerConnection, then follows the mirror status until the
 * run has finished or a minute passed without an answer. The data the run moved is refetched by the
 * change feed (changesApi invalidates the tracker tags on tracker collections). `ready` once the
 * status is known: the run is recognised by the status moving on from it.
 */
export const useSyncNow = (connectionId: number | null) => {
  const jira = useJiraEnabled();
  const [sync] = useSyncTrackerConnectionMutation();
  const { t } = useTranslation('tracker');
  const [following, setFollowing] = useState(false);
  const before = useRef<TrackerSyncStatus | null>(null);
  const status = useGetTrackerStatusQuery(jira ? undefined : skipToken, {
    pollingInterval: following ? pollMs : 0,
  });
  const ready = status.data !== undefined;
  const current = status.data?.connections.find((c) => c.id === connectionId) ?? null;

  // a timer, not a check per status: identical polls keep the same object and rerun nothing
  useEffect(() => {
    if (!following) return;
    const timer = setTimeout(() => {
      setFollowing(false);
      notifyError(t('sync.noAnswer'));
    }, giveUpMs);
    return () => clearTimeout(timer);
  }, [following, t]);

  useEffect(() => {
    if (!following) return;
    const outcome = syncOutcome(before.current, current);
    if (outcome === 'pending') return;
    setFollowing(false);
    if (outcome === 'succeeded') notifySuccess(t('sync.done', { name: current?.name ?? t('sync.tracker') }));
    else notifyError(t('sync.failed', { reason: current?.error?.message ?? t('sync.unknownError') }));
  }, [following, current, t]);

  const start = async () => {
    if (connectionId === null || following || !ready) return;
    before.current = current;
    try {
      await sendOnce(sync, { id: connectionId });
      setFollowing(true);
    } catch (failure) {
      notifyError(describeError(failure));
    }
  };
  return { start, syncing: following, ready, status: current };
};
