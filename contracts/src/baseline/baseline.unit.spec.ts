import { baselineDecider, createBaselineSchema } from './baseline';
import type { BaselineCommand, BaselineContext, BaselineEvent } from './baseline';
import { aContext, deciderSpec, fixedNow, freshId } from '../testing/decider-spec';

const spec = deciderSpec(baselineDecider);

const create = (raw: Record<string, unknown>): BaselineCommand => ({
  type: 'CreateBaseline',
  data: createBaselineSchema.parse(raw),
});
const remove = (id: number, version?: number): BaselineCommand => ({
  type: 'DeleteBaseline',
  data: version === undefined ? { id } : { id, version },
});
const context = (facts: Partial<BaselineContext> = {}): BaselineContext =>
  aContext({ newId: freshId(), tenantSince: '2025-01-06T08:00:00.000Z', ...facts });
const created = (id: number, at = fixedNow): BaselineEvent => ({
  type: 'BaselineCreated',
  data: { id, name: 'Q1 commitment', at },
});

describe('CreateBaseline', () => {
  describe('when the baseline is new', () => {
    it('names the plan as it stands now when no instant is given', () => {
      const facts = context();
      spec
        .given([])
        .when(create({ name: ' Q1 commitment ' }), facts)
        .then([created(facts.newId)]);
    });

    it('names any past instant since the tenant existed, in UTC', () => {
      const facts = context();
      spec
        .given([])
        .when(create({ name: 'Q1 commitment', at: '2026-01-05T09:00:00+01:00' }), facts)
        .then([created(facts.newId, '2026-01-05T08:00:00.000Z')]);
    });

    it('accepts the very instant the tenant was created', () => {
      const facts = context();
      spec
        .given([])
        .when(create({ name: 'Q1 commitment', at: '2025-01-06T08:00:00Z' }), facts)
        .then([created(facts.newId, '2025-01-06T08:00:00.000Z')]);
    });

    it('refuses an instant in the future, naming the field', () =>
      spec
        .given([])
        .when(create({ name: 'Q1 commitment', at: '2026-03-02T09:30:01Z' }), context())
        .thenThrows({
          code: 'validation',
          details: { fieldErrors: [{ field: 'at', message: 'not in the future' }] },
        }));

    it('refuses an instant before the tenant existed', () =>
      spec
        .given([])
        .when(create({ name: 'Q1 commitment', at: '2025-01-06T07:59:59Z' }), context())
        .thenThrows({
          code: 'validation',
          details: { fieldErrors: [{ field: 'at', message: 'not before the tenant existed' }] },
        }));

    it('names now even when the tenant’s first event carries a later time (clocks of writers disagree)', () => {
      const facts = context({ tenantSince: '2026-03-02T09:31:00.000Z' });
      spec
        .given([])
        .when(create({ name: 'Q1 commitment' }), facts)
        .then([created(facts.newId)]);
    });

    it('refuses an empty name and an instant without a time zone in the schema', () => {
      expect(createBaselineSchema.safeParse({ name: '  ' }).success).toBe(false);
      expect(createBaselineSchema.safeParse({ name: 'x', at: '2026-01-05T09:00:00' }).success).toBe(false);
      expect(createBaselineSchema.safeParse({ name: 'x', copy: true }).success).toBe(false);
    });
  });

  describe('when the baseline exists', () => {
    it('refuses to create it again', () => {
      const id = freshId();
      spec
        .given([created(id)])
        .when(create({ name: 'again' }), context({ newId: id }))
        .thenThrows({ code: 'conflict' });
    });
  });
});

describe('DeleteBaseline', () => {
  describe('when the baseline exists', () => {
    const id = freshId();

    it('deletes it with the version the user saw', () =>
      spec
        .given([created(id)])
        .when(remove(id, 0), context())
        .then([{ type: 'BaselineDeleted', data: { id } }]));

    it('deletes it without a version', () =>
      spec
        .given([created(id)])
        .when(remove(id), context())
        .then([{ type: 'BaselineDeleted', data: { id } }]));

    it('refuses a stale version, naming the current one', () =>
      spec
        .given([created(id)])
        .when(remove(id, 3), context())
        .thenThrows({ code: 'conflict', details: { currentVersion: 0 } }));
  });

  describe('when the baseline is deleted', () => {
    const id = freshId();
    it('refuses another delete as not found', () =>
      spec
        .given([created(id), { type: 'BaselineDeleted', data: { id } }])
        .when(remove(id), context())
        .thenThrows({
          code: 'not_found',
          details: { reason: { code: 'not-found', params: { what: 'baseline' } } },
        }));
  });

  describe('when the baseline never existed', () => {
    it('refuses the delete as not found', () =>
      spec.given([]).when(remove(freshId(), 0), context()).thenThrows({ code: 'not_found' }));
  });
});

describe('baselineDecider.evolve', () => {
  it('counts the deletion as a version', () => {
    const id = freshId();
    const state = [created(id), { type: 'BaselineDeleted', data: { id } } as BaselineEvent].reduce(
      baselineDecider.evolve,
      baselineDecider.initialState,
    );
    expect(state).toEqual({ status: 'deleted', id, name: 'Q1 commitment', at: fixedNow, version: 1 });
  });
});
