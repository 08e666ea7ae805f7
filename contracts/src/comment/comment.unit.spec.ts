import { commentDecider, createCommentSchema } from './comment';
import type { CommentCommand, CommentContext, CommentEvent, CreateCommentData } from './comment';
import { aContext, deciderSpec, fixedNow, freshId } from '../testing/decider-spec';

const spec = deciderSpec(commentDecider);

const aComment = (overrides: Partial<CreateCommentData> = {}): CreateCommentData => ({
  refType: 'application',
  refId: freshId(),
  description: 'Go-live moved to Q3',
  ...overrides,
});
const create = (raw: Record<string, unknown>): CommentCommand => ({
  type: 'CreateComment',
  data: createCommentSchema.parse(raw),
});
const context = (facts: Partial<CommentContext> = {}): CommentContext =>
  aContext({ newId: freshId(), refExists: true, ...facts });

describe('comment decider', () => {
  describe('when no comment exists', () => {
    it('records the comment with its author, the decision time and the trimmed text', () => {
      const ctx = context({ user: 'bob' });
      const comment = aComment();
      spec
        .given([])
        .when(create({ ...comment, description: '  Go-live moved to Q3 \n' }), ctx)
        .then([
          {
            type: 'CommentCreated',
            data: { ...comment, id: ctx.newId, createdAt: fixedNow, createdBy: 'bob' },
          },
        ]);
    });

    it.each([
      ['application', 'application not found'],
      ['PROJECT', 'group not found'],
      ['task', 'item not found'],
    ] as const)('refuses a comment on a missing %s with "%s"', (refType, message) =>
      spec
        .given([])
        .when(create(aComment({ refType })), context({ refExists: false }))
        .thenThrows({ code: 'not_found', message }),
    );
  });

  describe('when the comment exists', () => {
    const id = freshId();
    const history: CommentEvent[] = [
      {
        type: 'CommentCreated',
        data: { ...aComment(), id, createdAt: fixedNow, createdBy: 'alice' },
      },
    ];

    it('refuses to create it again', () =>
      spec
        .given(history)
        .when(create(aComment()), context({ newId: id }))
        .thenThrows({ code: 'conflict', message: 'comment exists already' }));
  });
});

describe('commentDecider.evolve', () => {
  it('starts absent and becomes active with the id of its creation', () => {
    const id = freshId();
    expect(commentDecider.initialState).toEqual({ status: 'absent' });
    expect(
      commentDecider.evolve(commentDecider.initialState, {
        type: 'CommentCreated',
        data: { ...aComment(), id, createdAt: fixedNow, createdBy: 'alice' },
      }),
    ).toEqual({ status: 'active', id });
  });
});

describe('createCommentSchema', () => {
  const messages = (raw: unknown) =>
    createCommentSchema.safeParse(raw).error?.issues.map((i) => i.message) ?? [];

  it('accepts 2000 characters (§5 new comment)', () =>
    expect(createCommentSchema.parse(aComment({ description: 'x'.repeat(2000) })).description).toHaveLength(
      2000,
    ));

  it('refuses 2001 characters', () =>
    expect(messages(aComment({ description: 'x'.repeat(2001) }))).toEqual(['at most 2000 characters']));

  it('refuses a blank text', () => expect(messages(aComment({ description: ' \n ' }))).toEqual(['required']));

  it.each([
    ['an unknown reference type', { refType: 'GROUP' }],
    ['a reference id of 0', { refId: 0 }],
    ['a fractional reference id', { refId: 1.5 }],
    ['an unknown field', { author: 'mallory' }],
  ])('refuses %s', (_, overrides) =>
    expect(createCommentSchema.safeParse({ ...aComment(), ...overrides }).success).toBe(false),
  );
});
