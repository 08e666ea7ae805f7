import { describe, expect, it } from '@jest/globals';
import { withDescendants } from './descendants';

describe('withDescendants', () => {
  // a child listed before its parent: the fixed point must still find it
  const records = [
    { id: 4, parent: 3 },
    { id: 1, parent: null },
    { id: 2, parent: 1 },
    { id: 3, parent: 2 },
    { id: 5, parent: 1 },
    { id: 6, parent: null },
  ];

  it('holds the id and every record below it, at any depth and in any order', () =>
    expect([...withDescendants(records, 2)].sort()).toEqual([2, 3, 4]));

  it('holds only the id for a leaf, and for an id no record has', () => {
    expect([...withDescendants(records, 4)]).toEqual([4]);
    expect([...withDescendants(records, 99)]).toEqual([99]);
  });

  it('leaves out other trees', () =>
    expect([...withDescendants(records, 1)].sort()).toEqual([1, 2, 3, 4, 5]));
});
