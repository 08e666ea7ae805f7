import type { TFunction } from 'i18next';
import type { FieldDifference, RecordDifference, ScenarioRecordKind } from '@fahrplan/contracts';
import { fieldLabel } from '../common/fieldLabels';
import type { LabelledRecord } from '../common/fieldLabels';
import { summariseFieldValue } from '../history/historyFormat';
import { inScenarioPath } from './scenarioPaths';

const labelledAs: Partial<Record<ScenarioRecordKind, LabelledRecord>> = { item: 'item', group: 'project' };

const isAccountEntry = (
  value: unknown,
): value is { sicht: string; periode: string | null; amount: unknown } =>
  typeof value === 'object' && value !== null && 'sicht' in value && 'amount' in value;

/**
 * A field's value as the History writes it (an amount 350'000.00, an end as its last day); an account's
 * entries by their key and amount ("Budget 2027: 350'000.00"), as the Finance tab lists them.
 */
const shownValue = (field: string, value: unknown): string =>
  field === 'entries' && Array.isArray(value) && value.length > 0 && value.every(isAccountEntry)
    ? value
        .map(
          ({ sicht, periode, amount }) =>
            `${[sicht, periode].filter(Boolean).join(' ')}: ${summariseFieldValue('amount', amount)}`,
        )
        .join(', ')
    : summariseFieldValue(field, value);

/** One changed field as the screens write it: its label, both values, and whether it is a conflict. */
export interface ShownField {
  readonly field: string;
  readonly label: string;
  readonly live: string;
  readonly scenario: string;
  readonly conflict: boolean;
}

/** A calendar's name by its id, where the screen knows it (`useCalendarNames`). */
export type CalendarNames = (id: unknown) => string | undefined;

/**
 * A record's changed fields for the screens: the conflicting ones first (each once, with the live value
 * the live plan has now), then the others, labelled as the record's dialog labels them; a project's
 * calendar by its name where `calendarNames` knows it.
 */
export function shownFields(
  record: RecordDifference,
  t: TFunction<'scenarios'>,
  calendarNames: CalendarNames = () => undefined,
): ShownField[] {
  const kind = labelledAs[record.kind] ?? null;
  const value = (field: string, stored: unknown) =>
    (field === 'calendar' ? calendarNames(stored) : undefined) ?? shownValue(field, stored);
  const shown = (difference: FieldDifference, conflict: boolean): ShownField => ({
    field: difference.field,
    label: fieldLabel(t as unknown as TFunction, kind, difference.field),
    live: value(difference.field, difference.live),
    scenario: value(difference.field, difference.scenario),
    conflict,
  });
  const conflicting = new Set(record.conflicts.map((c) => c.field));
  return [
    ...record.conflicts.map((c) => shown(c, true)),
    ...record.fields.filter((f) => !conflicting.has(f.field)).map((f) => shown(f, false)),
  ];
}

/** Where a record is changed inside a scenario: its page, or the timeline for what has none. */
export function recordInScenario(record: Pick<RecordDifference, 'kind' | 'id'>, scenario: number): string {
  const path =
    record.kind === 'item'
      ? `/task-details/${record.id}`
      : record.kind === 'group'
        ? `/project-details/${record.id}`
        : '/';
  return inScenarioPath(path, scenario);
}

/** The records of a 409 `scenario-conflict` (docs/design/scenarios.md), or null for another refusal. */
export function conflictingRecords(error: unknown): readonly RecordDifference[] | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, data } = error as { status?: unknown; data?: unknown };
  if (status !== 409 || typeof data !== 'object' || data === null) return null;
  const problem = data as { code?: unknown; records?: unknown };
  return problem.code === 'scenario-conflict' && Array.isArray(problem.records)
    ? (problem.records as RecordDifference[])
    : null;
}

/** A record kind by its name. */
export const kindLabel = (t: TFunction<'scenarios'>, kind: ScenarioRecordKind): string =>
  ({
    item: t('kinds.item'),
    group: t('kinds.group'),
    lane: t('kinds.lane'),
    goal: t('kinds.goal'),
    account: t('kinds.account'),
    dependency: t('kinds.dependency'),
  })[kind];

/** What the scenario did to a record, in words. */
export const changeLabel = (t: TFunction<'scenarios'>, change: RecordDifference['change']): string =>
  ({ created: t('changes.created'), changed: t('changes.changed'), deleted: t('changes.deleted') })[change];
