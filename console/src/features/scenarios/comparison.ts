import type { PortfolioTotals, ScenarioDiff } from '@fahrplan/contracts';

/** One side of the Compare page: the live plan (`id` null) or a scenario, with its totals. */
export interface ComparedSide {
  readonly id: number | null;
  readonly name: string;
  readonly totals: PortfolioTotals;
}

/** One line of the totals table: what it counts, and its value on each side in order (null: none). */
export interface TotalsLine {
  readonly key: string;
  readonly kind: 'budget' | 'effort' | 'status' | 'priority' | 'milestone';
  /** The status value, the priority, or the milestone's title. */
  readonly subject?: string;
  readonly values: readonly (number | string | null)[];
}

/**
 * The sides side by side: the live plan first (the totals every diff answers for it are the same, so
 * the first answered one is taken), then each scenario whose diff has answered.
 */
export function comparedSides(
  diffs: readonly { name: string; diff: ScenarioDiff | undefined }[],
  liveName: string,
): ComparedSide[] {
  const answered = diffs.filter((d): d is { name: string; diff: ScenarioDiff } => d.diff !== undefined);
  if (answered.length === 0) return [];
  return [
    { id: null, name: liveName, totals: answered[0]!.diff.totals.against },
    ...answered.map(({ name, diff }) => ({ id: diff.scenario, name, totals: diff.totals.scenario })),
  ];
}

const keysOf = (records: readonly Readonly<Record<string, number>>[]) =>
  [...new Set(records.flatMap((r) => Object.keys(r)))].sort((a, b) =>
    a.localeCompare(b, undefined, { numeric: true }),
  );

/**
 * The totals table: budget, effort in working days, projects per status and per priority (every value
 * any side has, 0 where a side has none), and the chosen milestones' dates (null where a side lacks it).
 */
export function totalsLines(sides: readonly ComparedSide[]): TotalsLine[] {
  const totals = sides.map((s) => s.totals);
  const statuses = keysOf(totals.map((t) => t.projectsByStatus));
  const priorities = keysOf(totals.map((t) => t.priorities));
  const milestones = new Map<number, string>();
  for (const t of totals)
    for (const m of t.milestones) if (!milestones.has(m.id)) milestones.set(m.id, m.title);
  return [
    { key: 'budget', kind: 'budget', values: totals.map((t) => t.budget) },
    { key: 'effort', kind: 'effort', values: totals.map((t) => t.effortWorkingDays) },
    ...statuses.map((status): TotalsLine => ({
      key: `status-${status}`,
      kind: 'status',
      subject: status,
      values: totals.map((t) => t.projectsByStatus[status] ?? 0),
    })),
    ...priorities.map((priority): TotalsLine => ({
      key: `priority-${priority}`,
      kind: 'priority',
      subject: priority,
      values: totals.map((t) => t.priorities[priority] ?? 0),
    })),
    ...[...milestones].map(([id, title]): TotalsLine => ({
      key: `milestone-${id}`,
      kind: 'milestone',
      subject: title,
      values: totals.map((t) => t.milestones.find((m) => m.id === id)?.date ?? null),
    })),
  ];
}

/** Whether a line's sides differ from the live plan (the first side) anywhere. */
export const differsFromLive = (line: TotalsLine): boolean =>
  line.values.some((value) => value !== line.values[0]);

/** The chosen milestones of a Compare page's URL (`milestones=1,2`): distinct positive ids. */
export const chosenMilestones = (params: URLSearchParams): number[] => [
  ...new Set(
    (params.get('milestones') ?? '')
      .split(',')
      .filter((part) => /^[1-9]\d{0,14}$/.test(part))
      .map(Number),
  ),
];

/** The pages of a diff loaded so far as one: the records of every page in order, the totals of the first. */
export const joinedPages = (pages: readonly ScenarioDiff[] | undefined): ScenarioDiff | undefined => {
  const [first] = pages ?? [];
  return (
    first && {
      ...first,
      records: pages!.flatMap((page) => page.records),
      nextCursor: pages!.at(-1)!.nextCursor,
    }
  );
};
