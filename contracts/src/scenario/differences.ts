import equal from 'fast-deep-equal';
import { diffRecords } from '../history/history';
import type { FieldDifference, RecordDifference, ScenarioRecordKind } from './diff';

/** A record's fields (a read-model document), or null where the record does not exist on that side. */
export type RecordFields = Readonly<Record<string, unknown>> | null;

/**
 * For each field a scenario changed, the live value its latest change of that field was decided on
 * (the record at the change's `base` revision): what a later live change of the field is measured against.
 */
export type ScenarioBase = Readonly<Record<string, unknown>>;

/** Fields a read model keeps that are no part of what a scenario changes or a diff shows. */
const notCompared: ReadonlySet<string> = new Set(['conflicts']);

const valueOf = (record: RecordFields, field: string): unknown =>
  // a record that is gone on a side reads as deleted there
  record === null ? (field === 'deleted' ? true : null) : (record[field] ?? null);

/**
 * The base after one of the scenario's changes: `decidedOn` is the record as the decision saw it (the
 * live record at `liveAtBase`, with the scenario's earlier changes on top), `decided` the record after
 * the change. Each field the change touched now counts from its value in `liveAtBase`; a record that
 * existed live also keeps whether it was deleted there, so that a live deletion since is a conflict.
 * A record the scenario created (`liveAtBase` null) has no base: nothing live can conflict with it.
 * `touched` names fields the change set even where it left their value as it was (an `…Updated`
 * event's `changes`: a resolved conflict keeps the scenario's value on a new base).
 */
export const rebase = (
  base: ScenarioBase,
  change: {
    readonly decidedOn: RecordFields;
    readonly decided: RecordFields;
    readonly liveAtBase: RecordFields;
    readonly touched?: readonly string[];
  },
): ScenarioBase => {
  const { decidedOn, decided, liveAtBase, touched = [] } = change;
  if (liveAtBase === null) return base;
  const next: Record<string, unknown> = { deleted: valueOf(liveAtBase, 'deleted'), ...base };
  const fields = [...diffRecords(decidedOn, decided).map(({ field }) => field), ...touched];
  for (const field of fields) if (!notCompared.has(field)) next[field] = valueOf(liveAtBase, field);
  return next;
};

/**
 * The record as the scenario shows it: the live record with the scenario's changes folded on top
 * (`folded`), where every field of `base` has the value the scenario's latest decision gave it
 * (`decided`), so the scenario's value wins over a live change since, a live deletion included.
 */
export const scenarioWins = (
  folded: RecordFields,
  decided: RecordFields,
  base: ScenarioBase,
): RecordFields => {
  if (folded === null || decided === null) return folded;
  const wins: Record<string, unknown> = { ...folded };
  for (const field of Object.keys(base)) wins[field] = decided[field] ?? null;
  return wins;
};

/**
 * The one conflict rule of issue 22, for one field the scenario changed: the live plan moved it away
 * from `base` (its live value when the scenario's latest change of it was decided) to another value
 * than the scenario's. A live change to the scenario's own value agrees with it, and one changed and
 * changed back left nothing to resolve. The read side's flags (`recordConflicts`) and a publish's
 * refusal (`recordDifferences` in publish.ts) both decide by it.
 */
export const fieldConflict = (
  field: string,
  values: { readonly base: unknown; readonly live: unknown; readonly scenario: unknown },
): FieldDifference | null => {
  const { base, live, scenario } = values;
  return equal(live ?? null, base ?? null) || equal(live ?? null, scenario ?? null)
    ? null
    : { field, live: live ?? null, scenario: scenario ?? null };
};

/**
 * The fields a live change after the scenario's change also changed, to another value than the
 * scenario's (`fieldConflict`): the scenario's value wins in the scenario, and a publish is refused
 * until the conflict is resolved (or the field saved again there: a new base). A live change of a
 * field the scenario left alone simply shows.
 */
export const recordConflicts = (
  live: RecordFields,
  scenario: RecordFields,
  base: ScenarioBase,
): FieldDifference[] =>
  Object.keys(base).flatMap((field) => {
    const conflict = fieldConflict(field, {
      base: base[field],
      live: valueOf(live, field),
      scenario: valueOf(scenario, field),
    });
    return conflict ? [conflict] : [];
  });

/**
 * How a record differs between the compared side (`live`: the live plan, or another scenario) and the
 * scenario, with the scenario's conflicts (`recordConflicts`); null when the two sides agree and
 * nothing conflicts. The read side's diff and the publish's conflict check both decide by it.
 */
export const recordDifference = (record: {
  readonly kind: ScenarioRecordKind;
  readonly id: number;
  readonly live: RecordFields;
  readonly scenario: RecordFields;
  readonly base: ScenarioBase;
}): RecordDifference | null => {
  const { kind, id, live, scenario, base } = record;
  const fields = diffRecords(live, scenario)
    .filter(({ field }) => !notCompared.has(field))
    .map(({ field }) => ({ field, live: valueOf(live, field), scenario: valueOf(scenario, field) }));
  const conflicts = recordConflicts(live, scenario, base);
  if (fields.length === 0 && conflicts.length === 0) return null;
  const named = (side: RecordFields) => side?.title ?? side?.name;
  const change =
    live === null
      ? 'created'
      : valueOf(scenario, 'deleted') === true && valueOf(live, 'deleted') !== true
        ? 'deleted'
        : 'changed';
  return { kind, id, title: String(named(scenario) ?? named(live) ?? ''), change, fields, conflicts };
};
