import { useState } from 'react';
import { Group, Stack, Table, Text } from '@mantine/core';
import { IconCalendarEvent, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CalendarFeedView } from '@fahrplan/contracts';
import { pageItems } from '../api/pages';
import { formatDateTime } from '../common/dateTime';
import { notifySuccess } from '../common/notify';
import { PagedTable } from '../common/PagedTable';
import { SectionHeader } from '../common/SectionHeader';
import { CreateFeedForm } from './CreateFeedForm';
import { ConfirmedButton } from './FeedActions';
import { FeedAddress } from './FeedAddress';
import {
  useGetCalendarFeedPagesInfiniteQuery,
  useRegenerateCalendarFeedMutation,
  useRevokeCalendarFeedMutation,
} from './calendarFeedsApi';
import { sendOnce } from '../api/commands';

/** What a feed shows, in words: milestones (and tasks) of all or of chosen projects, resources, applications. */
function FeedScope({ feed }: { feed: CalendarFeedView }) {
  const { t } = useTranslation('calendar-feeds');
  const filters = [
    feed.projects && t('list.projects', { count: feed.projects.length }),
    feed.resources && t('list.resources', { count: feed.resources.length }),
    feed.applications && t('list.applications', { count: feed.applications.length }),
  ].filter(Boolean);
  return (
    <Text size="sm">
      {feed.includeTasks ? t('list.milestonesAndTasks') : t('list.milestones')}
      {' · '}
      {filters.length > 0 ? filters.join(', ') : t('list.everyProject')}
    </Text>
  );
}

function FeedRow({ feed, onAddress }: { feed: CalendarFeedView; onAddress: (path: string) => void }) {
  const { t } = useTranslation('calendar-feeds');
  const [revoke] = useRevokeCalendarFeedMutation();
  const [regenerate] = useRegenerateCalendarFeedMutation();
  return (
    <Table.Tr>
      <Table.Td>{feed.name}</Table.Td>
      <Table.Td>
        <FeedScope feed={feed} />
      </Table.Td>
      <Table.Td>{formatDateTime(feed.createdAt)}</Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <ConfirmedButton
            label={t('regenerate.button', { name: feed.name })}
            icon={<IconRefresh size={14} />}
            title={t('regenerate.title', { name: feed.name })}
            text={t('regenerate.text')}
            confirmLabel={t('regenerate.confirm')}
            onConfirm={async () => {
              const renewed = await sendOnce(regenerate, { id: feed.id, version: feed.version });
              if (renewed.path) onAddress(renewed.path);
            }}
          />
          <ConfirmedButton
            label={t('revoke.button', { name: feed.name })}
            icon={<IconTrash size={14} />}
            color="red"
            title={t('revoke.title', { name: feed.name })}
            text={t('revoke.text')}
            confirmLabel={t('revoke.confirm')}
            onConfirm={async () => {
              await sendOnce(revoke, { id: feed.id, version: feed.version });
              notifySuccess(t('revoked', { name: feed.name }));
            }}
          />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Issue 23: the user's own calendar feeds, secret addresses that Outlook and Google Calendar subscribe
 * to; a new one's address is shown once.
 */
export function CalendarFeedsPage() {
  const { t } = useTranslation('calendar-feeds');
  const query = useGetCalendarFeedPagesInfiniteQuery();
  const feeds = pageItems(query.data);
  const [shown, setShown] = useState<string | null>(null);
  return (
    <Stack gap="lg">
      <SectionHeader title={t('title')} level={1} intro={t('intro')} />
      {shown && <FeedAddress path={shown} onClose={() => setShown(null)} />}
      <CreateFeedForm onCreated={(created) => created.path && setShown(created.path)} />
      <PagedTable
        query={query}
        count={feeds.length}
        label={t('list.label')}
        cells={[t('list.name'), t('list.shows'), t('list.created'), {}]}
        failed={t('list.failed')}
        empty={{ icon: IconCalendarEvent, text: t('list.empty') }}
        more={t('list.more')}
      >
        {feeds.map((feed) => (
          <FeedRow key={feed.id} feed={feed} onAddress={setShown} />
        ))}
      </PagedTable>
    </Stack>
  );
}
