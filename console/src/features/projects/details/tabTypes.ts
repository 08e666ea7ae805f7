import type { CreateGoalData, GoalView, GroupMetric } from '@fahrplan/contracts';

/** What the key figures tab edits (§2 kpi tab; §9 slider ranges). */
export interface RatingValues {
  /** 0–9 each. */
  readonly metric1: number;
  readonly metric2: number;
  readonly metric3: number;
  /** 0–12; editable only in the admin variant, else overwritten with the computed priority. */
  readonly metric4: number;
  /** The five rating types of §3, 0–10 each; priority is computed from them (§9). */
  readonly metrics: readonly GroupMetric[];
}

export interface KeyFiguresTabProps {
  readonly value: RatingValues;
  readonly onChange: (next: RatingValues) => void;
  readonly editable: boolean;
  /** The admin variant shows the metric4 slider. */
  readonly admin: boolean;
}

/** A goal the user creates in the goal chooser; it is created in step 4 of the §4 save flow. */
export interface PendingGoal extends CreateGoalData {
  /** A client-side key, e.g. `new-1`, that `StrategyValue.assigned[].goal` refers to. */
  readonly key: string;
}

/** What the strategy tab edits: the project's goal values (0–9) and goals still to create. */
export interface StrategyValue {
  /** `goal` is an existing goal id or the key of a pending goal. */
  readonly assigned: readonly { readonly goal: number | string; readonly value: number }[];
  readonly pending: readonly PendingGoal[];
}

export interface StrategyTabProps {
  /** Every goal of the tenant (GET /api/goals): the tree the chooser and the sunburst show. */
  readonly goals: readonly GoalView[];
  readonly value: StrategyValue;
  readonly onChange: (next: StrategyValue) => void;
  readonly editable: boolean;
}

/** The goal sunburst (ApexCharts): the goal tree, each assigned goal weighted by its value. */
export interface GoalSunburstProps {
  readonly goals: readonly (Pick<GoalView, 'id' | 'name' | 'parent'> | PendingGoalNode)[];
  /** goal id (or pending key) → the project's value 0–9; unassigned goals are drawn faint or left out. */
  readonly values: ReadonlyMap<number | string, number>;
  readonly height?: number;
}

/** A pending goal as the sunburst draws it. */
export interface PendingGoalNode {
  readonly id: string;
  readonly name: string;
  readonly parent: number | null;
}
