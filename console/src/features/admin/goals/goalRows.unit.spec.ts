import { describe, expect, it } from '@jest/globals';
import { withDescendants } from '../../common/descendants';
import { deleteRefusal, goalRows, parentOptions } from './goalRows';
import type { AdminGoal } from './goalRows';
import { englishT } from '../../i18n/testing';

const goal = (id: number, name: string, parent: number | null, rank: number | null = null): AdminGoal => ({
  id,
  name,
  parent,
  rank,
  type: null,
  description: null,
  assignable: true,
  version: 0,
});

const goals = [
  goal(1, 'Growth', null, 20),
  goal(2, 'Efficiency', null, 10),
  goal(3, 'Automate operations', 2, 1),
  goal(4, 'New markets', 1),
  goal(5, 'Self-service', 3),
  goal(6, 'Cost cutting', 2, 2),
];

describe('goalRows', () => {
  it('lists the goals depth first with their depth, siblings by rank then name', () =>
    expect(goalRows(goals).map((r) => [r.goal.name, r.depth])).toEqual([
      ['Efficiency', 0],
      ['Automate operations', 1],
      ['Self-service', 2],
      ['Cost cutting', 1],
      ['Growth', 0],
      ['New markets', 1],
    ]));

  it('keeps every goal once, even one whose parent is gone', () =>
    expect(
      goalRows([goal(7, 'Orphan', 99), ...goals])
        .map((r) => r.goal.id)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5, 6, 7]));
});

describe('withDescendants and parentOptions', () => {
  it('finds a goal and everything below it', () =>
    expect([...withDescendants(goals, 2)].sort()).toEqual([2, 3, 5, 6]));

  it('offers every goal outside the edited goal’s subtree as parent, indented', () =>
    expect(parentOptions(goals, 3)).toEqual([
      { value: '2', label: 'Efficiency' },
      { value: '6', label: '· Cost cutting' },
      { value: '1', label: 'Growth' },
      { value: '4', label: '· New markets' },
    ]));

  it('offers every goal for a new one', () => expect(parentOptions(goals, null)).toHaveLength(6));
});

describe('deleteRefusal', () => {
  const t = englishT('admin');
  const refused = (status: number, detail: string) => ({
    status,
    data: { type: 'about:blank', title: 'Conflict', status, detail },
  });

  it('explains a goal in use and a goal with child goals', () => {
    expect(deleteRefusal(refused(409, 'goal in use'), 'Growth', t)).toMatch(
      /^Growth is in use: a project has a value/,
    );
    expect(deleteRefusal(refused(409, 'goal has child goals'), 'Growth', t)).toMatch(
      /^Growth has child goals/,
    );
  });

  it("passes any other answer on as the server's message", () =>
    expect(
      deleteRefusal(refused(409, 'version conflict: the record was changed meanwhile'), 'Growth', t),
    ).toBe('version conflict: the record was changed meanwhile'));
});
