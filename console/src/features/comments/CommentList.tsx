import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { CommentView } from '@fahrplan/contracts';

const byCreation = (a: CommentView, b: CommentView) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id;

/** Loading the comments after those shown. */
export interface MoreComments {
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** Comments in chronological order, oldest first (§2), a page at a time. */
export function CommentList({
  comments,
  isLoading,
  more,
}: {
  comments: readonly CommentView[];
  isLoading: boolean;
  more?: MoreComments;
}) {
  if (isLoading) return <Skeleton height={60} />;
  if (comments.length === 0) return <Text c="dimmed">no comments</Text>;
  return (
    <Stack gap="xs" aria-label="comments">
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
      {more?.hasMore && (
        <Button variant="subtle" size="xs" loading={more.loadingMore} onClick={more.onLoadMore}>
          Show later comments
        </Button>
      )}
    </Stack>
  );
}
