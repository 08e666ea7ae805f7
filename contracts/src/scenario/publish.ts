import equal from 'fast-deep-equal';
import { accountEntryKey } from '../account/account';
import type { AccountEntry } from '../account/account';
import type { DomainEvent, StoredEvent } from '../events';
import type { GroupGoalValue } from '../group/group.commands';
import { dependencyDecider, dependencyPath, graphOf } from '../dependency/dependency';
import type { Dependency, DependencyEvent } from '../dependency/dependency';
import { parseStreamName } from '../streams';
import type { FieldDifference, RecordDifference, ScenarioRecordKind } from './diff';
import { fieldConflict } from './differences';

/**
 * Publishing a scenario (issue 22, docs/design/scenarios.md "Publishing"): which fields of which records
 * the scenario changed, whether the live plan changed any of them since the scenario's change, and the
 * live events a publish appends. Pure: the command service reads the streams and stores the outcome.
 */

/** One field of one record that an event sets: `created` and `deleted` for a record's lifecycle. */
export interface FieldTouch {
  readonly record: number;
  readonly field: string;
  readonly value: unknown;
}

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields an event of a planning record sets. An `…Updated` event sets the fields of its `changes`;
 * a creation sets every field it names; lanes, goal values and account entries are one field each
 * (`subgroups.<lane>`, `goals.<goal>`, `entries.<sicht>/<periode>`), so that two changes of different
 * lanes of one project are no conflict.
 */
export const touchesOf = ({ type, data }: DomainEvent): FieldTouch[] => {
  const fields = isObject(data) ? data : {};
  const record = Number(fields.id);
  const touch = (field: string, value: unknown): FieldTouch => ({ record, field, value });
  if (isObject(fields.changes)) return Object.entries(fields.changes).map(([f, v]) => touch(f, v));
  switch (type) {
    case 'GroupGoalsSet':
      return (fields.goals as readonly GroupGoalValue[]).map((g) => touch(`goals.${g.goalId}`, g.value));
    case 'SubgroupAdded':
    case 'SubgroupRestored': {
      const lane = fields.subgroup as { readonly id: string; readonly name: string };
      return [touch(`subgroups.${lane.id}`, lane.name)];
    }
    case 'SubgroupRenamed':
      return [touch(`subgroups.${String(fields.subgroup)}`, fields.name)];
    case 'SubgroupRemoved':
      return [touch(`subgroups.${String(fields.subgroup)}`, null)];
    case 'AccountEntriesAdded':
      return (fields.entries as readonly AccountEntry[]).map((e) => touch(entryField(e), e));
    case 'AccountEntryRemoved':
      return [touch(entryField(fields as unknown as AccountEntry), null)];
    case 'DependencyAdded':
      return [touch('created', true), ...Object.entries(fields).map(([f, v]) => touch(f, v))];
    case 'DependencyRemoved':
      return [touch('deleted', true)];
    default:
      break;
  }
  if (type.endsWith('Created'))
    return [
      touch('created', true),
      ...Object.entries(fields).flatMap(([f, v]) => (f === 'id' ? [] : [touch(f, v)])),
    ];
  if (type.endsWith('Deleted')) return [touch('deleted', true)];
  if (type.endsWith('Restored')) return [touch('deleted', false)];
  return [touch(type, fields)];
};

const entryField = (entry: Pick<AccountEntry, 'sicht' | 'periode'>) =>
  `entries.${accountEntryKey(entry).replace('\u0000', '/')}`;

/** The kind a record of a live stream's category is called by in a difference. */
export const recordKindOf = (stream: string): ScenarioRecordKind => {
  const { category } = parseStreamName(stream);
  return category === 'dependencies' ? 'dependency' : (category as ScenarioRecordKind);
};

/** One record stream the scenario changed: its live events now and the scenario's own events of it. */
export interface ScenarioStream {
  /** The live stream's name (`item-12`, `dependencies-<tenant>`). */
  readonly stream: string;
  readonly live: readonly Pick<StoredEvent, 'type' | 'data' | 'revision'>[];
  readonly scenario: readonly Pick<StoredEvent, 'type' | 'data' | 'metadata'>[];
}

/** What a publish appends to one live stream, after `expectedVersion` (null: the stream is new). */
export interface PublishedChange {
  readonly stream: string;
  readonly expectedVersion: number | null;
  readonly events: readonly DomainEvent[];
}

export interface PublishDecision {
  readonly changes: readonly PublishedChange[];
  /** Every record with a conflict: a publish is refused whole while there is one. */
  readonly conflicts: readonly RecordDifference[];
}

interface Latest {
  readonly value: unknown;
  /** The scenario's change: the live revision it was decided on (-1 for a record new in the scenario); a live change: its revision. */
  readonly at: number;
}

const byRecordAndField = (touches: Iterable<[FieldTouch, number]>) => {
  const latest = new Map<number, Map<string, Latest>>();
  for (const [{ record, field, value }, at] of touches) {
    const fields = latest.get(record) ?? new Map<string, Latest>();
    fields.set(field, { value, at });
    latest.set(record, fields);
  }
  return latest;
};

const titleOf = (...sides: (Map<string, Latest> | undefined)[]): string | undefined => {
  for (const side of sides)
    for (const field of ['title', 'name'])
      if (typeof side?.get(field)?.value === 'string') return side.get(field)!.value as string;
  return undefined;
};

/** Every live touch of each record's fields, in revision order: a field's value at any revision. */
const liveTouches = (live: ScenarioStream['live']) => {
  const touches = new Map<number, Map<string, Latest[]>>();
  for (const event of live)
    for (const { record, field, value } of touchesOf(event)) {
      const fields = touches.get(record) ?? new Map<string, Latest[]>();
      fields.set(field, [...(fields.get(field) ?? []), { value, at: event.revision }]);
      touches.set(record, fields);
    }
  return touches;
};

/** The value the last of `touches` at or before `revision` set (null where none had). */
const valueAt = (touches: readonly Latest[] | undefined, revision: number): unknown =>
  touches?.findLast((touch) => touch.at <= revision)?.value ?? null;

/**
 * The records of one stream the scenario changed, each with its fields (live value now against the
 * scenario's) and its conflicts by the one rule (`fieldConflict`): a field the live plan moved, since
 * the revision the scenario's latest change of it was decided on, to another value than the
 * scenario's; a live deletion of the record since the scenario's first change.
 */
export const recordDifferences = ({ stream, live, scenario }: ScenarioStream): RecordDifference[] => {
  const ours = byRecordAndField(
    scenario.flatMap((event) =>
      touchesOf(event).map((t): [FieldTouch, number] => [t, event.metadata.base ?? -1]),
    ),
  );
  const theirs = liveTouches(live);
  const kind = recordKindOf(stream);
  return [...ours].map(([record, fields]) => {
    const touched = theirs.get(record);
    const nowOf = (field: string) => touched?.get(field)?.at(-1)?.value ?? null;
    const firstBase = Math.min(...[...fields.values()].map((f) => f.at));
    const differences: FieldDifference[] = [];
    const conflicts: FieldDifference[] = [];
    for (const [field, { value, at }] of fields) {
      const difference = { field, live: nowOf(field), scenario: value };
      if (!equal(difference.live, value)) differences.push(difference);
      // a record the scenario created (no base) has nothing live to conflict with
      const conflict =
        at < 0 ? null : fieldConflict(field, { base: valueAt(touched?.get(field), at), ...difference });
      if (conflict) conflicts.push(conflict);
    }
    if (!fields.has('deleted') && firstBase >= 0) {
      const deletedThen = valueAt(touched?.get('deleted'), firstBase) === true;
      const conflict = fieldConflict('deleted', {
        base: deletedThen,
        live: nowOf('deleted') === true,
        scenario: deletedThen,
      });
      if (conflict) conflicts.push(conflict);
    }
    const change = fields.get('created')
      ? 'created'
      : fields.get('deleted')?.value === true
        ? 'deleted'
        : 'changed';
    const now = touched && new Map([...touched].map(([field, touches]) => [field, touches.at(-1)!]));
    return {
      kind,
      id: record,
      title: titleOf(fields, now) ?? `#${record}`,
      change,
      fields: differences,
      conflicts,
    };
  });
};

/**
 * Decides a publish on the streams the scenario changed: every record's conflicts, and for each stream
 * the scenario's own events to append to the live stream after its revision now (each was decided by
 * the record's ordinary decider in the scenario; a record created and deleted there again is left out).
 */
export const decidePublish = (streams: readonly ScenarioStream[]): PublishDecision => {
  const conflicts: RecordDifference[] = [];
  const changes: PublishedChange[] = [];
  for (const stream of streams) {
    const records = withCycles(stream, recordDifferences(stream));
    conflicts.push(...records.filter((r) => r.conflicts.length > 0));
    const vanished = new Set(
      records.filter((r) => r.change === 'created' && r.fields.some(isDeletion)).map((r) => r.id),
    );
    const events = stream.scenario
      .filter((event) => !vanished.has(Number((event.data as { id?: unknown }).id)))
      .map(({ type, data }) => ({ type, data }));
    if (events.length > 0)
      changes.push({ stream: stream.stream, expectedVersion: stream.live.at(-1)?.revision ?? null, events });
  }
  return { changes, conflicts };
};

/**
 * A dependency the scenario adds that closes a cycle with the live graph now (each side acyclic alone)
 * is a conflict on `cycle`: the graph must stay acyclic (docs/design/dependencies.md).
 */
const withCycles = (stream: ScenarioStream, records: RecordDifference[]): RecordDifference[] => {
  if (recordKindOf(stream.stream) !== 'dependency') return records;
  const merged = graphOf(
    [...stream.live, ...stream.scenario].reduce(
      (state, event) => dependencyDecider.evolve(state, event as unknown as DependencyEvent),
      dependencyDecider.initialState,
    ),
  );
  return records.map((record) => {
    const added = merged.byId.get(record.id) as Dependency | undefined;
    if (record.change !== 'created' || !added) return record;
    const cycle = dependencyPath(merged, added.successor, added.predecessor);
    return cycle
      ? { ...record, conflicts: [...record.conflicts, { field: 'cycle', live: cycle, scenario: null }] }
      : record;
  });
};

const isDeletion = (field: FieldDifference) => field.field === 'deleted' && field.scenario === true;

/** Whether live events appended after a change was decided touch what the change sets (the same rule as the publish's). */
export const conflictsSince = (change: PublishedChange, live: ScenarioStream['live']): RecordDifference[] =>
  recordDifferences({
    stream: change.stream,
    live,
    scenario: change.events.map((event) => ({
      ...event,
      metadata: { base: change.expectedVersion ?? -1 } as StoredEvent['metadata'],
    })),
  }).filter((record) => record.conflicts.length > 0);

const kindNames: Readonly<Record<string, string>> = { item: 'Item', group: 'Group', goal: 'Goal' };

/**
 * The events that take a followed change back (a publish compensated, as a reschedule is): every field
 * the change set gets the value the live stream had before it (`before`). A record the change created
 * is deleted again; an account it created keeps existing without the entries it got, since accounts
 * are never deleted.
 */
export const compensationOf = (change: PublishedChange, before: ScenarioStream['live']): DomainEvent[] => {
  const { category } = parseStreamName(change.stream);
  const kind = kindNames[category];
  const was = byRecordAndField(
    before.flatMap((event) => touchesOf(event).map((t): [FieldTouch, number] => [t, event.revision])),
  );
  const set = byRecordAndField(
    change.events.flatMap((event) => touchesOf(event).map((t): [FieldTouch, number] => [t, 0])),
  );
  const events: DomainEvent[] = [];
  for (const [id, fields] of set) {
    const old = (field: string) => was.get(id)?.get(field)?.value;
    if (fields.has('created')) {
      if (kind) events.push({ type: `${kind}Deleted`, data: { id } });
      if (category === 'dependencies') {
        const { predecessor, successor } = Object.fromEntries(
          [...fields].map(([field, { value }]) => [field, value]),
        ) as { predecessor: number; successor: number };
        events.push({ type: 'DependencyRemoved', data: { id, predecessor, successor } });
      }
    }
    const changes: Record<string, unknown> = {};
    for (const [field, { value }] of fields) {
      const [head, key] = field.split(/\.(.*)/s) as [string, string | undefined];
      if (fields.has('created') && head !== 'entries') continue;
      if (field === 'deleted') {
        if (category === 'dependencies')
          events.push({ type: 'DependencyAdded', data: dependencyOf(was.get(id), id) });
        else if (kind)
          events.push({ type: value === true ? `${kind}Restored` : `${kind}Deleted`, data: { id } });
      } else if (head === 'goals')
        events.push({
          type: 'GroupGoalsSet',
          data: { id, goals: [{ goalId: Number(key), value: old(field) ?? 0 }] },
        });
      else if (head === 'subgroups') {
        const name = old(field);
        if (name === undefined || name === null)
          events.push({ type: 'SubgroupRemoved', data: { id, subgroup: key } });
        else if (value === null)
          events.push({
            type: 'SubgroupRestored',
            data: { id, subgroup: { id: key, name, type: 'INDIVIDUAL' } },
          });
        else events.push({ type: 'SubgroupRenamed', data: { id, subgroup: key, name } });
      } else if (head === 'entries') {
        const entry = (old(field) ?? null) as AccountEntry | null;
        const { sicht, periode } = (entry ?? value) as AccountEntry;
        events.push(
          entry
            ? { type: 'AccountEntriesAdded', data: { id, entries: [entry] } }
            : { type: 'AccountEntryRemoved', data: { id, sicht, periode } },
        );
      } else if (kind) changes[field] = old(field) ?? null;
    }
    if (Object.keys(changes).length > 0) events.unshift({ type: `${kind}Updated`, data: { id, changes } });
  }
  return events;
};

const dependencyOf = (fields: Map<string, Latest> | undefined, id: number) => ({
  ...Object.fromEntries(
    [...(fields ?? [])].flatMap(([field, { value }]) =>
      field === 'created' || field === 'deleted' ? [] : [[field, value]],
    ),
  ),
  id,
});
