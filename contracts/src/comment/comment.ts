import { z } from 'zod';
import { deciderOf } from '../decider';
import type { DecisionContext, DomainEvent } from '../events';
import { existsAlready, notFound } from '../errors';
import { limits, requiredText } from '../rules/limits';

export const commentRefTypes = ['application', 'PROJECT', 'task'] as const;
export type CommentRefType = (typeof commentRefTypes)[number];

export const createCommentSchema = z.strictObject({
  refType: z.enum(commentRefTypes),
  refId: z.number().int().positive(),
  description: requiredText(limits.comment),
});
export type CreateCommentData = z.infer<typeof createCommentSchema>;
export type CommentCommand = { readonly type: 'CreateComment'; readonly data: CreateCommentData };

export type CommentCreated = DomainEvent<
  'CommentCreated',
  CreateCommentData & { readonly id: number; readonly createdAt: string; readonly createdBy: string }
>;
export type CommentEvent = CommentCreated;

export type CommentState = { readonly status: 'absent' } | { readonly status: 'active'; readonly id: number };
export const initialCommentState: CommentState = { status: 'absent' };

export const evolveComment = (_state: CommentState, event: CommentEvent): CommentState => ({
  status: 'active',
  id: event.data.id,
});

export interface CommentContext extends DecisionContext {
  readonly newId: number;
  /** Whether the referenced record exists (and is not deleted) in the tenant. */
  readonly refExists: boolean;
}

const refName: Record<CommentRefType, string> = {
  application: 'application',
  PROJECT: 'group',
  task: 'item',
};

export const decideComment = (
  command: CommentCommand,
  state: CommentState,
  context: CommentContext,
): CommentEvent[] => {
  if (state.status !== 'absent') throw existsAlready('comment');
  if (!context.refExists) throw notFound(refName[command.data.refType]);
  return [
    {
      type: 'CommentCreated',
      data: { ...command.data, id: context.newId, createdAt: context.now, createdBy: context.user },
    },
  ];
};

export const commentDecider = deciderOf(decideComment, evolveComment, initialCommentState);
