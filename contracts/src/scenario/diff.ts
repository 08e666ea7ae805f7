/**
 * `GET /api/scenarios/<id>/diff[?against=<id>][&milestones=<id>,<id>…]` (issue 22): what a scenario
 * changes against the live plan (or against another scenario), record by record, and the portfolio
 * totals of both sides. The console's Compare page and the publish refusal read this shape.
 */

/** One field of one record whose two sides differ. */
export interface FieldDifference {
  readonly field: string;
  /** The value on the compared side: the live plan, or the `against` scenario. */
  readonly live: unknown;
  readonly scenario: unknown;
}

/** The kinds of record a scenario can change. */
export type ScenarioRecordKind = 'item' | 'group' | 'lane' | 'goal' | 'account' | 'dependency';

/** One record the scenario (or the `against` side) changed. */
export interface RecordDifference {
  readonly kind: ScenarioRecordKind;
  readonly id: number;
  /** The record's title (or name) in the scenario, else on the compared side. */
  readonly title: string;
  readonly change: 'created' | 'changed' | 'deleted';
  /** The fields that differ, in the record's field order. */
  readonly fields: readonly FieldDifference[];
  /**
   * The fields a live change after the scenario's change also touched: the scenario's value wins in
   * the scenario, and a publish is refused until the record is saved again in the scenario.
   */
  readonly conflicts: readonly FieldDifference[];
}

/** Portfolio figures of one side (live, or a scenario). */
export interface PortfolioTotals {
  /** Sum of the projects' budgets (the Budget view of their accounts, CHF). */
  readonly budget: number;
  /** Sum of the tasks' durations in working days, each on its project's calendar on that side (issue 24). */
  readonly effortWorkingDays: number;
  /** Number of live (not deleted) projects per status value. */
  readonly projectsByStatus: Readonly<Record<string, number>>;
  /** Number of projects per computed priority (§9). */
  readonly priorities: Readonly<Record<string, number>>;
  /** The chosen milestones' dates (ISO date-time), null where the milestone does not exist on that side. */
  readonly milestones: readonly {
    readonly id: number;
    readonly title: string;
    readonly date: string | null;
  }[];
}

export interface ScenarioDiff {
  readonly scenario: number;
  /** The other side: null for the live plan, else a scenario id. */
  readonly against: number | null;
  /**
   * A page of the records (`?limit=`, default 100, at most 1,000; `?cursor=`): those with conflicts
   * first, then by kind and id.
   */
  readonly records: readonly RecordDifference[];
  /** The cursor of the next page of records; null after the last. */
  readonly nextCursor: string | null;
  /** The totals of both sides, whole on every page. */
  readonly totals: { readonly against: PortfolioTotals; readonly scenario: PortfolioTotals };
}

/** A publish refused because of conflicts (409 `scenario-conflict`): every conflicting record, with both values. */
export interface ScenarioConflictProblem {
  readonly code: 'scenario-conflict';
  readonly records: readonly RecordDifference[];
}
