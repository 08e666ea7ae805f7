import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { TrackerSyncStatus } from '@fahrplan/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { describeError } from '../api/problem';
import { apiSlice } from '../api/apiSlice';
import { selectMe } from '../auth/sessionSlice';
import { notifyError, notifySuccess } from '../common/notify';
import { findIssue, issueIndex } from './issueIndex';
import { syncOutcome } from './mirrorStatus';
import {
  useGetTrackerIssuesQuery,
  useGetTrackerStatusQuery,
  useSyncTrackerConnectionMutation,
} from './trackerApi';

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
 * run has finished (or a minute passed) and refetches the tracker data it moved.
 */
export const useSyncNow = (connectionId: number | null) => {
  const dispatch = useAppDispatch();
  const jira = useJiraEnabled();
  const [sync] = useSyncTrackerConnectionMutation();
  const [following, setFollowing] = useState(false);
  const before = useRef<TrackerSyncStatus | null>(null);
  const startedAt = useRef(0);
  const status = useGetTrackerStatusQuery(jira ? undefined : skipToken, {
    pollingInterval: following ? pollMs : 0,
  });
  const current = status.data?.connections.find((c) => c.id === connectionId) ?? null;

  useEffect(() => {
    if (!following) return;
    const outcome = syncOutcome(before.current, current);
    const late = Date.now() - startedAt.current > giveUpMs;
    if (outcome === 'pending' && !late) return;
    setFollowing(false);
    dispatch(
      apiSlice.util.invalidateTags([
        'TrackerIssue',
        'TrackerRepository',
        'TrackerRelease',
        'TrackerConnection',
      ]),
    );
    if (outcome === 'succeeded') notifySuccess(`${current?.name ?? 'tracker'} synced`);
    else if (outcome === 'failed') notifyError(`sync failed: ${current?.error?.message ?? 'unknown error'}`);
  }, [following, current, dispatch]);

  const start = async () => {
    if (connectionId === null || following) return;
    before.current = current;
    startedAt.current = Date.now();
    try {
      await sync({ data: { id: connectionId }, idempotencyKey: crypto.randomUUID() }).unwrap();
      setFollowing(true);
    } catch (failure) {
      notifyError(describeError(failure));
    }
  };
  return { start, syncing: following, status: current };
};
