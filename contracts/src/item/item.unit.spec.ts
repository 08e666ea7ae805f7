import { itemDecider, itemFieldsSchema, saveItemSchema } from './item';
import type { ItemCommand, ItemContext, ItemEvent, ItemFields } from './item';
import { aContext, deciderSpec, freshId } from '../testing/decider-spec';
import { itemRanks } from '../rules/rank';
import { publicHolidays } from '../rules/calendar';
import { bernDefinition } from '../calendar/definition';
import { calendarRules } from '../calendar/rules';

const spec = deciderSpec(itemDecider);

const save = (raw: Record<string, unknown>): ItemCommand => ({
  type: 'SaveItem',
  data: saveItemSchema.parse(raw),
});
const remove = (id: number, version: number): ItemCommand => ({ type: 'DeleteItem', data: { id, version } });

/** A project with the default lanes and one INDIVIDUAL lane. */
const project = { subgroups: ['tasks', 'milestones', 'lane-1'], sprint: false };
const context = (facts: Partial<ItemContext> = {}): ItemContext =>
  aContext({ newId: freshId(), group: project, systemEditor: false, groupRanks: [], ...facts });

/** A task with every field set; override what the test is about. */
const aTask = (overrides: Partial<ItemFields> = {}): ItemFields =>
  itemFieldsSchema.parse({
    title: 'Build the API',
    subtitle: 'v1',
    shortname: 'API',
    description: 'REST endpoints',
    effort: 4,
    jiraid: 'RO-7',
    group: 7,
    subgroup: 'tasks',
    resource: 3,
    jiragroup: 'RO',
    start: '2026-03-23T00:00',
    end: '2026-03-28T00:00',
    status: 2,
    docUrl: 'https://docs.example.com/api',
    rank: '0|100000',
    className: null,
    type: null,
    attributes: [],
    ...overrides,
  });

const created = (
  id: number,
  fields: ItemFields = aTask(),
  storedStatus: number | null = null,
): ItemEvent => ({
  type: 'ItemCreated',
  data: { id, ...fields, storedStatus },
});
const updated = (id: number, changes: Record<string, unknown>): ItemEvent => ({
  type: 'ItemUpdated',
  data: { id, changes },
});

describe('SaveItem creating an item', () => {
  it('fills in the defaults: empty texts null, status 0, no type, the middle rank in an empty project', () => {
    const id = freshId();
    spec
      .given([])
      .when(
        save({
          title: ' Build ',
          group: 7,
          subgroup: 'tasks',
          start: '2026-03-23T00:00',
          end: '2026-03-28T00:00',
        }),
        context({ newId: id }),
      )
      .then([
        {
          type: 'ItemCreated',
          data: {
            id,
            title: 'Build',
            subtitle: null,
            shortname: null,
            description: null,
            effort: null,
            jiraid: null,
            group: 7,
            subgroup: 'tasks',
            resource: null,
            jiragroup: null,
            start: '2026-03-23T00:00',
            end: '2026-03-28T00:00',
            status: 0,
            docUrl: null,
            rank: itemRanks.middle(),
            className: null,
            type: null,
            attributes: [],
            storedStatus: null,
          },
        },
      ]);
  });

  it('ranks a new item after the highest rank of its project (nulls ignored)', () => {
    const id = freshId();
    spec
      .given([])
      .when(
        save({ title: 'B', group: 7, subgroup: 'tasks', start: '2026-03-23T00:00' }),
        context({ newId: id, groupRanks: ['0|100000', null, '0|300000', '0|200000'] }),
      )
      .then([created(id, aTask(blank({ title: 'B', end: null, rank: '0|300008' })))]);
  });

  it('keeps a valid rank the command gives, and refuses one outside the 10-base system', () => {
    const id = freshId();
    spec
      .given([])
      .when(
        save({ title: 'B', group: 7, subgroup: 'tasks', start: '2026-03-23T00:00', rank: '0|000042' }),
        context({ newId: id, groupRanks: ['0|300000'] }),
      )
      .then([created(id, aTask(blank({ title: 'B', end: null, rank: '0|000042' })))]);
    expect(
      saveItemSchema.safeParse({
        title: 'B',
        group: 7,
        subgroup: 'tasks',
        start: '2026-03-23T00:00',
        rank: 'z',
      }).success,
    ).toBe(false);
  });

  it('makes a milestone of an item without end: effort, resource and tracker group are cleared', () => {
    const id = freshId();
    spec
      .given([])
      .when(save({ ...aTask(), end: null, subgroup: 'milestones' }), context({ newId: id }))
      .then([
        created(
          id,
          aTask({ end: null, subgroup: 'milestones', effort: null, resource: null, jiragroup: null }),
        ),
      ]);
  });

  it('requires the begin, the title and the project, and a begin that exists', () => {
    for (const [raw, path] of [
      [{ title: 'A', group: 7, subgroup: 'tasks' }, 'start'],
      [{ group: 7, subgroup: 'tasks', start: '2026-03-23T00:00' }, 'title'],
      [{ title: 'A', subgroup: 'tasks', start: '2026-03-23T00:00' }, 'group'],
      [{ title: 'A', group: 7, subgroup: 'tasks', start: '2026-02-30T00:00' }, 'start'],
      [{ title: 'A', group: 7, subgroup: 'tasks', start: '2026-03-23' }, 'start'],
    ] as const) {
      const parsed = saveItemSchema.safeParse(raw);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => i.path.join('.'))).toContain(path);
    }
  });

  it('accepts an end equal to the begin and refuses one before it', () => {
    const id = freshId();
    const at = '2026-03-23T10:00';
    spec
      .given([])
      .when(save({ ...aTask(), start: at, end: at }), context({ newId: id }))
      .then([created(id, aTask({ start: at, end: at }))]);
    spec
      .given([])
      .when(save({ ...aTask(), start: at, end: '2026-03-23T09:59' }), context())
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'end', message: 'the end cannot precede the begin' }] },
      });
  });

  it('requires a subgroup unless the type is background, and clears it for a background item', () => {
    spec
      .given([])
      .when(save({ ...aTask(), subgroup: null }), context())
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'subgroup', message: 'required' }] },
      });
    spec
      .given([])
      .when(save({ ...aTask(), subgroup: null, type: 'lane-background' }), context({ systemEditor: true }))
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'subgroup', message: 'required' }] },
      });
    const id = freshId();
    spec
      .given([])
      .when(
        save({ ...aTask(), subgroup: 'lane-1', type: 'background' }),
        context({ newId: id, systemEditor: true }),
      )
      .then([created(id, aTask({ subgroup: null, type: 'background', status: 0 }), 2)]);
  });

  it("refuses a subgroup the project does not have, and accepts the project's INDIVIDUAL lane", () => {
    spec
      .given([])
      .when(save({ ...aTask(), subgroup: 'lane-9' }), context())
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'subgroup', message: 'not found' }] },
      });
    const id = freshId();
    spec
      .given([])
      .when(save({ ...aTask(), subgroup: 'lane-1' }), context({ newId: id }))
      .then([created(id, aTask({ subgroup: 'lane-1' }))]);
  });

  it('refuses the sprint group and a project the tenant does not have', () => {
    spec
      .given([])
      .when(save(aTask()), context({ group: { ...project, sprint: true } }))
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'group', message: 'sprint group' }] },
      });
    spec
      .given([])
      .when(save(aTask()), context({ group: null }))
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'group', message: 'not found' }] },
      });
  });

  it('lets only a system editor set the type or the class name', () => {
    for (const raw of [{ type: 'lane-background' }, { className: 'highlight' }]) {
      spec
        .given([])
        .when(save({ ...aTask(), ...raw }), context())
        .thenThrows({ code: 'forbidden' });
      const id = freshId();
      spec
        .given([])
        .when(save({ ...aTask(), ...raw }), context({ newId: id, systemEditor: true }))
        .then([
          raw.type
            ? created(id, aTask({ type: 'lane-background', status: 0 }), 2)
            : created(id, aTask({ className: 'highlight' })),
        ]);
    }
  });
});

/** An item's fields as the schema fills them from `title`, `group`, `subgroup`, `start` and the overrides. */
function blank(overrides: Partial<ItemFields>): Partial<ItemFields> {
  return {
    subtitle: null,
    shortname: null,
    description: null,
    effort: null,
    jiraid: null,
    resource: null,
    jiragroup: null,
    status: 0,
    docUrl: null,
    ...overrides,
  };
}

describe('SaveItem updating an item', () => {
  it('records only the changed fields; an unchanged save records nothing', () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when(save({ id, version: 0, title: 'Build the REST API', effort: 4 }), context())
      .then([updated(id, { title: 'Build the REST API' })]);
    spec
      .given([created(id)])
      .when(save({ id, version: 0, ...aTask() }), context())
      .then([]);
  });

  it('refuses a stale version with the current version, and an unknown or deleted item', () => {
    const id = freshId();
    spec
      .given([created(id), updated(id, { title: 'X' })])
      .when(save({ id, version: 0, title: 'Y' }), context())
      .thenThrows({ code: 'conflict', details: { currentVersion: 1 } });
    spec
      .given([])
      .when(save({ id, version: 0, title: 'Y' }), context())
      .thenThrows({ code: 'not_found' });
    spec
      .given([created(id), { type: 'ItemDeleted', data: { id } }])
      .when(save({ id, version: 1, title: 'Y' }), context())
      .thenThrows({ code: 'not_found' });
  });

  it('moves the end with the begin to keep the working-day duration; the end keeps its time of day', () => {
    const id = freshId();
    // Mon 23 – Sat 28 March: five working days; from Mon 30 March, five working days skip Good Friday
    // (3 April) and Easter Monday (6 April): 30, 31, 1, 2, 7 → exclusive end 8 April
    spec
      .given([created(id, aTask({ end: '2026-03-28T12:30' }))])
      .when(save({ id, version: 0, start: '2026-03-30T08:00' }), context())
      .then([updated(id, { start: '2026-03-30T08:00', end: '2026-04-08T12:30' })]);
  });

  it('moves the end on the working days of the project’s calendar (issue 24)', () => {
    const id = freshId();
    const fourDays = calendarRules(
      [{ effectiveFrom: null, definition: { ...bernDefinition, workingWeekdays: [1, 2, 3, 4] } }],
      (_region, year) => publicHolidays(year),
    );
    // Mon 23 – Sat 28 March: four working days Monday to Thursday; from Mon 30 March: 30, 31, 1, 2 → 3 April
    spec
      .given([created(id, aTask({ end: '2026-03-28T12:30' }))])
      .when(
        save({ id, version: 0, start: '2026-03-30T08:00' }),
        context({ group: { ...project, rules: fourDays } }),
      )
      .then([updated(id, { start: '2026-03-30T08:00', end: '2026-04-03T12:30' })]);
  });

  it('keeps an end the command gives with the new begin, and moves no milestone end', () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when(save({ id, version: 0, start: '2026-03-30T00:00', end: '2026-03-31T00:00' }), context())
      .then([updated(id, { start: '2026-03-30T00:00', end: '2026-03-31T00:00' })]);
    const milestone = freshId();
    spec
      .given([created(milestone, aTask({ end: null, effort: null, resource: null, jiragroup: null }))])
      .when(save({ id: milestone, version: 0, start: '2026-03-30T00:00' }), context())
      .then([updated(milestone, { start: '2026-03-30T00:00' })]);
  });

  it('turns a task into a milestone: end null clears effort, resource and tracker group', () => {
    const id = freshId();
    // the issue group goes (tasks only, §5); the external id stays, it names the milestone's issue
    spec
      .given([created(id)])
      .when(save({ id, version: 0, end: null, subgroup: 'milestones' }), context())
      .then([
        updated(id, {
          subgroup: 'milestones',
          effort: null,
          resource: null,
          jiragroup: null,

          end: null,
        }),
      ]);
    const untracked = freshId();
    spec
      .given([created(untracked, aTask({ jiragroup: null }))])
      .when(save({ id: untracked, version: 0, end: null, subgroup: 'milestones' }), context())
      .then([updated(untracked, { subgroup: 'milestones', effort: null, resource: null, end: null })]);
  });

  it('refuses an end before the begin after the move', () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when(save({ id, version: 0, end: '2026-03-20T00:00' }), context())
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'end', message: 'the end cannot precede the begin' }] },
      });
  });

  it('clears the external id with the tracker group, unless the command sets a new one', () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when(save({ id, version: 0, jiragroup: null }), context())
      .then([updated(id, { jiraid: null, jiragroup: null })]);
    spec
      .given([created(id)])
      .when(save({ id, version: 0, jiragroup: null, jiraid: 'OTHER-1' }), context())
      .then([updated(id, { jiraid: 'OTHER-1', jiragroup: null })]);
  });

  it('sets a system type: stores the status and forces 0; the status stays 0 while typed; clearing restores it', () => {
    const id = freshId();
    const editor = context({ systemEditor: true });
    spec
      .given([created(id, aTask({ status: 5 }))])
      .when(save({ id, version: 0, type: 'lane-background' }), editor)
      .then([updated(id, { status: 0, type: 'lane-background', storedStatus: 5 })]);
    const typed = [
      created(id, aTask({ status: 5 })),
      updated(id, { status: 0, type: 'lane-background', storedStatus: 5 }),
    ];
    spec
      .given(typed)
      .when(save({ id, version: 1, status: 7 }), context())
      .then([]);
    spec
      .given(typed)
      .when(save({ id, version: 1, type: null }), editor)
      .then([updated(id, { status: 5, type: null, storedStatus: null })]);
    spec
      .given(typed)
      .when(save({ id, version: 1, type: null }), context())
      .thenThrows({ code: 'forbidden' });
  });

  it('moves the item to another project whose lanes hold its subgroup, never to the sprint group', () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when(
        save({ id, version: 0, group: 8 }),
        context({ group: { subgroups: ['tasks', 'milestones'], sprint: false } }),
      )
      .then([updated(id, { group: 8 })]);
    spec
      .given([created(id, aTask({ subgroup: 'lane-1' }))])
      .when(
        save({ id, version: 0, group: 8 }),
        context({ group: { subgroups: ['tasks', 'milestones'], sprint: false } }),
      )
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'subgroup', message: 'not found' }] },
      });
    spec
      .given([created(id)])
      .when(save({ id, version: 0, group: 8 }), context({ group: { ...project, sprint: true } }))
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'group', message: 'sprint group' }] },
      });
    spec
      .given([created(id)])
      .when(save({ id, version: 0, group: 8 }), context({ group: null }))
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'group', message: 'not found' }] },
      });
  });

  it('refuses clearing the begin', () => {
    expect(saveItemSchema.safeParse({ id: 1, version: 0, start: null }).success).toBe(false);
    expect(saveItemSchema.safeParse({ id: 1, title: 'x' }).success).toBe(false);
  });
});

describe('SaveItem custom attributes (§2 Details: the tenant task attribute schema)', () => {
  const taskAttributes = [
    { key: 'costCentre', label: 'Cost centre', type: 'text' },
    { key: 'risk', label: 'Risk', type: 'select', options: ['low', 'medium', 'high'] },
    { key: 'billable', label: 'Billable', type: 'boolean' },
  ] as const;
  const withSchema = (facts: Partial<ItemContext> = {}) => context({ taskAttributes, ...facts });
  const values = [
    { key: 'costCentre', value: 'CC-42' },
    { key: 'risk', value: 'high' },
    { key: 'billable', value: true },
  ];

  it('stores values that fit the schema, on create and on update; null clears any attribute', () => {
    const id = freshId();
    spec
      .given([])
      .when(save({ ...aTask(), attributes: values }), withSchema({ newId: id }))
      .then([created(id, aTask({ attributes: values }))]);
    const next = [
      { key: 'risk', value: null },
      { key: 'billable', value: false },
    ];
    spec
      .given([created(id)])
      .when(save({ id, version: 0, attributes: next }), withSchema())
      .then([updated(id, { attributes: next })]);
  });

  it('refuses an unknown key or a value of the wrong type with a field error on attributes.<key>', () => {
    const id = freshId();
    const refused = (attributes: unknown[], field: string, message: string) => {
      spec
        .given([])
        .when(save({ ...aTask(), attributes }), withSchema({ newId: id }))
        .thenThrows({ code: 'validation', details: { fieldErrors: [{ field, message }] } });
      spec
        .given([created(id)])
        .when(save({ id, version: 0, attributes }), withSchema())
        .thenThrows({ code: 'validation', details: { fieldErrors: [{ field, message }] } });
    };
    refused([{ key: 'colour', value: 'red' }], 'attributes.colour', 'not an attribute of the tenant');
    refused([{ key: 'billable', value: 'yes' }], 'attributes.billable', 'true or false');
    refused([{ key: 'risk', value: 'extreme' }], 'attributes.risk', 'one of low, medium, high');
    refused([{ key: 'costCentre', value: 7 }], 'attributes.costCentre', 'a text');
  });

  it('refuses any attribute when the tenant defines none', () =>
    spec
      .given([])
      .when(save({ ...aTask(), attributes: [{ key: 'risk', value: 'low' }] }), context())
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'attributes.risk', message: 'not an attribute of the tenant' }] },
      }));

  it('keeps a stored value whose key the schema no longer lists, but refuses changing it', () => {
    const id = freshId();
    const stored = [{ key: 'legacy', value: 'x' }];
    spec
      .given([created(id, aTask({ attributes: stored }))])
      .when(save({ id, version: 0, attributes: [...stored, { key: 'risk', value: 'low' }] }), withSchema())
      .then([updated(id, { attributes: [...stored, { key: 'risk', value: 'low' }] })]);
    spec
      .given([created(id, aTask({ attributes: stored }))])
      .when(save({ id, version: 0, attributes: [{ key: 'legacy', value: 'y' }] }), withSchema())
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'attributes.legacy', message: 'not an attribute of the tenant' }] },
      });
  });
});

describe('DeleteItem', () => {
  it('soft-deletes the item at the version the user saw', () => {
    const id = freshId();
    spec
      .given([created(id)])
      .when(remove(id, 0), context())
      .then([{ type: 'ItemDeleted', data: { id } }]);
  });

  it('refuses a stale version, an unknown item and a deleted one', () => {
    const id = freshId();
    spec
      .given([created(id), updated(id, { title: 'X' })])
      .when(remove(id, 0), context())
      .thenThrows({ code: 'conflict', details: { currentVersion: 1 } });
    spec.given([]).when(remove(id, 0), context()).thenThrows({ code: 'not_found' });
    spec
      .given([created(id), { type: 'ItemDeleted', data: { id } }])
      .when(remove(id, 1), context())
      .thenThrows({ code: 'not_found' });
  });
});

describe('RestoreItem', () => {
  const restore = (id: number, version: number): ItemCommand => ({
    type: 'RestoreItem',
    data: { id, version },
  });
  const deletedItem = (id: number): ItemEvent[] => [created(id), { type: 'ItemDeleted', data: { id } }];

  it('restores a deleted item at the version of its deletion, as a new event; it is live again', () => {
    const id = freshId();
    spec
      .given(deletedItem(id))
      .when(restore(id, 1), context())
      .then([{ type: 'ItemRestored', data: { id } }]);
    const state = [...deletedItem(id), { type: 'ItemRestored', data: { id } } as ItemEvent].reduce(
      itemDecider.evolve,
      itemDecider.initialState,
    );
    expect(state).toMatchObject({ status: 'active', version: 2, fields: { title: 'Build the API' } });
  });

  it('refuses while its project is deleted, when its lane is gone, and for a live, unknown or stale item', () => {
    const id = freshId();
    spec
      .given(deletedItem(id))
      .when(restore(id, 1), context({ group: null }))
      .thenThrows({
        code: 'conflict',
        message: 'the project of the item is deleted: restore the project first',
      });
    spec
      .given([created(id, aTask({ subgroup: 'lane-1' })), { type: 'ItemDeleted', data: { id } }])
      .when(restore(id, 1), context({ group: { subgroups: ['tasks', 'milestones'], sprint: false } }))
      .thenThrows({
        code: 'validation',
        details: { fieldErrors: [{ field: 'subgroup', message: 'not found' }] },
      });
    spec
      .given([created(id)])
      .when(restore(id, 0), context())
      .thenThrows({ code: 'conflict', message: 'the item is not deleted' });
    spec.given([]).when(restore(id, 0), context()).thenThrows({ code: 'not_found' });
    spec
      .given(deletedItem(id))
      .when(restore(id, 0), context())
      .thenThrows({ code: 'conflict', details: { currentVersion: 1 } });
  });
});

describe('itemDecider.evolve', () => {
  it('counts the version from 0 and keeps the stored status until a change names it', () => {
    const id = freshId();
    const state = [
      created(id, aTask({ status: 0, type: 'background', subgroup: null }), 4),
      updated(id, { title: 'Shade' }),
    ].reduce(itemDecider.evolve, itemDecider.initialState);

    expect(state).toMatchObject({
      status: 'active',
      id,
      version: 1,
      storedStatus: 4,
      fields: { title: 'Shade' },
    });
  });
});
