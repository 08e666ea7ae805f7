import { sunburstArcs } from './goal-sunburst';

const goal = (id: number, name: string, parent: number | null = null, rank: number | null = null) => ({
  id,
  name,
  parent,
  rank,
});

describe('sunburstArcs', () => {
  it('gives each top goal its share of the circle and its subgoals their share of it', () => {
    const goals = [
      goal(1, 'Efficiency', null, 1),
      goal(2, 'Automate', 1),
      goal(3, 'Save', 1),
      goal(4, 'Security', null, 2),
    ];
    const arcs = sunburstArcs(
      goals,
      new Map([
        [2, 3],
        [3, 1],
        [4, 4],
      ]),
    );

    expect(arcs.map(({ name, depth, value, branch }) => [name, depth, value, branch])).toEqual([
      ['Efficiency', 0, 4, 0],
      ['Automate', 1, 3, 0],
      ['Save', 1, 1, 0],
      ['Security', 0, 4, 1],
    ]);
    const [efficiency, automate, save, security] = arcs;
    expect([efficiency!.from, efficiency!.to]).toEqual([0, Math.PI]);
    expect(automate!.to - automate!.from).toBeCloseTo((3 / 4) * Math.PI);
    expect(save!.from).toBeCloseTo(automate!.to);
    expect([security!.from, security!.to]).toEqual([Math.PI, 2 * Math.PI]);
  });

  it("leaves a parent's own value as a gap in the outer ring and unrated goals out", () => {
    const arcs = sunburstArcs(
      [goal(1, 'Root'), goal(2, 'Child', 1), goal(3, 'Unrated', 1)],
      new Map([
        [1, 1],
        [2, 1],
      ]),
    );

    expect(arcs.map((a) => [a.name, a.value])).toEqual([
      ['Root', 2],
      ['Child', 1],
    ]);
    expect(arcs[1]!.to - arcs[1]!.from).toBeCloseTo(Math.PI);
  });

  it('is empty without a positive value, and survives a parent cycle', () => {
    expect(sunburstArcs([goal(1, 'A')], new Map([[1, 0]]))).toEqual([]);
    const cycle = sunburstArcs([goal(1, 'A', 2), goal(2, 'B', 1)], new Map([[1, 2]]));
    expect(cycle.map((a) => [a.name, a.depth, a.value])).toEqual([['A', 0, 2]]);
  });
});
