import { Stack, Text, Textarea } from '@mantine/core';
import type { TextareaProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { limits } from '@fahrplan/contracts';
import type { CommentView } from '@fahrplan/contracts';
import { CommentList } from '../comments/CommentList';

interface PaneProps {
  comments: readonly CommentView[];
  isLoading: boolean;
  editable: boolean;
  /** The new-comment box's input props (value, onChange, error). */
  input: TextareaProps & { value: string };
}

/** §2 Comments of any record: the list oldest first and, in edit mode, the new-comment box. */
export function CommentsPane({ comments, isLoading, editable, input }: PaneProps) {
  const length = input.value.length;
  return (
    <Stack>
      <CommentList comments={comments} isLoading={isLoading} />
      {editable && (
        <Stack gap={4}>
          <Textarea label="New comment" autosize minRows={3} maxRows={8} {...input} />
          <Text size="xs" c={length > limits.comment ? 'red' : 'dimmed'} ta="right" aria-live="polite">
            {length} / {limits.comment}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

/** The record's comments (a query's answer) with the form's new-comment box. */
export function FormCommentsPane<V extends { comment: string }>({
  form,
  editable,
  query: { data = [], isLoading },
}: {
  form: UseFormReturnType<V>;
  editable: boolean;
  query: { data?: readonly CommentView[]; isLoading: boolean };
}) {
  return (
    <CommentsPane
      comments={data}
      isLoading={isLoading}
      editable={editable}
      input={{ ...form.getInputProps('comment'), value: form.values.comment }}
    />
  );
}
