import { describe, expect, it } from '@jest/globals';
import type { GroupView, MetricType } from '@fahrplan/contracts';
import {
  bubbleRadius,
  describePoint,
  maxJitter,
  portfolioSeries,
  ratingOf,
  sizeOf,
  spread,
} from './portfolioSeries';
import type { PortfolioPoint } from './portfolioSeries';
import { groupView } from './testing/groupView';
import { englishT } from '../i18n/testing';

const t = englishT('projects');

const rated = (importance: number, urgency: number, overrides: Partial<GroupView> = {}) =>
  groupView({
    metrics: [
      { group: null, type: 'WICHTIGKEIT', value: importance },
      { group: null, type: 'DRINGLICHKEIT', value: urgency },
      { group: null, type: 'BETRIEB', value: 9 },
    ],
    ...overrides,
  });

const allPoints = (projects: GroupView[], mode: 'effort' | 'budget' = 'effort') =>
  portfolioSeries(projects, mode, t).series.flatMap((s) => s.points);

const pointOf = (points: readonly PortfolioPoint[], id: number) => {
  const point = points.find((p) => p.id === id);
  if (!point) throw new Error(`no point for project ${id}`);
  return point;
};

describe('ratingOf', () => {
  it('reads WICHTIGKEIT and DRINGLICHKEIT from the metrics, not the other types', () => {
    const project = rated(7, 2);
    expect(ratingOf(project, 'WICHTIGKEIT')).toBe(7);
    expect(ratingOf(project, 'DRINGLICHKEIT')).toBe(2);
  });

  it('counts a missing type or missing metrics as 0, like the §9 priority', () => {
    expect(ratingOf(groupView({ metrics: null }), 'WICHTIGKEIT')).toBe(0);
    expect(
      ratingOf(groupView({ metrics: [{ group: null, type: 'BETRIEB', value: 4 }] }), 'DRINGLICHKEIT'),
    ).toBe(0);
  });

  it('averages repeated entries of a type so the point stays on the 0–10 scale', () => {
    const metrics = [8, 10].map((value) => ({
      group: `g${value}`,
      type: 'WICHTIGKEIT' as MetricType,
      value,
    }));
    expect(ratingOf(groupView({ metrics }), 'WICHTIGKEIT')).toBe(9);
  });
});

describe('sizeOf', () => {
  it('takes the duration for effort and the budget for budget', () => {
    const project = groupView({ duration: 12, budget: 5000 });
    expect(sizeOf(project, 'effort')).toBe(12);
    expect(sizeOf(project, 'budget')).toBe(5000);
  });

  it('has no size without a value or with zero or less', () => {
    expect(sizeOf(groupView({ duration: null }), 'effort')).toBeNull();
    expect(sizeOf(groupView({ duration: 0 }), 'effort')).toBeNull();
    expect(sizeOf(groupView({ budget: -200 }), 'budget')).toBeNull();
  });
});

describe('spread', () => {
  it('keeps a lone project on its cell centre', () => {
    expect(spread(0, 1)).toEqual({ dx: 0, dy: 0 });
  });

  it('puts two projects of a cell as far apart as the cell allows', () => {
    const [a, b] = [spread(0, 2), spread(1, 2)];
    expect(Math.hypot(a.dx - b.dx, a.dy - b.dy)).toBeCloseTo(2 * maxJitter, 6);
  });

  it('gives every project of a crowded cell its own place within the cell', () => {
    for (const n of [2, 3, 7, 20]) {
      const places = Array.from({ length: n }, (_, i) => spread(i, n));
      const keys = new Set(places.map(({ dx, dy }) => `${dx.toFixed(4)}:${dy.toFixed(4)}`));
      expect(keys.size).toBe(n);
      for (const { dx, dy } of places) expect(Math.hypot(dx, dy)).toBeLessThanOrEqual(maxJitter + 1e-9);
    }
  });
});

describe('portfolioSeries', () => {
  it('places each project at its importance (x) and urgency (y)', () => {
    const a = rated(7, 2);
    const b = rated(3, 9);
    const points = allPoints([a, b]);
    expect(pointOf(points, a.id)).toMatchObject({ importance: 7, urgency: 2, x: 7, y: 2 });
    expect(pointOf(points, b.id)).toMatchObject({ importance: 3, urgency: 9, x: 3, y: 9 });
  });

  it('spreads projects at the same coordinates apart, the same way on every run and in any order', () => {
    const projects = [rated(5, 5), rated(5, 5), rated(5, 5), rated(1, 1)];
    const points = allPoints(projects);
    const crowded = points.filter((p) => p.importance === 5);
    expect(new Set(crowded.map((p) => `${p.x}:${p.y}`)).size).toBe(3);
    for (const p of crowded) expect(Math.hypot(p.x - 5, p.y - 5)).toBeLessThanOrEqual(maxJitter + 0.001);
    expect(pointOf(points, projects[3]!.id)).toMatchObject({ x: 1, y: 1 });
    const reversed = allPoints([...projects].reverse());
    for (const p of points) expect(pointOf(reversed, p.id)).toEqual(p);
  });

  it('makes one series per health code present, codes ascending and unset last, in the health colours', () => {
    const projects = [
      rated(1, 1, { healthStatus: 3 }),
      rated(2, 2, { healthStatus: 1 }),
      rated(3, 3, { healthStatus: 3 }),
      rated(4, 4, { healthStatus: null as unknown as number }),
    ];
    const { series, count } = portfolioSeries(projects, 'effort', t);
    expect(series.map((s) => [s.health, s.name, s.colour, s.points.length])).toEqual([
      [1, 'On track', 'green', 1],
      [3, 'Critical', 'red', 2],
      [null, 'not set', 'gray', 1],
    ]);
    expect(count).toBe(4);
  });

  it('sizes by area: the largest gets the maximum radius, a quarter of it half the extra radius', () => {
    const big = rated(1, 1, { duration: 40 });
    const quarter = rated(2, 2, { duration: 10 });
    const points = allPoints([big, quarter]);
    expect(pointOf(points, big.id).z).toBe(bubbleRadius.max);
    expect(pointOf(points, quarter.id).z).toBeCloseTo(
      bubbleRadius.min + (bubbleRadius.max - bubbleRadius.min) / 2,
      2,
    );
  });

  it('switches the size between effort and budget', () => {
    const a = rated(1, 1, { duration: 5, budget: 100 });
    const b = rated(2, 2, { duration: 20, budget: 10 });
    const byEffort = allPoints([a, b], 'effort');
    const byBudget = allPoints([a, b], 'budget');
    expect(pointOf(byEffort, b.id).z).toBeGreaterThan(pointOf(byEffort, a.id).z);
    expect(pointOf(byBudget, a.id).z).toBeGreaterThan(pointOf(byBudget, b.id).z);
    expect(portfolioSeries([a, b], 'budget', t).largest).toBe(100);
  });

  it('keeps projects without a budget at the smallest radius and counts them', () => {
    const funded = rated(1, 1, { budget: 1000 });
    const unfunded = rated(2, 2, { budget: null });
    const portfolio = portfolioSeries([funded, unfunded], 'budget', t);
    const points = portfolio.series.flatMap((s) => s.points);
    expect(points).toHaveLength(2);
    expect(pointOf(points, unfunded.id)).toMatchObject({ size: null, z: bubbleRadius.unsized });
    expect(portfolio.withoutSize).toBe(1);
    expect(portfolioSeries([unfunded], 'budget', t).largest).toBeNull();
  });

  it('draws the largest bubbles of a series first so the small ones stay on top', () => {
    const projects = [
      rated(1, 1, { duration: 2 }),
      rated(2, 2, { duration: 30 }),
      rated(3, 3, { duration: 9 }),
    ];
    const [series] = portfolioSeries(projects, 'effort', t).series;
    expect(series!.points.map((p) => p.size)).toEqual([30, 9, 2]);
  });

  it('answers no series for no project', () => {
    expect(portfolioSeries([], 'budget', t)).toEqual({ series: [], count: 0, withoutSize: 0, largest: null });
  });
});

describe('describePoint', () => {
  it('names title, ratings, size and health', () => {
    const project = rated(7, 2, { title: 'Apollo', duration: 1, healthStatus: 2 });
    const [point] = allPoints([project]);
    expect(describePoint(point!, 'effort', t)).toEqual([
      'Apollo',
      'importance 7, urgency 2',
      'effort: 1 working day',
      'health: At risk',
    ]);
    expect(describePoint({ ...point!, size: null }, 'budget', t)[2]).toBe('budget: none');
  });
});
