import { Stack, Text, Textarea } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { limits } from '@fahrplan/contracts';
import { CommentList } from '../../comments/CommentList';
import { useGetApplicationCommentsQuery } from '../../comments/commentsApi';
import type { TabProps } from './formTypes';

export function CommentsTab({ form, editable, applicationId }: TabProps & { applicationId: number | null }) {
  const { data = [], isLoading } = useGetApplicationCommentsQuery(applicationId ?? skipToken);
  const length = form.values.comment.length;
  return (
    <Stack>
      <CommentList comments={data} isLoading={isLoading} />
      {editable && (
        <Stack gap={4}>
          <Textarea label="New comment" autosize minRows={3} maxRows={8} {...form.getInputProps('comment')} />
          <Text size="xs" c={length > limits.comment ? 'red' : 'dimmed'} ta="right" aria-live="polite">
            {length} / {limits.comment}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
