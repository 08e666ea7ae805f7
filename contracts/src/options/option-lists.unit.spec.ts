import {
  checkListed,
  defaultOptionLists,
  localisedOptionLists,
  optionLabel,
  optionListSchema,
  optionListsOf,
  optionListsSchema,
  sharedParentValues,
} from './option-lists';
import type { OptionDefinition, OptionLists } from './option-lists';
import { groupDecider } from '../group/group.decide';
import type { GroupContext } from '../group/group.decide';
import { groupFieldsSchema, saveGroupSchema } from '../group/group.commands';
import { itemDecider, itemFieldsSchema, saveItemSchema } from '../item/item';
import type { ItemContext } from '../item/item';
import { changeOptionListsSchema } from '../identity/tenant.commands';
import { createTenantEvents, tenantDecider } from '../identity/tenant.decide';
import type { TenantContext } from '../identity/tenant.decide';
import { createTenantSchema } from '../identity/tenant.commands';
import { aContext, deciderSpec, freshId } from '../testing/decider-spec';

const open: OptionDefinition = { value: 0, label: 'Open', colour: 'gray', done: false };
const done: OptionDefinition = { value: 5, label: 'Done', colour: 'green', done: true };
const fieldErrorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { details?: { fieldErrors?: { field: string; message: string }[] }; message: string })
      .details?.fieldErrors?.[0];
  }
  throw new Error('did not throw');
};

describe('an option list', () => {
  it('holds each value and each label once, values 0 to 99, labels of 1 to 60 characters', () => {
    expect(optionListSchema.safeParse([open, done]).success).toBe(true);
    const messages = (list: unknown) =>
      optionListSchema.safeParse(list).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages([open, { ...done, value: 0 }])).toEqual(['the value 0 is listed twice']);
    expect(messages([open, { ...done, label: ' open ' }])).toEqual(['the label "open" is listed twice']);
    expect(messages([])).toEqual(['a list needs at least one option']);
    expect(messages([{ ...open, value: 100 }])).toEqual(['between 0 and 99']);
    expect(messages([{ ...open, value: 1.5 }])).toEqual(['a whole number']);
    expect(messages([{ ...open, label: '  ' }])).toEqual(['required']);
    expect(messages([{ ...open, label: 'x'.repeat(61) }])).toEqual(['at most 60 characters']);
    expect(optionListSchema.safeParse([{ ...open, colour: 'mauve' }]).success).toBe(false);
  });

  it("labels an option per language (issue 20); a language without a label shows the tenant's own", () => {
    const planned = {
      ...open,
      value: 3,
      label: 'Planned',
      labels: { 'de-CH': 'Geplant', 'fr-CH': 'Planifié' },
    };
    expect(optionListSchema.safeParse([planned]).success).toBe(true);
    expect(optionListSchema.safeParse([{ ...planned, labels: { 'es-ES': 'Planificado' } }]).success).toBe(
      false,
    );
    expect(optionListSchema.safeParse([{ ...planned, labels: { 'de-CH': ' ' } }]).success).toBe(false);
    const lists = optionListsOf({ projectStatus: [planned] });
    expect(optionLabel(localisedOptionLists(lists, 'de-CH'), 'projectStatus', 3)).toBe('Geplant');
    expect(optionLabel(localisedOptionLists(lists, 'it-CH'), 'projectStatus', 3)).toBe('Planned');
    expect(optionLabel(localisedOptionLists(lists, 'en'), 'projectStatus', 3)).toBe('Planned');
    // the defaults speak all four languages
    const german = localisedOptionLists(defaultOptionLists, 'de-CH');
    expect(optionLabel(german, 'itemStatus', 5)).toBe('Erledigt');
    expect(optionLabel(localisedOptionLists(defaultOptionLists, 'fr-CH'), 'projectHealth', 2)).toBe(
      'À risque',
    );
    expect(optionLabel(german, 'itemStatus', 42, (v) => `${v} (nicht in der Liste)`)).toBe(
      '42 (nicht in der Liste)',
    );
  });

  it('names only the kinds Fahrplan knows', () => {
    expect(optionListsSchema.safeParse({ itemStatus: [open] }).success).toBe(true);
    expect(optionListsSchema.safeParse({ applicationStatus: [open] }).success).toBe(false);
  });

  it('defaults hold every code Fahrplan has stored: §4 new-project codes, statuses of the seeder', () => {
    for (const list of Object.values(defaultOptionLists))
      expect(optionListSchema.safeParse(list).success).toBe(true);
    const values = (list: readonly OptionDefinition[]) => list.map((o) => o.value);
    expect(values(defaultOptionLists.projectStatus)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(values(defaultOptionLists.itemStatus)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(values(defaultOptionLists.projectArt)).toContain(99); // the sprint group's art
    for (const kind of ['projectPhase', 'projectHealth', 'projectArt', 'projectKlasse'] as const)
      expect(values(defaultOptionLists[kind])).toContain(0);
    expect(sharedParentValues(defaultOptionLists)).toEqual([1, 2, 3]);
  });

  it('a tenant that changed one list keeps the defaults of the others', () => {
    const lists = optionListsOf({ itemStatus: [open, done] });
    expect(lists.itemStatus).toEqual([open, done]);
    expect(lists.projectStatus).toBe(defaultOptionLists.projectStatus);
    expect(optionListsOf(undefined)).toEqual(defaultOptionLists);
  });

  it('labels a value, marks one no longer listed, and shows nothing as a dash', () => {
    const lists = optionListsOf({ itemStatus: [open, done] });
    expect(optionLabel(lists, 'itemStatus', 5)).toBe('Done');
    expect(optionLabel(lists, 'itemStatus', 3)).toBe('3 (not listed)');
    expect(optionLabel(lists, 'itemStatus', null)).toBe('—');
  });

  it('refuses a value a command changes to one not listed, naming the list; an unchanged value passes', () => {
    const lists = optionListsOf({ itemStatus: [open, done] });
    expect(() => checkListed(lists, 'itemStatus', 5, 0)).not.toThrow();
    expect(() => checkListed(lists, 'itemStatus', 3, 3)).not.toThrow();
    expect(() => checkListed(lists, 'itemStatus', undefined, 3)).not.toThrow();
    expect(() => checkListed(lists, 'itemStatus', 3, 0)).toThrow(
      '3 is not one of the listed values (0 Open, 5 Done)',
    );
    expect(fieldErrorOf(() => checkListed(lists, 'itemStatus', 3, 0))).toEqual({
      field: 'status',
      message: 'not one of the listed values',
    });
  });
});

describe('ChangeOptionLists', () => {
  const tenant = deciderSpec(tenantDecider);
  const created = createTenantEvents(
    createTenantSchema.parse({ name: 'acme' }),
    { tenant: 10, administrator: 11, viewer: 12, auditor: 13 },
    { id: 7, tenant: 'home', username: 'bob' },
  );
  const context = (): TenantContext =>
    aContext({
      newId: freshId(),
      members: [{ id: 1, roles: [], permissions: { admin: ['EDIT'] }, disabled: false }],
    });
  const change = (data: unknown) => ({
    type: 'ChangeOptionLists' as const,
    data: changeOptionListsSchema.parse(data),
  });

  it('records the lists it names; the state keeps the others as they were', () => {
    tenant
      .given(created)
      .when(change({ lists: { itemStatus: [open, done] } }), context())
      .then([{ type: 'OptionListsChanged', data: { lists: { itemStatus: [open, done] } } }]);
    const state = [
      ...created,
      { type: 'OptionListsChanged' as const, data: { lists: { itemStatus: [open] } } },
      { type: 'OptionListsChanged' as const, data: { lists: { projectHealth: [done] } } },
    ].reduce(tenantDecider.evolve, tenantDecider.initialState);
    expect(state.optionLists).toEqual({ itemStatus: [open], projectHealth: [done] });
  });

  it('is refused with 409 when the tenant changed since the version the administrator saw', () => {
    tenant
      .given(created)
      .when(change({ version: 0, lists: { itemStatus: [open] } }), context())
      .thenThrows({ code: 'conflict' });
  });
});

describe('codes of projects and items must be listed', () => {
  const groups = deciderSpec(groupDecider);
  const items = deciderSpec(itemDecider);
  const lists: OptionLists = optionListsOf({
    projectStatus: [
      { value: 3, label: 'Planned', colour: 'blue', done: false },
      { value: 4, label: 'Running', colour: 'blue', done: false, sharedParent: true },
    ],
    itemStatus: [open, done],
  });
  const groupContext = (facts: Partial<GroupContext> = {}): GroupContext =>
    aContext({ newId: freshId(), parentChain: [], optionLists: lists, ...facts });
  const saveGroup = (raw: Record<string, unknown>) => ({
    type: 'SaveGroup' as const,
    data: saveGroupSchema.parse(raw),
  });
  const project = (id: number, status: number) => ({
    type: 'GroupCreated' as const,
    data: {
      id,
      ...groupFieldsSchema.parse({
        title: 'Roll-out',
        start: '2026-03-02',
        end: '2026-03-09',
        status,
        metrics: [],
      }),
    },
  });

  it('a project: a new one with an unlisted status is refused, the default status passes', () => {
    const error = fieldErrorOf(() =>
      groupDecider.decide(saveGroup({ title: 'New', status: 7 }), groupDecider.initialState, groupContext()),
    );
    expect(error).toEqual({ field: 'status', message: 'not one of the listed values' });
    expect(
      groupDecider.decide(saveGroup({ title: 'New' }), groupDecider.initialState, groupContext()),
    ).toEqual([expect.objectContaining({ type: 'GroupCreated' })]);
  });

  it('a project whose status is no longer listed keeps it through other changes, but cannot take another unlisted one', () => {
    const id = freshId();
    groups
      .given([project(id, 9)])
      .when(saveGroup({ id, version: 0, title: 'Renamed', status: 9 }), groupContext())
      .then([{ type: 'GroupUpdated', data: { id, changes: { title: 'Renamed' } } }]);
    groups
      .given([project(id, 9)])
      .when(saveGroup({ id, version: 0, status: 8 }), groupContext())
      .thenThrows({
        details: { fieldErrors: [{ field: 'status', message: 'not one of the listed values' }] },
      });
  });

  it("a shared parent needs a status the linking tenant's list marks, named in the refusal", () => {
    const id = freshId();
    const parent = freshId();
    groups
      .given([project(id, 3)])
      .when(
        saveGroup({ id, version: 0, parent }),
        groupContext({ parentChain: [parent], sharedParentStatus: 4 }),
      )
      .then([{ type: 'GroupUpdated', data: { id, changes: { parent } } }]);
    expect(() =>
      groupDecider.decide(
        saveGroup({ id, version: 0, parent }),
        [project(id, 3)].reduce(groupDecider.evolve, groupDecider.initialState),
        groupContext({ parentChain: [parent], sharedParentStatus: 3 }),
      ),
    ).toThrow('a shared parent project needs the status Running; it has Planned');
  });

  it('an item: a status not listed is refused on create and on change', () => {
    const itemContext = (): ItemContext =>
      aContext({
        newId: freshId(),
        group: { subgroups: ['tasks'], sprint: false },
        systemEditor: false,
        optionLists: lists,
      });
    const task = { title: 'Build', group: 7, subgroup: 'tasks', start: '2026-03-23T00:00' };
    const saveItem = (raw: Record<string, unknown>) => ({
      type: 'SaveItem' as const,
      data: saveItemSchema.parse(raw),
    });
    expect(
      fieldErrorOf(() =>
        itemDecider.decide(saveItem({ ...task, status: 2 }), itemDecider.initialState, itemContext()),
      ),
    ).toEqual({ field: 'status', message: 'not one of the listed values' });
    const id = freshId();
    const createdItem = {
      type: 'ItemCreated' as const,
      data: { id, ...itemFieldsSchema.parse({ ...task, status: 0 }), storedStatus: null },
    };
    items
      .given([createdItem])
      .when(saveItem({ id, version: 0, status: 5 }), itemContext())
      .then([{ type: 'ItemUpdated', data: { id, changes: { status: 5 } } }]);
    items
      .given([createdItem])
      .when(saveItem({ id, version: 0, status: 2 }), itemContext())
      .thenThrows({
        details: { fieldErrors: [{ field: 'status', message: 'not one of the listed values' }] },
      });
  });
});
