import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CommentView } from '@fahrplan/contracts';
import { LoadMore } from '../common/LoadMore';
import type { MorePages } from '../common/LoadMore';

const byCreation = (a: CommentView, b: CommentView) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id;

/** Comments in chronological order, oldest first (§2), a page at a time. */
export function CommentList({
  comments,
  isLoading,
  more,
}: {
  comments: readonly CommentView[];
  isLoading: boolean;
  more?: MorePages;
}) {
  const { t } = useTranslation('comments');
  if (isLoading) return <Skeleton height={60} />;
  if (comments.length === 0) return <Text c="dimmed">{t('none')}</Text>;
  return (
    <Stack gap="xs" aria-label={t('listLabel')}>
      {[...comments].sort(byCreation).map((comment) => (
        <Paper key={comment.id} withBorder p="sm" radius="sm">
          <Text size="xs" c="dimmed">
            {comment.createdBy} · {dayjs(comment.createdAt).format('DD.MM.YYYY HH:mm')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {comment.description}
          </Text>
        </Paper>
      ))}
      {more && <LoadMore {...more} label={t('showLater')} />}
    </Stack>
  );
}
