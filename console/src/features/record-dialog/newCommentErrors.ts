import type { FormErrors } from '@mantine/form';
import { createCommentSchema } from '@fahrplan/contracts';
import { zodValidate } from '../common/zodValidate';

const commentErrors = zodValidate(
  createCommentSchema.shape.description,
  (values: { readonly comment: string }) => values.comment,
  () => 'comment',
);

/**
 * The record dialogs' new comment (the form field `comment`): once one is typed, what CreateComment
 * would refuse of it; nothing while it is empty.
 */
export const newCommentErrors = (values: { readonly comment: string }): FormErrors =>
  values.comment.trim() ? commentErrors(values) : {};
