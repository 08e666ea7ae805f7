import { createScenarioSchema, renameScenarioSchema, scenarioDecider } from './scenario';
import type { ScenarioCommand, ScenarioContext, ScenarioEvent } from './scenario';
import { aContext, deciderSpec, fixedNow, freshId } from '../testing/decider-spec';

const spec = deciderSpec(scenarioDecider);

const create = (raw: Record<string, unknown>): ScenarioCommand => ({
  type: 'CreateScenario',
  data: createScenarioSchema.parse(raw),
});
const rename = (raw: Record<string, unknown>): ScenarioCommand => ({
  type: 'RenameScenario',
  data: renameScenarioSchema.parse(raw),
});
const discard = (id: number, version: number): ScenarioCommand => ({
  type: 'DiscardScenario',
  data: { id, version },
});
const context = (facts: Partial<ScenarioContext> = {}): ScenarioContext =>
  aContext({ newId: freshId(), tenantSince: '2025-01-06T08:00:00.000Z', ...facts });
const created = (id: number, from = fixedNow, description: string | null = null): ScenarioEvent => ({
  type: 'ScenarioCreated',
  data: { id, name: 'Q3 cut', description, from },
});
const renamed = (id: number, name: string, description: string | null = null): ScenarioEvent => ({
  type: 'ScenarioRenamed',
  data: { id, name, description },
});
const discarded = (id: number): ScenarioEvent => ({ type: 'ScenarioDiscarded', data: { id } });

describe('CreateScenario', () => {
  describe('when the scenario is new', () => {
    it('branches from now when no instant is given, the name trimmed', () => {
      const facts = context();
      spec
        .given([])
        .when(create({ name: ' Q3 cut ' }), facts)
        .then([created(facts.newId)]);
    });

    it('branches from any past instant since the tenant existed, in UTC, with a description', () => {
      const facts = context();
      spec
        .given([])
        .when(
          create({ name: 'Q3 cut', description: 'postpone CRM', from: '2026-01-05T09:00:00+01:00' }),
          facts,
        )
        .then([created(facts.newId, '2026-01-05T08:00:00.000Z', 'postpone CRM')]);
    });

    // the instant's rules are pastInstant's (rules/instants.unit.spec.ts): here, that `from` is checked
    it.each([
      ['in the future', '2026-03-02T09:30:01Z', 'not in the future'],
      ['before the tenant existed', '2025-01-06T07:59:59Z', 'not before the tenant existed'],
    ])('refuses an instant %s, naming the field', (_when, from, message) =>
      spec
        .given([])
        .when(create({ name: 'Q3 cut', from }), context())
        .thenThrows({ code: 'validation', details: { fieldErrors: [{ field: 'from', message }] } }),
    );

    it('refuses an empty name, an instant without a time zone and unknown fields in the schema', () => {
      expect(createScenarioSchema.safeParse({ name: '  ' }).success).toBe(false);
      expect(createScenarioSchema.safeParse({ name: 'x', from: '2026-01-05T09:00:00' }).success).toBe(false);
      expect(createScenarioSchema.safeParse({ name: 'x', copy: true }).success).toBe(false);
      expect(createScenarioSchema.safeParse({ name: 'x', description: 'y'.repeat(1001) }).success).toBe(
        false,
      );
    });
  });

  describe('when the scenario exists', () => {
    it('refuses to create it again', () => {
      const id = freshId();
      spec
        .given([created(id)])
        .when(create({ name: 'again' }), context({ newId: id }))
        .thenThrows({ code: 'conflict' });
    });
  });
});

describe('RenameScenario', () => {
  describe('when the scenario is open', () => {
    const id = freshId();

    it('renames it on the version the user saw, keeping the description when none is given', () =>
      spec
        .given([created(id, fixedNow, 'postpone CRM')])
        .when(rename({ id, version: 0, name: 'Q3 cut, CRM later' }), context())
        .then([renamed(id, 'Q3 cut, CRM later', 'postpone CRM')]));

    it('clears the description when it is sent empty', () =>
      spec
        .given([created(id, fixedNow, 'postpone CRM')])
        .when(rename({ id, version: 0, name: 'Q3 cut', description: '' }), context())
        .then([renamed(id, 'Q3 cut', null)]));

    it('records nothing when nothing changed', () =>
      spec
        .given([created(id), renamed(id, 'Q3 cut, CRM later')])
        .when(rename({ id, version: 1, name: 'Q3 cut, CRM later' }), context())
        .then([]));

    it('refuses a stale version, naming the current one', () =>
      spec
        .given([created(id), renamed(id, 'Q3 cut, CRM later')])
        .when(rename({ id, version: 0, name: 'other' }), context())
        .thenThrows({ code: 'conflict', details: { currentVersion: 1 } }));
  });

  describe('when the scenario is discarded', () => {
    it('refuses the rename as not found', () => {
      const id = freshId();
      spec
        .given([created(id), discarded(id)])
        .when(rename({ id, version: 1, name: 'other' }), context())
        .thenThrows({
          code: 'not_found',
          details: { reason: { code: 'not-found', params: { what: 'scenario' } } },
        });
    });
  });

  describe('when the scenario never existed', () => {
    it('refuses the rename as not found', () =>
      spec
        .given([])
        .when(rename({ id: freshId(), version: 0, name: 'x' }), context())
        .thenThrows({ code: 'not_found' }));
  });
});

describe('DiscardScenario', () => {
  describe('when the scenario is open', () => {
    const id = freshId();

    it('discards it with the version the user saw', () =>
      spec
        .given([created(id)])
        .when(discard(id, 0), context())
        .then([discarded(id)]));

    it('refuses a stale version, naming the current one', () =>
      spec
        .given([created(id), renamed(id, 'Q3 cut, CRM later')])
        .when(discard(id, 0), context())
        .thenThrows({ code: 'conflict', details: { currentVersion: 1 } }));
  });

  describe('when the scenario is discarded', () => {
    it('refuses another discard as not found', () => {
      const id = freshId();
      spec
        .given([created(id), discarded(id)])
        .when(discard(id, 1), context())
        .thenThrows({ code: 'not_found' });
    });
  });

  describe('when the scenario never existed', () => {
    it('refuses the discard as not found', () =>
      spec.given([]).when(discard(freshId(), 0), context()).thenThrows({ code: 'not_found' }));
  });
});

describe('scenarioDecider.evolve', () => {
  it('counts a rename and the discard as versions', () => {
    const id = freshId();
    const state = [created(id), renamed(id, 'Q3 cut v2', 'less'), discarded(id)].reduce(
      scenarioDecider.evolve,
      scenarioDecider.initialState,
    );
    expect(state).toEqual({
      status: 'discarded',
      id,
      name: 'Q3 cut v2',
      description: 'less',
      from: fixedNow,
      version: 2,
    });
  });

  it('ignores a rename or discard of a scenario it never saw created', () => {
    const id = freshId();
    expect(scenarioDecider.evolve(scenarioDecider.initialState, discarded(id))).toEqual({ status: 'absent' });
    expect(scenarioDecider.evolve(scenarioDecider.initialState, renamed(id, 'x'))).toEqual({
      status: 'absent',
    });
  });
});

describe('PublishScenario', () => {
  const publish = (id: number, version: number): ScenarioCommand => ({
    type: 'PublishScenario',
    data: { id, version },
  });
  const itemUpdated = { type: 'ItemUpdated', data: { id: 12, changes: { title: 'CRM later' } } };
  const change = { stream: 'item-12', expectedVersion: 3, events: [itemUpdated] };
  const deciding = (
    publishing: ScenarioContext['publish'],
    projects: ScenarioContext['projects'] = new Map(),
  ) => context({ publish: publishing, projects });
  const published = (id: number): ScenarioEvent => ({
    type: 'ScenarioPublished',
    data: { id, changes: [change] },
  });

  describe('when the scenario is open', () => {
    it('commits every change in one event, on the version the user saw', () => {
      const id = freshId();
      spec
        .given([created(id), renamed(id, 'Q3')])
        .when(publish(id, 1), deciding({ changes: [change], conflicts: [] }))
        .then([published(id)]);
    });

    it('refuses the whole publish with the conflicting records, storing nothing', () => {
      const id = freshId();
      const record = {
        kind: 'item' as const,
        id: 12,
        title: 'CRM',
        change: 'changed' as const,
        fields: [{ field: 'title', live: 'CRM now', scenario: 'CRM later' }],
        conflicts: [{ field: 'title', live: 'CRM now', scenario: 'CRM later' }],
      };
      spec
        .given([created(id)])
        .when(publish(id, 0), deciding({ changes: [change], conflicts: [record] }))
        .thenThrows({
          code: 'conflict',
          details: { reason: { code: 'scenario-conflict' }, extensions: { records: [record] } },
        });
    });

    describe('with an item put into a project', () => {
      const createdIn = (project: number) => ({
        stream: 'item-40',
        expectedVersion: null,
        events: [
          { type: 'ItemCreated', data: { id: 40, title: 'Pilot', group: project, subgroup: 'tasks' } },
        ],
      });
      const movedTo = (project: number) => ({
        stream: 'item-12',
        expectedVersion: 3,
        events: [{ type: 'ItemUpdated', data: { id: 12, changes: { group: project, subgroup: 'tasks' } } }],
      });
      const refusedFor = (record: {
        id: number;
        title: string;
        change: string;
        live: unknown;
        project: number;
      }) => ({
        code: 'conflict' as const,
        message: expect.stringContaining(record.title) as string,
        details: {
          reason: { code: 'scenario-conflict', params: { records: 1 } },
          extensions: {
            records: [
              {
                kind: 'item',
                id: record.id,
                title: record.title,
                change: record.change,
                fields: [{ field: 'group', live: record.live, scenario: record.project }],
                conflicts: [{ field: 'group', live: record.live, scenario: record.project }],
              },
            ],
          },
        },
      });

      it('publishes when the project is on the live plan', () => {
        const id = freshId();
        const changes = [createdIn(7), movedTo(8)];
        spec
          .given([created(id)])
          .when(
            publish(id, 0),
            deciding(
              { changes, conflicts: [] },
              new Map([
                [7, 'active'],
                [8, 'active'],
              ]),
            ),
          )
          .then([{ type: 'ScenarioPublished', data: { id, changes } }]);
      });

      it('refuses the publish naming an item created in a project deleted live since', () => {
        const id = freshId();
        spec
          .given([created(id)])
          .when(
            publish(id, 0),
            deciding({ changes: [createdIn(7)], conflicts: [] }, new Map([[7, 'deleted']])),
          )
          .thenThrows(refusedFor({ id: 40, title: 'Pilot', change: 'created', live: 'deleted', project: 7 }));
      });

      it('refuses the publish naming an item moved into a project the live plan does not have', () => {
        const id = freshId();
        spec
          .given([created(id)])
          .when(publish(id, 0), deciding({ changes: [movedTo(9)], conflicts: [] }, new Map()))
          .thenThrows(refusedFor({ id: 12, title: '#12', change: 'changed', live: null, project: 9 }));
      });

      it('publishes when the publish itself restores the project, or deletes the item again', () => {
        const id = freshId();
        const restored = {
          stream: 'group-7',
          expectedVersion: 5,
          events: [{ type: 'GroupRestored', data: { id: 7 } }],
        };
        const movedAndDeleted = {
          ...movedTo(9),
          events: [...movedTo(9).events, { type: 'ItemDeleted', data: { id: 12 } }],
        };
        const changes = [restored, createdIn(7), movedAndDeleted];
        spec
          .given([created(id)])
          .when(publish(id, 0), deciding({ changes, conflicts: [] }, new Map([[7, 'deleted']])))
          .then([{ type: 'ScenarioPublished', data: { id, changes } }]);
      });
    });

    it('refuses a stale version', () => {
      const id = freshId();
      spec
        .given([created(id), renamed(id, 'Q3')])
        .when(publish(id, 0), deciding({ changes: [], conflicts: [] }))
        .thenThrows({ code: 'conflict', details: { currentVersion: 1 } });
    });
  });

  describe('when the scenario is published', () => {
    it('is closed: a second publish, a rename and a discard find no open scenario', () => {
      const id = freshId();
      const closed = [created(id), published(id)];
      spec
        .given(closed)
        .when(publish(id, 1), deciding({ changes: [], conflicts: [] }))
        .thenThrows({
          code: 'not_found',
        });
      spec
        .given(closed)
        .when(rename({ id, version: 1, name: 'x' }), context())
        .thenThrows({
          code: 'not_found',
        });
      spec.given(closed).when(discard(id, 1), context()).thenThrows({ code: 'not_found' });
    });

    it('records the reversal of its publish, and is open again after it, at the next version', () => {
      const id = freshId();
      const reverted: ScenarioEvent = { type: 'ScenarioPublishReverted', data: { id, records: [] } };
      spec
        .given([created(id), published(id)])
        .when({ type: 'RevertScenarioPublish', data: { id, records: [] } }, context())
        .then([reverted]);
      spec
        .given([created(id), published(id), reverted])
        .when(publish(id, 2), deciding({ changes: [change], conflicts: [] }))
        .then([published(id)]);
    });

    it('has no publish to revert while open', () => {
      const id = freshId();
      spec
        .given([created(id)])
        .when({ type: 'RevertScenarioPublish', data: { id, records: [] } }, context())
        .thenThrows({ code: 'not_found' });
    });
  });
});
