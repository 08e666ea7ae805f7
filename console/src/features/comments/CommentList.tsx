import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { CommentView } from '@fahrplan/contracts';

const byCreation = (a: CommentView, b: CommentView) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id;

/** Comments in chronological order, oldest first (§2). */
export function CommentList({
  comments,
  isLoading,
}: {
  comments: readonly CommentView[];
  isLoading: boolean;
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
    </Stack>
  );
}
