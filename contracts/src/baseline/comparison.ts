import { countWorkingDays } from '../rules/calendar';
import type { CalendarRules } from '../calendar/definition';

/** A baseline as `GET /api/baselines` lists it. */
export interface BaselineView {
  readonly id: number;
  readonly name: string;
  /** The instant it stands for (ISO date-time, UTC). */
  readonly at: string;
  readonly version: number;
  /** Who created it, and when (ISO date-time). */
  readonly createdBy: string;
  readonly createdAt: string;
}

/** An item's dates as the timeline has them (YYYY-MM-DDTHH:mm; the end exclusive, null for a milestone). */
export interface PlannedDates {
  readonly start: string;
  readonly end: string | null;
}

/**
 * How an item of the window changed since the baseline: `slipped` when its start or end moved, `added`
 * when it did not exist then, `removed` when it does not exist now (deleted, or its project deleted).
 */
export type BaselineChange = 'unchanged' | 'slipped' | 'added' | 'removed';

export interface ComparedItem {
  readonly id: number;
  /** Its title now, or, when removed, then. */
  readonly title: string;
  /** The project whose row lists it: where it is in the window now, else where it was then. */
  readonly group: number;
  readonly type: string | null;
  readonly change: BaselineChange;
  readonly then: PlannedDates | null;
  readonly now: PlannedDates | null;
  /** Working days (§9 calendar) the start and the end moved: + later, − earlier; null unless both exist. */
  readonly startSlip: number | null;
  readonly endSlip: number | null;
}

/** A project's row of the comparison: its items' changes counted, and the sum of their end slips. */
export interface ProjectComparison {
  readonly id: number;
  readonly title: string;
  readonly shared: boolean;
  readonly slipped: number;
  readonly added: number;
  readonly removed: number;
  readonly unchanged: number;
  /** The end slips of its slipped items added up, in working days. */
  readonly slip: number;
}

/** `GET /api/baselines/<id>/comparison`: a page of projects with their items, then and now. */
export interface BaselineComparison {
  readonly baseline: BaselineView;
  readonly from: string;
  readonly to: string;
  /** The log position the baseline's instant stands at (what the as-of answer of that instant reads). */
  readonly position: number;
  readonly groups: readonly ProjectComparison[];
  readonly items: readonly ComparedItem[];
  readonly nextCursor: string | null;
}

/** The widest window a comparison answers: one year (a wider one is a 400 naming `to`). */
export const maxComparisonDays = 366;

const dayOf = (dateTime: string) => dateTime.slice(0, 10);

/** What a comparison asks of a calendar: the project's (issue 24), §9's when omitted. */
export type SlipRules = Pick<CalendarRules, 'countWorkingDays'>;
const bernRules: SlipRules = { countWorkingDays };

/**
 * How many working days (on the project's calendar; §9: weekends and Bern's holidays skipped) a date
 * moved from `then` to `now`: the working days in [then, now) when later, negated when earlier; 0 when
 * on the same day. A move from Friday to the next Monday is +1, from a holiday's eve over the holiday
 * to the day after it too.
 */
export const slipInWorkingDays = (then: string, now: string, rules: SlipRules = bernRules): number => {
  const [a, b] = [dayOf(then), dayOf(now)];
  if (a === b) return 0;
  return a < b ? rules.countWorkingDays(a, b) : -rules.countWorkingDays(b, a);
};

const sameDates = (a: PlannedDates, b: PlannedDates) => a.start === b.start && a.end === b.end;

/** An item's change from its dates then and now (either null when it did not exist). */
export const compareDates = (
  then: PlannedDates | null,
  now: PlannedDates | null,
  rules?: SlipRules,
): Pick<ComparedItem, 'change' | 'startSlip' | 'endSlip'> => {
  if (!then) return { change: 'added', startSlip: null, endSlip: null };
  if (!now) return { change: 'removed', startSlip: null, endSlip: null };
  const startSlip = slipInWorkingDays(then.start, now.start, rules);
  // a milestone's date is its start
  const endSlip = slipInWorkingDays(then.end ?? then.start, now.end ?? now.start, rules);
  return { change: sameDates(then, now) ? 'unchanged' : 'slipped', startSlip, endSlip };
};

/** An item compared: what it is, its dates then and now (either null when it did not exist), and its change. */
export const comparedItem = (
  item: Pick<ComparedItem, 'id' | 'title' | 'group' | 'type'>,
  then: PlannedDates | null,
  now: PlannedDates | null,
  rules?: SlipRules,
): ComparedItem => ({
  id: item.id,
  title: item.title,
  group: item.group,
  type: item.type,
  then,
  now,
  ...compareDates(then, now, rules),
});

/** A project's totals from its compared items. */
export const projectTotals = (
  project: Pick<ProjectComparison, 'id' | 'title' | 'shared'>,
  items: readonly ComparedItem[],
): ProjectComparison => {
  const counts = { slipped: 0, added: 0, removed: 0, unchanged: 0 };
  let slip = 0;
  for (const item of items) {
    counts[item.change] += 1;
    if (item.change === 'slipped') slip += item.endSlip ?? 0;
  }
  return { ...project, ...counts, slip };
};
