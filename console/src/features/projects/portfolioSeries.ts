import type { TFunction } from 'i18next';
import type { GroupView, MetricType } from '@fahrplan/contracts';
import { defaultOptionLists, optionLabel } from '@fahrplan/contracts';
import type { OptionLists } from '@fahrplan/contracts';
import { notListed, optionColour } from '../options/optionData';

/** What the bubble's area stands for. */
export type BubbleSize = 'effort' | 'budget';

/** Bubble radii in pixels: the chart draws z as the radius (zScaling off), so sizes do not depend on its height. */
export const bubbleRadius = { min: 8, max: 28, unsized: 5 } as const;

/** Overlapping projects of one cell spread at most this far (axis units) from the cell's centre. */
export const maxJitter = 0.35;

export interface PortfolioPoint {
  readonly id: number;
  readonly title: string;
  /** The WICHTIGKEIT rating 0–10, as stored. */
  readonly importance: number;
  /** The DRINGLICHKEIT rating 0–10, as stored. */
  readonly urgency: number;
  /** Drawn position: the ratings plus the spread within a crowded cell. */
  readonly x: number;
  readonly y: number;
  /** Effort in working days or the budget; null when the project has none (drawn at the unsized radius). */
  readonly size: number | null;
  /** Radius in pixels. */
  readonly z: number;
  readonly health: number | null;
}

export interface PortfolioSeries {
  readonly health: number | null;
  /** Legend text, e.g. `1 · on track`. */
  readonly name: string;
  /** Mantine colour name of the health badge. */
  readonly colour: string;
  /** Largest bubble first, so smaller ones are drawn on top and stay clickable. */
  readonly points: readonly PortfolioPoint[];
}

export interface Portfolio {
  /** One series per health code present, codes ascending, unrated (null) last. */
  readonly series: readonly PortfolioSeries[];
  readonly count: number;
  /** Projects without effort/budget (or with zero or less), drawn at the unsized radius. */
  readonly withoutSize: number;
  /** The size behind the largest bubble; null when no project has one. */
  readonly largest: number | null;
}

/**
 * A rating of the project; a missing type counts 0 as in the §9 priority. Repeated entries of one type
 * (per metric group) are averaged so the point stays on the 0–10 scale.
 */
export const ratingOf = (project: Pick<GroupView, 'metrics'>, type: MetricType): number => {
  const values = (project.metrics ?? []).filter((m) => m.type === type).map((m) => m.value);
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
};

export const sizeOf = (project: Pick<GroupView, 'duration' | 'budget'>, mode: BubbleSize): number | null => {
  const value = mode === 'effort' ? project.duration : project.budget;
  return value !== null && value !== undefined && Number.isFinite(value) && value > 0 ? value : null;
};

const goldenAngle = Math.PI * (3 - Math.sqrt(5));

/** Up to this many projects of a cell sit on a ring; more fill a disc. */
const ringLimit = 6;

/**
 * The i-th of n positions around a cell's centre, deterministic so a bubble keeps its place across
 * renders. One project stays on the centre; a few sit evenly on a ring of radius maxJitter (starting
 * on the diagonal, off the grid lines) as far apart as the cell allows; more fill a sunflower spiral.
 */
export const spread = (i: number, n: number): { dx: number; dy: number } => {
  if (n <= 1) return { dx: 0, dy: 0 };
  const [r, angle] =
    n <= ringLimit
      ? [maxJitter, Math.PI / 4 + (i * 2 * Math.PI) / n]
      : [maxJitter * Math.sqrt((i + 0.5) / n), i * goldenAngle];
  return { dx: r * Math.cos(angle), dy: r * Math.sin(angle) };
};

/** Area proportional to the size: radius grows with the square root, from min to max. */
const radiusOf = (size: number | null, largest: number | null): number =>
  size === null || largest === null
    ? bubbleRadius.unsized
    : bubbleRadius.min + (bubbleRadius.max - bubbleRadius.min) * Math.sqrt(size / largest);

const round = (n: number) => Math.round(n * 1000) / 1000;

/** A health code by its label; no code is 'not set'. */
const healthName = (health: number | null, t: TFunction<'projects'>, lists: OptionLists): string =>
  health === null ? t('chart.notSet') : optionLabel(lists, 'projectHealth', health, notListed);

/** The portfolio chart's data: importance against urgency, sized by effort or budget, one series per health. */
export const portfolioSeries = (
  projects: readonly GroupView[],
  mode: BubbleSize,
  t: TFunction<'projects'>,
  lists: OptionLists = defaultOptionLists,
): Portfolio => {
  const rated = projects.map((project) => ({
    project,
    importance: ratingOf(project, 'WICHTIGKEIT'),
    urgency: ratingOf(project, 'DRINGLICHKEIT'),
    size: sizeOf(project, mode),
  }));
  const sizes = rated.flatMap(({ size }) => (size === null ? [] : [size]));
  const largest = sizes.length === 0 ? null : Math.max(...sizes);

  // crowded cells: the projects at the same rounded coordinates, in id order for a stable layout
  const cells = new Map<string, number[]>();
  for (const { project, importance, urgency } of rated) {
    const key = `${Math.round(importance)}:${Math.round(urgency)}`;
    cells.set(key, [...(cells.get(key) ?? []), project.id]);
  }
  for (const ids of cells.values()) ids.sort((a, b) => a - b);

  const points = rated.map(({ project, importance, urgency, size }): PortfolioPoint => {
    const ids = cells.get(`${Math.round(importance)}:${Math.round(urgency)}`) ?? [];
    const { dx, dy } = spread(ids.indexOf(project.id), ids.length);
    return {
      id: project.id,
      title: project.title,
      importance,
      urgency,
      x: round(importance + dx),
      y: round(urgency + dy),
      size,
      z: round(radiusOf(size, largest)),
      health: project.healthStatus ?? null,
    };
  });

  const codes = [...new Set(points.map((p) => p.health))].sort((a, b) =>
    a === null ? 1 : b === null ? -1 : a - b,
  );
  const series = codes.map((health): PortfolioSeries => ({
    health,
    name: healthName(health, t, lists),
    colour: optionColour(lists, 'projectHealth', health),
    points: points.filter((p) => p.health === health).sort((a, b) => b.z - a.z || a.id - b.id),
  }));
  return {
    series,
    count: points.length,
    withoutSize: points.filter((p) => p.size === null).length,
    largest,
  };
};

const amount = new Intl.NumberFormat('de-CH', { maximumFractionDigits: 2 });

/** A size in its unit: `10 working days`, `12’500`. */
export const formatSize = (size: number, mode: BubbleSize, t: TFunction<'projects'>): string =>
  mode === 'effort' ? t('chart.workingDays', { count: size }) : amount.format(size);

/** The size as the tooltip and the summary say it. */
export const describeSize = (size: number | null, mode: BubbleSize, t: TFunction<'projects'>): string =>
  mode === 'effort'
    ? size === null
      ? t('chart.effortNone')
      : t('chart.effortSize', { size: formatSize(size, mode, t) })
    : size === null
      ? t('chart.budgetNone')
      : t('chart.budgetSize', { size: formatSize(size, mode, t) });

const rating = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** The lines of a bubble's tooltip and of its entry in the accessible summary. */
export const describePoint = (
  point: PortfolioPoint,
  mode: BubbleSize,
  t: TFunction<'projects'>,
  lists: OptionLists = defaultOptionLists,
): string[] => [
  point.title,
  t('chart.ratings', { importance: rating(point.importance), urgency: rating(point.urgency) }),
  describeSize(point.size, mode, t),
  t('chart.health', { health: healthName(point.health, t, lists) }),
];
