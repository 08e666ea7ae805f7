import { describe, expect, it } from '@jest/globals';
import { popUndo, pushUndo } from './undoStack';

describe('the undo stack', () => {
  it('pops the last change first and drops the oldest beyond the limit', () => {
    let stack = pushUndo([], { id: 1 });
    stack = pushUndo(stack, { id: 2 });
    const top = popUndo(stack);
    expect(top?.entry.id).toBe(2);
    expect(top?.rest.map((e) => e.id)).toEqual([1]);
    expect(popUndo([])).toBeNull();
    const limited = [1, 2, 3, 4].reduce<{ id: number }[]>((s, id) => pushUndo(s, { id }, 3), []);
    expect(limited.map((e) => e.id)).toEqual([2, 3, 4]);
  });
});
