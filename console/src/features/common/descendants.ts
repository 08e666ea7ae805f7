/** A record of a tree: its id and its parent's (null at a root). */
export interface TreeRecord {
  readonly id: number;
  readonly parent: number | null;
}

/**
 * The ids of `id` and every record below it, at any depth (e.g. none of them can become its parent: a
 * cycle). Grows to a fixed point, so the records may come in any order.
 */
export function withDescendants(records: readonly TreeRecord[], id: number): Set<number> {
  const below = new Set<number>([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const record of records)
      if (record.parent !== null && below.has(record.parent) && !below.has(record.id)) {
        below.add(record.id);
        grew = true;
      }
  }
  return below;
}
