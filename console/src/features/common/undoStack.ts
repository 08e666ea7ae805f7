/** The most changes a session keeps to undo; the oldest fall off beyond it. */
export const undoLimit = 100;

/** The stack with `entry` on top; the oldest entries fall off beyond `limit`. */
export const pushUndo = <E>(stack: readonly E[], entry: E, limit = undoLimit): E[] =>
  [...stack, entry].slice(-limit);

/** The top entry and the stack without it; null on an empty stack. */
export const popUndo = <E>(stack: readonly E[]): { entry: E; rest: E[] } | null =>
  stack.length === 0 ? null : { entry: stack[stack.length - 1]!, rest: stack.slice(0, -1) };
