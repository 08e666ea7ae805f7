import { deleteResourceSchema, resourceDecider, saveResourceSchema } from './resource';
import type { ResourceCommand, ResourceContext, ResourceEvent } from './resource';
import { aContext, deciderSpec, freshId } from '../testing/decider-spec';

const spec = deciderSpec(resourceDecider);

const save = (raw: Record<string, unknown>): ResourceCommand => ({
  type: 'SaveResource',
  data: saveResourceSchema.parse(raw),
});
const remove = (raw: Record<string, unknown>): ResourceCommand => ({
  type: 'DeleteResource',
  data: deleteResourceSchema.parse(raw),
});
const context = (facts: Partial<ResourceContext> = {}): ResourceContext =>
  aContext({ newId: freshId(), ...facts });

const created = (id: number, name = 'Platform team'): ResourceEvent => ({
  type: 'ResourceCreated',
  data: { id, name },
});

describe('resource decider', () => {
  describe('when no resource exists', () => {
    it('creates it with the new id and the trimmed name', () => {
      const ctx = context();
      spec
        .given([])
        .when(save({ name: '  Platform team \n' }), ctx)
        .then([
          {
            type: 'ResourceCreated',
            data: { id: ctx.newId, name: 'Platform team', calendar: null, share: 100 },
          },
        ]);
    });

    it('creates it with its own calendar and part-time share (issue 24)', () => {
      const ctx = context();
      spec
        .given([])
        .when(save({ name: 'Anna', calendar: 7, share: 80 }), ctx)
        .then([{ type: 'ResourceCreated', data: { id: ctx.newId, name: 'Anna', calendar: 7, share: 80 } }]);
    });

    it('refuses a rename of a resource that does not exist', () =>
      spec
        .given([])
        .when(save({ id: freshId(), version: 0, name: 'Finance IT' }), context())
        .thenThrows({ code: 'not_found', message: 'resource not found' }));

    it('refuses to delete it', () =>
      spec
        .given([])
        .when(remove({ id: freshId(), version: 0 }), context())
        .thenThrows({ code: 'not_found', message: 'resource not found' }));
  });

  describe('when the resource exists', () => {
    const id = freshId();
    const history = [created(id)];

    it('refuses to create it again', () =>
      spec
        .given(history)
        .when(save({ name: 'Platform team' }), context({ newId: id }))
        .thenThrows({ code: 'conflict', message: 'resource exists already' }));

    it('renames it with the version the user saw', () =>
      spec
        .given(history)
        .when(save({ id, version: 0, name: ' Finance IT ' }), context())
        .then([{ type: 'ResourceRenamed', data: { id, name: 'Finance IT' } }]));

    it('changes its calendar and share, keeping what the command omits', () => {
      spec
        .given(history)
        .when(save({ id, version: 0, name: 'Platform team', calendar: 3 }), context())
        .then([{ type: 'ResourceCalendarChanged', data: { id, calendar: 3, share: 100 } }]);
      spec
        .given([...history, { type: 'ResourceCalendarChanged', data: { id, calendar: 3, share: 100 } }])
        .when(save({ id, version: 1, name: 'Blue team', share: 50 }), context())
        .then([
          { type: 'ResourceRenamed', data: { id, name: 'Blue team' } },
          { type: 'ResourceCalendarChanged', data: { id, calendar: 3, share: 50 } },
        ]);
    });

    it('refuses a share outside 1–100 percent', () => {
      expect(saveResourceSchema.safeParse({ name: 'A', share: 0 }).success).toBe(false);
      expect(saveResourceSchema.safeParse({ name: 'A', share: 101 }).success).toBe(false);
      expect(saveResourceSchema.safeParse({ name: 'A', share: 100, calendar: null }).success).toBe(true);
    });

    it('records nothing when the name does not change', () =>
      spec
        .given(history)
        .when(save({ id, version: 0, name: 'Platform team ' }), context())
        .then([]));

    it('refuses a rename with a stale version, naming the current one', () =>
      spec
        .given([...history, { type: 'ResourceRenamed', data: { id, name: 'Finance IT' } }])
        .when(save({ id, version: 0, name: 'Anna Keller' }), context())
        .thenThrows({ code: 'conflict', details: { currentVersion: 1 } }));

    it('deletes it with the version the user saw', () =>
      spec
        .given(history)
        .when(remove({ id, version: 0 }), context())
        .then([{ type: 'ResourceDeleted', data: { id } }]));

    it('refuses a delete with a stale version', () =>
      spec
        .given(history)
        .when(remove({ id, version: 3 }), context())
        .thenThrows({ code: 'conflict', details: { currentVersion: 0 } }));
  });

  describe('when the resource is deleted', () => {
    const id = freshId();
    const history: ResourceEvent[] = [created(id), { type: 'ResourceDeleted', data: { id } }];

    it('refuses to rename it', () =>
      spec
        .given(history)
        .when(save({ id, version: 1, name: 'Finance IT' }), context())
        .thenThrows({ code: 'not_found', message: 'resource not found' }));

    it('refuses to delete it again', () =>
      spec
        .given(history)
        .when(remove({ id, version: 1 }), context())
        .thenThrows({ code: 'not_found', message: 'resource not found' }));
  });
});

describe('resourceDecider.evolve', () => {
  it('counts the version from 0 and keeps the last name through a delete', () => {
    const id = freshId();
    const states = [
      created(id),
      { type: 'ResourceRenamed', data: { id, name: 'Finance IT' } },
      { type: 'ResourceDeleted', data: { id } },
    ].reduce(
      (list, event) => [...list, resourceDecider.evolve(list.at(-1)!, event as ResourceEvent)],
      [resourceDecider.initialState],
    );

    expect(states).toEqual([
      { status: 'absent' },
      { status: 'active', id, name: 'Platform team', calendar: null, share: 100, version: 0 },
      { status: 'active', id, name: 'Finance IT', calendar: null, share: 100, version: 1 },
      { status: 'deleted', id, name: 'Finance IT', calendar: null, share: 100, version: 2 },
    ]);
  });
});

describe('saveResourceSchema', () => {
  const messages = (raw: unknown) =>
    saveResourceSchema.safeParse(raw).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

  it('accepts 100 characters after trimming', () =>
    expect(saveResourceSchema.parse({ name: ` ${'x'.repeat(100)} ` }).name).toHaveLength(100));

  it.each([
    ['101 characters', { name: 'x'.repeat(101) }, ['name: at most 100 characters']],
    ['a blank name', { name: '  ' }, ['name: required']],
    ['no name', {}, ['name: required']],
    ['an id without version', { id: 5, name: 'Team' }, ['version: required when updating']],
  ])('refuses %s', (_, raw, expected) => expect(messages(raw)).toEqual(expected));

  it.each([
    ['an unknown field', { name: 'Team', tenant: 'other' }],
    ['an id of 0', { id: 0, version: 0, name: 'Team' }],
    ['a negative version', { id: 1, version: -1, name: 'Team' }],
  ])('refuses %s', (_, raw) => expect(saveResourceSchema.safeParse(raw).success).toBe(false));
});
