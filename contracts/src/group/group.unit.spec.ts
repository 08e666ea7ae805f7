import {
  addSubgroupSchema,
  groupFieldsSchema,
  renameSubgroupSchema,
  saveGroupSchema,
} from './group.commands';
import { groupDecider } from './group.decide';
import { subgroupsOf } from './subgroups';
import type { GroupCommand, GroupFields } from './group.commands';
import type { GroupEvent } from './group.events';
import type { GroupContext } from './group.decide';
import { createGoalSchema, goalDecider } from '../goal/goal';
import type { GoalCommand, GoalContext, GoalEvent } from '../goal/goal';
import { aContext, deciderSpec, fixedNow, freshId } from '../testing/decider-spec';
import { countWorkingDays, publicHolidays } from '../rules/calendar';
import { bernDefinition } from '../calendar/definition';
import { calendarRules } from '../calendar/rules';
import { priority } from '../rules/priority';

const spec = deciderSpec(groupDecider);
const goals = deciderSpec(goalDecider);

const save = (raw: Record<string, unknown>): GroupCommand => ({
  type: 'SaveGroup',
  data: saveGroupSchema.parse(raw),
});
const context = (facts: Partial<GroupContext> = {}): GroupContext =>
  aContext({ newId: freshId(), parentChain: [], ...facts });

const today = fixedNow.slice(0, 10);
const zeroMetrics = ['WICHTIGKEIT', 'DRINGLICHKEIT', 'ARCHITEKTUR', 'BETRIEB', 'GESCHAEFTSPROZESSE'].map(
  (type) => ({ group: null, type, value: 0 }),
);

/** A project with every field set; override what the test is about. */
const aGroup = (overrides: Partial<GroupFields> = {}): GroupFields =>
  groupFieldsSchema.parse({
    title: 'Roll-out',
    shortname: 'RO',
    description: 'Roll the new billing out',
    contact: 'Jane Roe',
    projectNr: 'P-100',
    docUrl: 'https://docs.example.com/ro',
    iamId: 'IAM-1',
    start: '2026-03-02',
    end: '2026-03-09',
    parent: null,
    parentOrder: null,
    jirarepo: { id: 'RO', url: 'https://jira.example.com/RO' },
    jiraid: 'RO-1',
    cockpitid: 'C-1',
    metric1: 1,
    metric2: 2,
    metric3: 3,
    metric4: 0,
    metrics: zeroMetrics,
    healthStatus: 0,
    phase: 0,
    status: 3,
    art: 0,
    klasse: 0,
    resource: null,
    applications: [],
    attributes: [],
    account: null,
    visible: true,
    ...overrides,
  });
const created = (id: number, fields: GroupFields = aGroup()): GroupEvent => ({
  type: 'GroupCreated',
  data: { id, ...fields },
});

describe('SaveGroup creating a project', () => {
  it('fills in the §4 new-project defaults: status 3, codes 0, metrics 0, start = end = today', () => {
    const id = freshId();
    spec
      .given([])
      .when(save({ title: '  Roll-out ' }), context({ newId: id }))
      .then([
        {
          type: 'GroupCreated',
          data: {
            id,
            ...aGroup({
              shortname: null,
              description: null,
              contact: null,
              projectNr: null,
              docUrl: null,
              iamId: null,
              start: today,
              end: today,
              jirarepo: null,
              jiraid: null,
              cockpitid: null,
              metric1: 0,
              metric2: 0,
              metric3: 0,
            }),
          },
        },
      ]);
  });

  it('ends a project given only a start on that start day', () => {
    const id = freshId();
    const [event] = groupDecider.decide(
      save({ title: 'X', start: '2026-05-04' }),
      groupDecider.initialState,
      context({ newId: id }),
    );
    expect(event).toMatchObject({ data: { start: '2026-05-04', end: '2026-05-04' } });
  });

  it('refuses an end before the start', () =>
    spec
      .given([])
      .when(save({ title: 'X', start: '2026-05-04', end: '2026-05-01' }), context())
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'end', message: 'the end cannot precede the begin' }] },
      }));

  it.each([
    ['title', 'x'.repeat(201)],
    ['description', 'x'.repeat(1001)],
    ['projectNr', 'x'.repeat(51)],
    ['iamId', 'x'.repeat(51)],
    ['jiraid', 'x'.repeat(101)],
    ['metric1', 10],
    ['metric3', -1],
    ['metric4', 13],
  ])('refuses %s out of its §5/§9 limits', (field, value) =>
    expect(saveGroupSchema.safeParse({ title: 'X', [field]: value }).success).toBe(false),
  );

  it('accepts the slider maxima (metric1–3 9, metric4 12)', () =>
    expect(saveGroupSchema.safeParse({ title: 'X', metric1: 9, metric3: 9, metric4: 12 }).success).toBe(
      true,
    ));

  it('refuses a parent the tenant does not have', () =>
    spec
      .given([])
      .when(save({ title: 'X', parent: 5 }), context({ parentChain: null }))
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'parent', message: 'not found' }] },
      }));

  it('refuses applications the tenant does not have', () =>
    spec
      .given([])
      .when(save({ title: 'X', applications: [4, 5] }), context({ unknownApplications: [5] }))
      .thenThrows({ code: 'validation', message: 'unknown applications: 5' }));

  it('links applications only with the ALM feature', () => {
    spec
      .given([])
      .when(save({ title: 'X', applications: [4] }), context({ alm: false }))
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'applications', message: 'needs ALM' }] },
      });
    const id = freshId();
    const [event] = groupDecider.decide(
      save({ title: 'X', applications: [4, 4] }),
      groupDecider.initialState,
      context({ newId: id, alm: true }),
    );
    expect(event).toMatchObject({ data: { applications: [4] } });
  });

  it('sets metric4 to the computed priority when metrics are given without metric4', () => {
    const id = freshId();
    const metrics = [
      { type: 'WICHTIGKEIT', value: 8 },
      { type: 'ARCHITEKTUR', value: 6 },
    ] as const;
    const [event] = groupDecider.decide(
      save({ title: 'X', metrics }),
      groupDecider.initialState,
      context({ newId: id }),
    );
    const expected = priority(metrics.map((m) => ({ ...m })));
    expect(expected).toBe(6); // 3.5 + 2
    expect(event).toMatchObject({ data: { metric4: expected } });
  });
});

describe('SaveGroup updating a project', () => {
  it('records only the changed fields; omitted stay, null clears', () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when(save({ id, version: 0, title: 'Roll-out', description: null, contact: 'John' }), context())
      .then([{ type: 'GroupUpdated', data: { id, changes: { description: null, contact: 'John' } } }]);
  });

  it('records nothing when nothing changes', () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when(save({ id, version: 0, title: 'Roll-out' }), context())
      .then([]);
  });

  it('refuses a stale version with the current one', () => {
    const id = freshId();
    spec
      .given([created(id), { type: 'GroupUpdated', data: { id, changes: { contact: 'A' } } }])
      .when(save({ id, version: 0, contact: 'B' }), context())
      .thenThrows({ code: 'conflict', details: { currentVersion: 1 } });
  });

  it('refuses an unknown or deleted project', () => {
    const id = freshId();
    spec
      .given([])
      .when(save({ id, version: 0, contact: 'B' }), context())
      .thenThrows({ code: 'not_found' });
    spec
      .given([created(id), { type: 'GroupDeleted', data: { id } }])
      .when(save({ id, version: 1, contact: 'B' }), context())
      .thenThrows({ code: 'not_found' });
  });

  it('refuses a parent that would make a cycle, and itself as parent', () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when(save({ id, version: 0, parent: 77 }), context({ parentChain: [77, 78, id] }))
      .thenThrows({ code: 'validation', details: { fieldErrors: [{ field: 'parent', message: 'cycle' }] } });
    spec
      .given([created(id)])
      .when(save({ id, version: 0, parent: id }), context({ parentChain: [id] }))
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'parent', message: 'not itself' }] },
      });
  });

  it('moves the end keeping the working-day duration when only the start changes (§4)', () => {
    const id = freshId();
    const [event] = groupDecider.decide(
      save({ id, version: 0, start: '2026-03-09' }),
      groupDecider.evolve(groupDecider.initialState, created(id)),
      context(),
    );
    const changes = (event as Extract<GroupEvent, { type: 'GroupUpdated' }>).data.changes;
    expect(changes.start).toBe('2026-03-09');
    expect(countWorkingDays('2026-03-09', changes.end!)).toBe(countWorkingDays('2026-03-02', '2026-03-09'));
    expect(changes.end).toBe('2026-03-14'); // the day after Friday, the fifth working day
  });

  it('moves the end on the working days of the calendar in the context (issue 24)', () => {
    const id = freshId();
    const fourDays = calendarRules(
      [{ effectiveFrom: null, definition: { ...bernDefinition, workingWeekdays: [1, 2, 3, 4] } }],
      (_region, year) => publicHolidays(year),
    );
    const [event] = groupDecider.decide(
      save({ id, version: 0, start: '2026-03-09' }),
      groupDecider.evolve(groupDecider.initialState, created(id)),
      context({ rules: fourDays }),
    );
    const changes = (event as Extract<GroupEvent, { type: 'GroupUpdated' }>).data.changes;
    // [2 Mar, 9 Mar) holds four working days Monday to Thursday: from Monday 9 March, 9–12 → 13 March
    expect(changes.end).toBe('2026-03-13');
  });

  it('keeps a given end when start and end change together, and checks it', () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when(save({ id, version: 0, start: '2026-04-01', end: '2026-03-20' }), context())
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'end', message: 'the end cannot precede the begin' }] },
      });
  });

  it('clears the issue id when the repository is cleared', () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when(save({ id, version: 0, jirarepo: null }), context())
      .then([{ type: 'GroupUpdated', data: { id, changes: { jirarepo: null, jiraid: null } } }]);
  });

  it('overwrites metric4 with the priority when the rating metrics change, unless metric4 is given', () => {
    const id = freshId();
    const metrics = [{ group: null, type: 'WICHTIGKEIT' as const, value: 10 }];
    spec
      .given([created(id)])
      .when(save({ id, version: 0, metrics }), context())
      .then([{ type: 'GroupUpdated', data: { id, changes: { metrics, metric4: 4 } } }]);
    spec
      .given([created(id)])
      .when(save({ id, version: 0, metrics, metric4: 11 }), context())
      .then([{ type: 'GroupUpdated', data: { id, changes: { metrics, metric4: 11 } } }]);
  });

  it('links an account only when it is this project’s', () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when(save({ id, version: 0, account: 9 }), context({ account: { refType: 'group', refId: id } }))
      .then([{ type: 'GroupUpdated', data: { id, changes: { account: 9 } } }]);
    spec
      .given([created(id)])
      .when(save({ id, version: 0, account: 9 }), context({ account: { refType: 'application', refId: id } }))
      .thenThrows({ code: 'validation', message: 'the account belongs to another record' });
    spec
      .given([created(id)])
      .when(save({ id, version: 0, account: 9 }), context({ account: null }))
      .thenThrows({ code: 'not_found' });
  });
});

describe('DeleteGroup', () => {
  it('soft-deletes with the current version and refuses a stale one', () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when({ type: 'DeleteGroup', data: { id, version: 0 } }, context())
      .then([{ type: 'GroupDeleted', data: { id } }]);
    spec
      .given([created(id), { type: 'GroupDeleted', data: { id } }])
      .when({ type: 'DeleteGroup', data: { id, version: 1 } }, context())
      .thenThrows({ code: 'not_found' });
    spec
      .given([created(id), { type: 'GroupUpdated', data: { id, changes: { contact: 'A' } } }])
      .when({ type: 'DeleteGroup', data: { id, version: 0 } }, context())
      .thenThrows({ code: 'conflict' });
  });
});

describe('DeleteGroup while something depends on the project', () => {
  const remove = (id: number, version = 0): GroupCommand => ({ type: 'DeleteGroup', data: { id, version } });

  it("refuses while live projects name it as parent, naming them (another tenant's by id only)", () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when(remove(id), context({ subprojects: [{ id: 7, title: 'Pilot' }] }))
      .thenThrows({
        code: 'conflict',
        message: "the project has a subproject ('Pilot'): delete it or give it another parent first",
      });
    spec
      .given([created(id)])
      .when(
        remove(id),
        context({
          subprojects: [
            { id: 7, title: 'Pilot' },
            { id: 8, title: 'Wave 2' },
            { id: 9, title: null },
            { id: 10, title: 'Wave 3' },
          ],
        }),
      )
      .thenThrows({
        code: 'conflict',
        message:
          "the project has 4 subprojects ('Pilot', 'Wave 2', #9 of another tenant and 1 more): delete them or give them another parent first",
      });
  });

  it('refuses while it is shared, pending or accepted, naming the tenants', () => {
    const id = freshId();
    const shared: GroupEvent[] = [
      created(id),
      { type: 'ProjectShared', data: { id, tenant: 'beta', status: 'PENDING' } },
      { type: 'ProjectShared', data: { id, tenant: 'gamma', status: 'PENDING' } },
      { type: 'ProjectShareAccepted', data: { id, tenant: 'gamma' } },
    ];
    spec.given(shared).when(remove(id, 3), context()).thenThrows({
      code: 'conflict',
      message: "the project is shared with 'beta' (pending), 'gamma' (accepted): revoke the shares first",
    });
    spec
      .given([
        ...shared,
        { type: 'ProjectUnshared', data: { id, tenant: 'beta' } },
        { type: 'ProjectUnshared', data: { id, tenant: 'gamma' } },
      ])
      .when(remove(id, 5), context({ subprojects: [] }))
      .then([{ type: 'GroupDeleted', data: { id } }]);
  });
});

describe('RestoreGroup', () => {
  const restore = (id: number, version: number): GroupCommand => ({
    type: 'RestoreGroup',
    data: { id, version },
  });

  it('restores a deleted project at the version of its deletion, as a new event', () => {
    const id = freshId();
    const history: GroupEvent[] = [created(id), { type: 'GroupDeleted', data: { id } }];
    spec
      .given(history)
      .when(restore(id, 1), context())
      .then([{ type: 'GroupRestored', data: { id } }]);
    const state = [...history, { type: 'GroupRestored', data: { id } } as GroupEvent].reduce(
      groupDecider.evolve,
      groupDecider.initialState,
    );
    expect(state).toMatchObject({ status: 'active', version: 2, fields: { title: 'Roll-out' } });
  });

  it('refuses a live project, an unknown one, a stale version and a deleted parent', () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when(restore(id, 0), context())
      .thenThrows({ code: 'conflict', message: 'the project is not deleted' });
    spec.given([]).when(restore(id, 0), context()).thenThrows({ code: 'not_found' });
    const child: GroupEvent[] = [created(id, aGroup({ parent: 5 })), { type: 'GroupDeleted', data: { id } }];
    spec
      .given(child)
      .when(restore(id, 0), context())
      .thenThrows({ code: 'conflict', details: { currentVersion: 1 } });
    spec
      .given(child)
      .when(restore(id, 1), context({ parentChain: null }))
      .thenThrows({ code: 'conflict', message: 'the parent project is deleted: restore it first' });
    spec
      .given(child)
      .when(restore(id, 1), context({ parentChain: [5] }))
      .then([{ type: 'GroupRestored', data: { id } }]);
  });
});

describe('SetGroupGoals', () => {
  it('records changed goal values only, the last value per goal winning', () => {
    const id = freshId();
    spec
      .given([created(id), { type: 'GroupGoalsSet', data: { id, goals: [{ goalId: 1, value: 3 }] } }])
      .when(
        {
          type: 'SetGroupGoals',
          data: {
            id,
            goals: [
              { goalId: 1, value: 3 },
              { goalId: 2, value: 1 },
              { goalId: 2, value: 9 },
            ],
          },
        },
        context({ unknownGoals: [] }),
      )
      .then([{ type: 'GroupGoalsSet', data: { id, goals: [{ goalId: 2, value: 9 }] } }]);
  });

  it('refuses goals the tenant does not have', () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when(
        { type: 'SetGroupGoals', data: { id, goals: [{ goalId: 8, value: 1 }] } },
        context({ unknownGoals: [8] }),
      )
      .thenThrows({ code: 'validation', message: 'unknown goals: 8' });
  });
});

describe('ShareProject / UnshareProject', () => {
  const share = (id: number, tenant: string): GroupCommand => ({
    type: 'ShareProject',
    data: { id, tenant },
  });
  const unshare = (id: number, tenant: string): GroupCommand => ({
    type: 'UnshareProject',
    data: { id, tenant },
  });

  it('shares with another existing tenant once', () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when(share(id, 'other'), context({ tenantExists: true }))
      .then([{ type: 'ProjectShared', data: { id, tenant: 'other', status: 'PENDING' } }]);
    spec
      .given([created(id), { type: 'ProjectShared', data: { id, tenant: 'other', status: 'PENDING' } }])
      .when(share(id, 'other'), context({ tenantExists: true }))
      .thenThrows({ code: 'conflict' });
  });

  it('refuses the own tenant, an unknown tenant and an unknown project (§5 notices)', () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when(share(id, 'acme'), context({ tenantExists: true }))
      .thenThrows({ details: { fieldErrors: [{ field: 'tenant', message: 'tenant invalid' }] } });
    spec
      .given([created(id)])
      .when(share(id, 'nobody'), context({ tenantExists: false }))
      .thenThrows({ details: { fieldErrors: [{ field: 'tenant', message: 'tenant not found' }] } });
    spec
      .given([])
      .when(share(id, 'other'), context({ tenantExists: true }))
      .thenThrows({ code: 'not_found' });
  });

  it('unshares only a shared tenant', () => {
    const id = freshId();
    spec
      .given([created(id), { type: 'ProjectShared', data: { id, tenant: 'other', status: 'PENDING' } }])
      .when(unshare(id, 'other'), context())
      .then([{ type: 'ProjectUnshared', data: { id, tenant: 'other' } }]);
    spec
      .given([
        created(id),
        { type: 'ProjectShared', data: { id, tenant: 'other', status: 'PENDING' } },
        { type: 'ProjectUnshared', data: { id, tenant: 'other' } },
      ])
      .when(unshare(id, 'other'), context())
      .thenThrows({ code: 'not_found', message: 'share not found' });
    spec
      .given([created(id)])
      .when(unshare(id, 'other'), context())
      .thenThrows({
        code: 'not_found',
        message: 'share not found',
      });
  });
});

describe('AcceptProjectShare (the tenant the project was shared with)', () => {
  const accept = (id: number, tenant = 'other'): GroupCommand => ({
    type: 'AcceptProjectShare',
    data: { id, tenant },
  });
  const shared = (id: number, tenant = 'other'): GroupEvent => ({
    type: 'ProjectShared',
    data: { id, tenant, status: 'PENDING' },
  });
  const accepted = (id: number, tenant = 'other'): GroupEvent => ({
    type: 'ProjectShareAccepted',
    data: { id, tenant },
  });

  it('accepts a pending share to the tenant', () => {
    const id = freshId();
    spec
      .given([created(id), shared(id)])
      .when(accept(id), context())
      .then([{ type: 'ProjectShareAccepted', data: { id, tenant: 'other' } }]);
  });

  it('moves the share from PENDING to ACCEPTED in the state', () => {
    const id = freshId();
    const state = [created(id), shared(id), shared(id, 'third'), accepted(id)].reduce(
      groupDecider.evolve,
      groupDecider.initialState,
    );
    expect(state).toMatchObject({
      shares: [
        { tenant: 'other', status: 'ACCEPTED' },
        { tenant: 'third', status: 'PENDING' },
      ],
      version: 3,
    });
  });

  it('answers 404 alike for an unknown project, one not shared with the tenant and a withdrawn share', () => {
    const id = freshId();
    for (const history of [
      [],
      [created(id)],
      [created(id), shared(id, 'third')],
      [created(id), shared(id), { type: 'ProjectUnshared', data: { id, tenant: 'other' } } as GroupEvent],
      [created(id), shared(id), { type: 'GroupDeleted', data: { id } } as GroupEvent],
    ])
      spec
        .given(history)
        .when(accept(id), context())
        .thenThrows({ code: 'not_found', message: 'project share not found' });
  });

  it('refuses to accept twice', () => {
    const id = freshId();
    spec
      .given([created(id), shared(id), accepted(id)])
      .when(accept(id), context())
      .thenThrows({ code: 'conflict', message: 'the share is accepted already' });
  });

  it('lets the owner unshare an accepted share, and share again as pending', () => {
    const id = freshId();
    spec
      .given([created(id), shared(id), accepted(id)])
      .when({ type: 'UnshareProject', data: { id, tenant: 'other' } }, context())
      .then([{ type: 'ProjectUnshared', data: { id, tenant: 'other' } }]);
    spec
      .given([created(id), shared(id), accepted(id)])
      .when({ type: 'ShareProject', data: { id, tenant: 'other' } }, context({ tenantExists: true }))
      .thenThrows({ code: 'conflict' });
    spec
      .given([
        created(id),
        shared(id),
        accepted(id),
        { type: 'ProjectUnshared', data: { id, tenant: 'other' } },
        shared(id),
      ])
      .when(accept(id), context())
      .then([{ type: 'ProjectShareAccepted', data: { id, tenant: 'other' } }]);
  });
});

describe('DeclineProjectShare (the tenant the project was shared with)', () => {
  const decline = (id: number, tenant = 'other'): GroupCommand => ({
    type: 'DeclineProjectShare',
    data: { id, tenant },
  });
  const shared = (id: number, tenant = 'other'): GroupEvent => ({
    type: 'ProjectShared',
    data: { id, tenant, status: 'PENDING' },
  });
  const declined = (id: number, tenant = 'other'): GroupEvent => ({
    type: 'ProjectShareDeclined',
    data: { id, tenant },
  });

  describe('when the share is pending', () => {
    it('declines it', () => {
      const id = freshId();
      spec
        .given([created(id), shared(id)])
        .when(decline(id), context())
        .then([{ type: 'ProjectShareDeclined', data: { id, tenant: 'other' } }]);
    });

    it("ends only the declining tenant's share, so it no longer counts", () => {
      const id = freshId();
      const state = [created(id), shared(id), shared(id, 'third'), declined(id)].reduce(
        groupDecider.evolve,
        groupDecider.initialState,
      );
      expect(state).toMatchObject({ shares: [{ tenant: 'third', status: 'PENDING' }], version: 3 });
    });
  });

  describe('when the share was declined', () => {
    it('can neither be declined, accepted nor revoked again, but the owner may share again', () => {
      const id = freshId();
      const history = [created(id), shared(id), declined(id)];
      spec.given(history).when(decline(id), context()).thenThrows({
        code: 'not_found',
        message: 'project share not found',
      });
      spec
        .given(history)
        .when({ type: 'AcceptProjectShare', data: { id, tenant: 'other' } }, context())
        .thenThrows({ code: 'not_found' });
      spec
        .given(history)
        .when({ type: 'UnshareProject', data: { id, tenant: 'other' } }, context())
        .thenThrows({ code: 'not_found', message: 'share not found' });
      spec
        .given(history)
        .when({ type: 'ShareProject', data: { id, tenant: 'other' } }, context({ tenantExists: true }))
        .then([{ type: 'ProjectShared', data: { id, tenant: 'other', status: 'PENDING' } }]);
      spec
        .given([...history, shared(id)])
        .when(decline(id), context())
        .then([{ type: 'ProjectShareDeclined', data: { id, tenant: 'other' } }]);
    });
  });

  describe('when the share is accepted', () => {
    it('refuses to decline it', () => {
      const id = freshId();
      spec
        .given([created(id), shared(id), { type: 'ProjectShareAccepted', data: { id, tenant: 'other' } }])
        .when(decline(id), context())
        .thenThrows({ code: 'conflict', message: 'the share is accepted already' });
    });
  });

  it('answers 404 alike for an unknown project, one not shared with the tenant, a revoked share', () => {
    const id = freshId();
    for (const history of [
      [],
      [created(id)],
      [created(id), shared(id, 'third')],
      [created(id), shared(id), { type: 'ProjectUnshared', data: { id, tenant: 'other' } } as GroupEvent],
      [created(id), shared(id), { type: 'GroupDeleted', data: { id } } as GroupEvent],
    ])
      spec
        .given(history)
        .when(decline(id), context())
        .thenThrows({ code: 'not_found', message: 'project share not found' });
  });
});

describe('SaveGroup with a shared parent (§4)', () => {
  it('takes a shared parent of status 1 to 3 only; own parents take any status', () => {
    const id = freshId();
    const parent = freshId();
    for (const status of [1, 2, 3])
      expect(
        groupDecider.decide(
          save({ title: 'Child', parent }),
          groupDecider.initialState,
          context({ newId: id, parentChain: [parent], sharedParentStatus: status }),
        ),
      ).toEqual([expect.objectContaining({ type: 'GroupCreated' })]);
    for (const status of [0, 4, 7, 9, 10])
      spec
        .given([created(id)])
        .when(
          save({ id, version: 0, parent }),
          context({ parentChain: [parent], sharedParentStatus: status }),
        )
        .thenThrows({ details: { fieldErrors: [{ field: 'parent', message: 'status not allowed' }] } });
    spec
      .given([created(id)])
      .when(save({ id, version: 0, parent }), context({ parentChain: [parent] }))
      .then([{ type: 'GroupUpdated', data: { id, changes: { parent } } }]);
  });

  it('takes a parent whose chain the handler found (own or ACCEPTED shared, across tenants)', () => {
    const id = freshId();
    const sharedParent = freshId();
    const [event] = groupDecider.decide(
      save({ title: 'Child', parent: sharedParent }),
      groupDecider.initialState,
      context({ newId: id, parentChain: [sharedParent, freshId()] }),
    );
    expect(event).toMatchObject({ type: 'GroupCreated', data: { id, parent: sharedParent } });
  });

  it("refuses a parent the handler could not find for the tenant (a PENDING share, another tenant's)", () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when(save({ id, version: 0, parent: freshId() }), context({ parentChain: null }))
      .thenThrows({
        code: 'validation',
        message: 'parent project not found',
        details: { fieldErrors: [{ field: 'parent', message: 'not found' }] },
      });
  });

  it('refuses a cycle that runs through projects of another tenant', () => {
    const id = freshId();
    const sharedParent = freshId();
    const ownersProject = freshId();
    spec
      .given([created(id)])
      .when(
        save({ id, version: 0, parent: sharedParent }),
        context({ parentChain: [sharedParent, ownersProject, id] }),
      )
      .thenThrows({ details: { fieldErrors: [{ field: 'parent', message: 'cycle' }] } });
  });
});

describe('CreateGoal', () => {
  const create = (raw: Record<string, unknown>): GoalCommand => ({
    type: 'CreateGoal',
    data: createGoalSchema.parse(raw),
  });
  const goalContext = (facts: Partial<GoalContext> = {}): GoalContext =>
    aContext({ newId: freshId(), parentExists: true, ...facts });

  it('creates a goal with its defaults', () => {
    const id = freshId();
    goals
      .given([])
      .when(create({ name: ' Growth ', type: 'STRATEGY', rank: 2 }), goalContext({ newId: id }))
      .then([
        {
          type: 'GoalCreated',
          data: {
            id,
            name: 'Growth',
            parent: null,
            type: 'STRATEGY',
            rank: 2,
            description: null,
            assignable: true,
          },
        } satisfies GoalEvent,
      ]);
  });

  it('refuses an unknown parent goal and a second creation', () => {
    goals
      .given([])
      .when(create({ name: 'Sub', parent: 4 }), goalContext({ parentExists: false }))
      .thenThrows({ code: 'validation', message: 'parent goal not found' });
    const id = freshId();
    goals
      .given([
        {
          type: 'GoalCreated',
          data: { id, name: 'G', parent: null, type: null, rank: null, description: null, assignable: true },
        },
      ])
      .when(create({ name: 'G' }), goalContext({ newId: id }))
      .thenThrows({ code: 'conflict' });
  });
});

describe('AddSubgroup and RenameSubgroup (lanes)', () => {
  const lane = (id: number, laneId: string, name: string): GroupEvent => ({
    type: 'SubgroupAdded',
    data: { id, subgroup: { id: laneId, name, type: 'INDIVIDUAL' } },
  });

  it('adds INDIVIDUAL lanes with ids unique in the project, after the defaults', () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when({ type: 'AddSubgroup', data: { id, name: 'Design' } }, context())
      .then([lane(id, 'lane-1', 'Design')]);
    spec
      .given([created(id), lane(id, 'lane-1', 'Design'), lane(id, 'lane-4', 'Build')])
      .when({ type: 'AddSubgroup', data: { id, name: 'Test' } }, context())
      .then([lane(id, 'lane-5', 'Test')]);
    const state = [created(id), lane(id, 'lane-1', 'Design')].reduce(
      groupDecider.evolve,
      groupDecider.initialState,
    );
    expect(state.status === 'active' && subgroupsOf(state.subgroups).map((s) => s.id)).toEqual([
      'tasks',
      'milestones',
      'lane-1',
    ]);
  });

  it('refuses a lane name the project has (case-insensitive, defaults included) and an unknown project', () => {
    const id = freshId();
    for (const name of ['design', 'TASKS'])
      spec
        .given([created(id), lane(id, 'lane-1', 'Design')])
        .when({ type: 'AddSubgroup', data: { id, name } }, context())
        .thenThrows({
          code: 'validation',
          details: { fieldErrors: [{ field: 'name', message: 'exists already' }] },
        });
    spec
      .given([])
      .when({ type: 'AddSubgroup', data: { id, name: 'Design' } }, context())
      .thenThrows({ code: 'not_found' });
  });

  it('renames an INDIVIDUAL lane; the same name records nothing; a default or unknown lane is not found', () => {
    const id = freshId();
    const history = [created(id), lane(id, 'lane-1', 'Design'), lane(id, 'lane-2', 'Build')];
    spec
      .given(history)
      .when({ type: 'RenameSubgroup', data: { id, subgroup: 'lane-1', name: 'UX design' } }, context())
      .then([{ type: 'SubgroupRenamed', data: { id, subgroup: 'lane-1', name: 'UX design' } }]);
    spec
      .given(history)
      .when({ type: 'RenameSubgroup', data: { id, subgroup: 'lane-1', name: 'Design' } }, context())
      .then([]);
    spec
      .given(history)
      .when({ type: 'RenameSubgroup', data: { id, subgroup: 'lane-1', name: 'build' } }, context())
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'name', message: 'exists already' }] },
      });
    for (const subgroup of ['tasks', 'lane-9'])
      spec
        .given(history)
        .when({ type: 'RenameSubgroup', data: { id, subgroup, name: 'X' } }, context())
        .thenThrows({ code: 'not_found' });
    const renamed = [
      ...history,
      { type: 'SubgroupRenamed', data: { id, subgroup: 'lane-1', name: 'UX design' } } as GroupEvent,
    ].reduce(groupDecider.evolve, groupDecider.initialState);
    expect(renamed.status === 'active' && renamed.subgroups.map((s) => s.name)).toEqual([
      'UX design',
      'Build',
    ]);
  });

  it('removes an empty INDIVIDUAL lane; refuses one that holds items, a default lane and an unknown one', () => {
    const id = freshId();
    const history = [created(id), lane(id, 'lane-1', 'Design'), lane(id, 'lane-2', 'Build')];
    const removeLane = (subgroup: string): GroupCommand => ({
      type: 'RemoveSubgroup',
      data: { id, subgroup },
    });
    spec
      .given(history)
      .when(removeLane('lane-1'), context({ laneItems: 0 }))
      .then([{ type: 'SubgroupRemoved', data: { id, subgroup: 'lane-1' } }]);
    spec
      .given(history)
      .when(removeLane('lane-2'), context({ laneItems: 3 }))
      .thenThrows({ code: 'conflict', message: "the lane 'Build' holds 3 items: move or delete them first" });
    spec
      .given(history)
      .when(removeLane('tasks'), context())
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'subgroup', message: 'default lane' }] },
      });
    spec.given(history).when(removeLane('lane-9'), context()).thenThrows({ code: 'not_found' });
  });

  it('restores a removed lane with its id and name; its id is never given to a new lane', () => {
    const id = freshId();
    const removed: GroupEvent[] = [
      created(id),
      lane(id, 'lane-1', 'Design'),
      lane(id, 'lane-2', 'Build'),
      { type: 'SubgroupRemoved', data: { id, subgroup: 'lane-2' } },
    ];
    const restoreLane: GroupCommand = { type: 'RestoreSubgroup', data: { id, subgroup: 'lane-2' } };
    const restored: GroupEvent = {
      type: 'SubgroupRestored',
      data: { id, subgroup: { id: 'lane-2', name: 'Build', type: 'INDIVIDUAL' } },
    };
    spec.given(removed).when(restoreLane, context()).then([restored]);
    spec
      .given(removed)
      .when({ type: 'AddSubgroup', data: { id, name: 'Test' } }, context())
      .then([lane(id, 'lane-3', 'Test')]);
    spec
      .given([...removed, lane(id, 'lane-3', 'build')])
      .when(restoreLane, context())
      .thenThrows({
        code: 'conflict',
        message: "the project has a lane named 'Build' again: rename that one first",
      });
    spec
      .given([...removed, restored])
      .when(restoreLane, context())
      .thenThrows({ code: 'not_found' });
    const state = [...removed, restored].reduce(groupDecider.evolve, groupDecider.initialState);
    expect(state.status === 'active' && state.subgroups.map((s) => s.id)).toEqual(['lane-1', 'lane-2']);
  });

  it('parses lane commands: a lane id of the lane pattern, a name within the title limit', () => {
    expect(renameSubgroupSchema.safeParse({ id: 1, subgroup: 'Lane 1', name: 'X' }).success).toBe(false);
    expect(addSubgroupSchema.safeParse({ id: 1, name: '   ' }).success).toBe(false);
    expect(addSubgroupSchema.parse({ id: 1, name: ' Design ' })).toEqual({ id: 1, name: 'Design' });
  });
});

describe('SaveGroup custom attributes (issue 19, §3: the tenant project attribute schema)', () => {
  const projectAttributes = [
    { key: 'sponsor', label: 'Sponsor', type: 'text' },
    { key: 'programme', label: 'Programme', type: 'select', options: ['Cloud', 'Security'] },
  ] as const;
  const withSchema = (facts: Partial<GroupContext> = {}) => context({ projectAttributes, ...facts });
  const values = [
    { key: 'sponsor', value: 'Jane Roe' },
    { key: 'programme', value: 'Cloud' },
  ];

  it('stores values that fit the schema, on create and on update', () => {
    const id = freshId();
    const [event] = groupDecider.decide(
      save({ title: 'Attributed', attributes: values }),
      groupDecider.initialState,
      withSchema({ newId: id }),
    );
    expect(event).toMatchObject({ type: 'GroupCreated', data: { id, attributes: values } });
    const next = [{ key: 'programme', value: 'Security' }];
    spec
      .given([created(id)])
      .when(save({ id, version: 0, attributes: next }), withSchema())
      .then([{ type: 'GroupUpdated', data: { id, changes: { attributes: next } } }]);
  });

  it('refuses an unknown key or a value outside a select with a field error on attributes.<key>', () => {
    const id = freshId();
    for (const [attributes, field, message] of [
      [[{ key: 'colour', value: 'red' }], 'attributes.colour', 'not an attribute of the tenant'],
      [[{ key: 'programme', value: 'Moon' }], 'attributes.programme', 'one of Cloud, Security'],
    ] as const) {
      spec
        .given([])
        .when(save({ title: 'Refused', attributes }), withSchema({ newId: id }))
        .thenThrows({ code: 'validation', details: { fieldErrors: [{ field, message }] } });
      spec
        .given([created(id)])
        .when(save({ id, version: 0, attributes }), withSchema())
        .thenThrows({ code: 'validation', details: { fieldErrors: [{ field, message }] } });
    }
  });
});
