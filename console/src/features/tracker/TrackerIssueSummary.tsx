import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TrackerIssueView } from '@fahrplan/contracts';
import { useCan } from '../auth/permissions';
import { listDate } from '../common/listDate';
import { today } from '../common/dateTime';
import { mirrorAgeNote, statusColour } from './mirrorStatus';
import { useNow, useSyncNow, useTrackerIssues } from './useTracker';

/** An issue's tracker status as a small badge coloured by its category. */
export function IssueStatusBadge({ issue, size = 'sm' }: { issue: TrackerIssueView; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('tracker');
  return (
    <Badge
      size={size}
      variant="light"
      color={statusColour(issue.statusCategory)}
      tt="none"
      style={{ flex: 'none' }}
      data-testid="issue-status"
    >
      {issue.status ?? t('issue.noStatus')}
    </Badge>
  );
}

/**
 * The badge of `issueKey` when the mirror has it; nothing otherwise (lists and titles). `connectionId`:
 * the connection of the record's repository or issue group, preferred when two connections have the key.
 */
export function IssueBadgeOf({
  issueKey,
  connectionId = null,
  withKey = false,
}: {
  issueKey: string | null;
  connectionId?: number | null;
  withKey?: boolean;
}) {
  const { jira, find } = useTrackerIssues();
  const { t } = useTranslation('tracker');
  const issue = find(issueKey, connectionId);
  if (!jira || !issue) return null;
  return (
    <Tooltip label={t('issue.keyAndSummary', { key: issue.key, summary: issue.summary })} openDelay={300}>
      <Group gap={4} wrap="nowrap" component="span">
        {withKey && (
          <Text span size="xs" c="dimmed">
            {issue.key}
          </Text>
        )}
        <IssueStatusBadge issue={issue} size="xs" />
      </Group>
    </Tooltip>
  );
}

function MirrorNote({ connectionId, dataAt }: { connectionId: number | null; dataAt: string | null }) {
  const now = useNow();
  const { t } = useTranslation('tracker');
  const { start, syncing, ready, status } = useSyncNow(connectionId);
  // SyncTrackerConnection needs group-details EDIT: viewers only read the note
  const canSync = useCan('group-details', 'EDIT');
  const note = mirrorAgeNote(status, dataAt, now, t);
  const syncAction = connectionId !== null && canSync && (
    <Anchor
      component="button"
      type="button"
      size="xs"
      onClick={() => void start()}
      disabled={syncing || !ready}
      aria-label={t('sync.now')}
    >
      <Group gap={2} wrap="nowrap" component="span">
        <IconRefresh size={12} aria-hidden />
        {syncing ? t('sync.syncing') : t('sync.now')}
      </Group>
    </Anchor>
  );
  if (!note) return syncAction || null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="mirror-age">
      {note.tone === 'stale' && (
        <IconAlertTriangle size={14} color="var(--mantine-color-yellow-text)" aria-hidden />
      )}
      <Text size="xs" c={note.tone === 'stale' ? 'yellow.8' : 'dimmed'}>
        {note.text}
      </Text>
      {syncAction}
    </Group>
  );
}

/**
 * What the mirror knows of an issue, under its id field (§2 project and item details): status,
 * summary, assignee, due date, and how old that is. An id the mirror has not seen yet says so.
 */
export function TrackerIssueSummary({
  issueKey,
  connectionId,
  unlinked = false,
}: {
  issueKey: string;
  /** The connection the issue's repository belongs to, for the mirror's age and 'Sync now'. */
  connectionId: number | null;
  /** No repository and no issue group links the issue yet (an item's), so no sync can bring it. */
  unlinked?: boolean;
}) {
  const { find, isLoading } = useTrackerIssues();
  const { t } = useTranslation('tracker');
  const key = issueKey.trim();
  if (key === '') return null;
  if (isLoading) return <Skeleton height={48} radius="sm" aria-label={t('issue.loading')} />;
  const issue = find(key, connectionId);
  if (!issue) {
    return (
      <Stack gap={2} data-testid="tracker-issue">
        <Text size="xs" c="dimmed">
          {unlinked ? t('issue.notMirroredUnlinked', { key }) : t('issue.notMirroredYet', { key })}
        </Text>
        {!unlinked && <MirrorNote connectionId={connectionId} dataAt={null} />}
      </Stack>
    );
  }
  const done = issue.statusCategory === 'done';
  const overdue = issue.dueDate !== null && !done && issue.dueDate < today();
  return (
    <Paper withBorder radius="sm" px="sm" py={6} data-testid="tracker-issue">
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IssueStatusBadge issue={issue} />
          <Text size="sm" fw={500} style={{ minWidth: 0 }} lineClamp={2}>
            {issue.summary}
          </Text>
        </Group>
        <Group gap="md">
          {issue.issueType && (
            <Text size="xs" c="dimmed">
              {issue.issueType}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {issue.assignee ? t('issue.assignedTo', { assignee: issue.assignee }) : t('issue.unassigned')}
          </Text>
          {issue.dueDate && (
            <Text size="xs" c={overdue ? 'red.7' : 'dimmed'}>
              {overdue
                ? t('issue.dueOverdue', { date: listDate(issue.dueDate) })
                : t('issue.due', { date: listDate(issue.dueDate) })}
            </Text>
          )}
        </Group>
        <MirrorNote connectionId={connectionId ?? issue.connectionId} dataAt={issue.syncedAt} />
      </Stack>
    </Paper>
  );
}

/**
 * A list cell: the issue key with its mirrored status, or the key alone while the mirror lacks it;
 * `connectionId` as for IssueBadgeOf.
 */
export function IssueCell({
  issueKey,
  connectionId = null,
}: {
  issueKey: string | null;
  connectionId?: number | null;
}) {
  const { find } = useTrackerIssues();
  const { t } = useTranslation('tracker');
  const key = issueKey?.trim() ?? '';
  if (key === '') return null;
  const issue = find(key, connectionId);
  return (
    <Tooltip
      label={
        issue
          ? issue.assignee
            ? t('issue.summaryAndAssignee', { summary: issue.summary, assignee: issue.assignee })
            : issue.summary
          : t('issue.notMirrored')
      }
      openDelay={300}
    >
      <Group gap={6} wrap="nowrap" data-testid="issue-cell">
        <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
          {key}
        </Text>
        {issue && <IssueStatusBadge issue={issue} size="xs" />}
      </Group>
    </Tooltip>
  );
}
