/** What the deciders share to turn a partial command into the fields that change. */

/** The entries of `next` whose value differs from `current`'s (compared as JSON). */
export const changedFields = <T extends object>(current: T, next: Partial<T>): Partial<T> => {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next))
    if (JSON.stringify(current[key as keyof T]) !== JSON.stringify(value)) changes[key] = value;
  return changes as Partial<T>;
};

/** `o` without its undefined entries: an omitted field stays as it is, a null one clears it. */
export const stripUndefined = <T extends object>(o: T): { [K in keyof T]: Exclude<T[K], undefined> } =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
