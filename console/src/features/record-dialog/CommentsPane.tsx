import { Stack, Text, Textarea } from '@mantine/core';
import type { TextareaProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { limits } from '@fahrplan/contracts';
import { useTranslation } from 'react-i18next';
import type { InfiniteData } from '@reduxjs/toolkit/query/react';
import type { CommentView, Page } from '@fahrplan/contracts';
import { pageItems } from '../api/pages';
import { CommentList } from '../comments/CommentList';
import { morePages } from '../common/LoadMore';
import type { MorePages } from '../common/LoadMore';

interface PaneProps {
  comments: readonly CommentView[];
  isLoading: boolean;
  more?: MorePages;
  editable: boolean;
  /** The new-comment box's input props (value, onChange, error). */
  input: TextareaProps & { value: string };
}

/** §2 Comments of any record: the list oldest first and, in edit mode, the new-comment box. */
export function CommentsPane({ comments, isLoading, more, editable, input }: PaneProps) {
  const { t } = useTranslation('record-dialog');
  const length = input.value.length;
  return (
    <Stack>
      <CommentList comments={comments} isLoading={isLoading} more={more} />
      {editable && (
        <Stack gap={4}>
          <Textarea label={t('comments.new')} autosize minRows={3} maxRows={8} {...input} />
          <Text size="xs" c={length > limits.comment ? 'red' : 'dimmed'} ta="right" aria-live="polite">
            {t('comments.length', { length, limit: limits.comment })}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

/** The record's comments (an infinite query's pages) with the form's new-comment box. */
export function FormCommentsPane<V extends { comment: string }>({
  form,
  editable,
  query,
}: {
  form: UseFormReturnType<V>;
  editable: boolean;
  query: {
    data?: InfiniteData<Page<CommentView>, string | null>;
    isLoading: boolean;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
  };
}) {
  return (
    <CommentsPane
      comments={pageItems(query.data)}
      isLoading={query.isLoading}
      more={morePages(query)}
      editable={editable}
      input={{ ...form.getInputProps('comment'), value: form.values.comment }}
    />
  );
}
