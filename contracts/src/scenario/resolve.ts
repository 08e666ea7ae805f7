import { z } from 'zod';
import { deciderOf } from '../decider';
import type { DecisionContext, DomainEvent, StoredEvent } from '../events';
import { conflictOf, invalidField } from '../errors';
import { createGoalSchema } from '../goal/goal';
import { groupFieldsSchema } from '../group/group.commands';
import { itemFieldsSchema } from '../item/item';
import { dateOrderError } from '../rules/record-checks';
import { isScenarioStream, streamName } from '../streams';
import type { ScenarioRecordKind } from './diff';
import { recordDifferences, touchesOf } from './publish';
import type { ScenarioStream } from './publish';

const id = z.number().int().positive();

/**
 * The fields a conflict can be resolved on, per kind of record: the fields its `…Updated` event
 * carries. Lanes, goal values, account entries, a deletion and a dependency's cycle have no such event
 * (docs/design/scenario-conflict-resolution.md): they are resolved by saving them again in the scenario.
 */
/**
 * Fields one step does not resolve, per kind: an item's system type and class name need a permission
 * of their own and move its status with them (`applyType`); a reference to another record that the
 * scenario may have changed (an item's project and lane, a project's parent and account, a goal's
 * parent) is checked by the record's decider on the scenario's view. Both are saved again there.
 */
const checkedOnSave: Readonly<Record<'item' | 'group' | 'goal', ReadonlySet<string>>> = {
  item: new Set(['type', 'className', 'group', 'subgroup']),
  group: new Set(['parent', 'account']),
  goal: new Set(['parent']),
};
const fieldsOf = (kind: 'item' | 'group' | 'goal', shape: object) =>
  new Set(Object.keys(shape).filter((field) => !checkedOnSave[kind].has(field)));

const resolvableFields: Readonly<Partial<Record<ScenarioRecordKind, ReadonlySet<string>>>> = {
  item: fieldsOf('item', itemFieldsSchema.shape),
  group: fieldsOf('group', groupFieldsSchema.shape),
  goal: fieldsOf('goal', createGoalSchema.shape),
};

/** Every field a conflict can be resolved on, of any kind: the schema names them, so clients and generators see them. */
const anyResolvableField = [
  ...new Set(Object.values(resolvableFields).flatMap((fields) => [...fields!])),
] as [string, ...string[]];

/** Whether a conflict on `field` of a record of `kind` can be resolved in one step (the console offers it then). */
export const isResolvableConflict = (kind: ScenarioRecordKind, field: string): boolean =>
  resolvableFields[kind]?.has(field) ?? false;

/**
 * ResolveScenarioConflict (issue 22): settles the conflict on one field of one record of an open
 * scenario, keeping the scenario's value or taking the live one. Stored as the record's own
 * `…Updated` event in the scenario, decided on the live record now, so that the live change is no
 * conflict any more. 400 for a field that has no `…Updated` (lanes, goal values, entries, deletions).
 */
export const resolveScenarioConflictSchema = z
  .strictObject({
    scenario: id,
    kind: z.enum(['item', 'group', 'lane', 'goal', 'account', 'dependency']),
    id,
    field: z.enum(anyResolvableField),
    keep: z.enum(['scenario', 'live']),
  })
  .superRefine(({ kind, field }, context) => {
    if (!isResolvableConflict(kind, field))
      context.addIssue({
        code: 'custom',
        path: ['field'],
        message: `a conflict on ${field} of a ${kind} is resolved by saving it again in the scenario`,
      });
  });
export type ResolveScenarioConflictData = z.infer<typeof resolveScenarioConflictSchema>;

/** The record as the resolution sees it: its live events and the scenario's own events of it. */
export interface ResolutionState {
  readonly live: readonly StoredEvent[];
  readonly scenario: readonly StoredEvent[];
}

const updatedType: Readonly<Partial<Record<ScenarioRecordKind, string>>> = {
  item: 'ItemUpdated',
  group: 'GroupUpdated',
  goal: 'GoalUpdated',
};

/** A record's value of each field in the scenario: the scenario's latest touch, else the live plan's. */
const valuesIn = (state: ResolutionState, record: number) => {
  const values = new Map<string, unknown>();
  for (const event of [...state.live, ...state.scenario])
    for (const touch of touchesOf(event)) if (touch.record === record) values.set(touch.field, touch.value);
  return values;
};

/**
 * The event that resolves the conflict: `{field: value}` with the scenario's value (`keep: 'scenario'`)
 * or the live one (`'live'`), appended to the scenario's stream of the record with the live revision
 * now as its base. 409 when the field has no conflict (resolved already, or never one); 400 when the
 * value kept would put the record's end before its begin.
 */
export const decideResolution = (
  { kind, id: record, field, keep }: ResolveScenarioConflictData,
  state: ResolutionState,
): DomainEvent[] => {
  const type = updatedType[kind];
  if (!type) throw invalidField('kind', `a ${kind} has no conflict to resolve in one step`, 'not resolvable');
  const stream: ScenarioStream = { stream: streamName(kind as 'item' | 'group' | 'goal', record), ...state };
  const conflict = recordDifferences(stream)
    .find((difference) => difference.id === record)
    ?.conflicts.find((c) => c.field === field);
  if (!conflict) throw conflictOf('conflict', `the ${kind}'s ${field} has no conflict to resolve`);
  const value = keep === 'scenario' ? conflict.scenario : conflict.live;
  const values = valuesIn(state, record);
  values.set(field, value);
  const dateError = dateOrderError(
    (values.get('start') ?? null) as string | null,
    (values.get('end') ?? null) as string | null,
  );
  if (dateError) throw invalidField(field, dateError, `keeping this ${field}: ${dateError}`);
  return [{ type, data: { id: record, changes: { [field]: value } } }];
};

/** The record's events, the live stream's and the scenario's apart (`AggregateRunner.loadInScenario` folds both). */
const evolveResolution = (state: ResolutionState, event: DomainEvent): ResolutionState => {
  const stored = event as StoredEvent;
  return isScenarioStream(stored.streamId)
    ? { ...state, scenario: [...state.scenario, stored] }
    : { ...state, live: [...state.live, stored] };
};

export const resolutionDecider = deciderOf(
  (command: ResolveScenarioConflictData, state: ResolutionState, _context: DecisionContext) =>
    decideResolution(command, state),
  evolveResolution,
  { live: [], scenario: [] } as ResolutionState,
);
