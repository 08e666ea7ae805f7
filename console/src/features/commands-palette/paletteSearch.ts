/** What the command palette finds: a record of one kind with the words it is found by. */
export interface PaletteRecord {
  readonly kind: 'application' | 'project' | 'item';
  readonly id: number;
  readonly label: string;
  readonly description?: string;
}

/**
 * A kind's found records as the palette lists them: the live ones, each with its label and a
 * description that tells equal labels apart.
 */
export const paletteRecords = <R extends { readonly id: number; readonly deleted?: boolean }>(
  kind: PaletteRecord['kind'],
  found: readonly R[] | undefined,
  text: (record: R) => readonly [label: string, description: string | null | undefined],
): PaletteRecord[] =>
  (found ?? [])
    .filter((record) => !record.deleted)
    .map((record) => {
      const [label, description] = text(record);
      return { kind, id: record.id, label, description: description ?? undefined };
    });

const normalise = (s: string) => s.toLocaleLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');

/**
 * What the palette asks the server for: the query's longest word (the server matches one text, the
 * palette every word); '' for none.
 */
export const serverQuery = (query: string): string =>
  query
    .trim()
    .split(/\s+/)
    .reduce((longest, word) => (word.length > longest.length ? word : longest), '');

/** Whether every word of `query` occurs in `text` (case- and accent-insensitive). */
export const matchesQuery = (query: string, text: string): boolean => {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  const haystack = normalise(text);
  return words.every((w) => haystack.includes(w));
};

/**
 * The records matching `query` by name, best first (a label starting with the query before one that only
 * contains it, then alphabetically), at most `limit` per kind; nothing for an empty query.
 */
export const searchRecords = (
  query: string,
  records: readonly PaletteRecord[],
  limit = 5,
): PaletteRecord[] => {
  const q = normalise(query.trim());
  if (!q) return [];
  const found = records.filter((r) => matchesQuery(q, `${r.label} ${r.description ?? ''}`));
  const score = (r: PaletteRecord) => (normalise(r.label).startsWith(q) ? 0 : 1);
  found.sort(
    (a, b) => score(a) - score(b) || a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }),
  );
  const perKind = new Map<string, number>();
  return found.filter((r) => {
    const n = perKind.get(r.kind) ?? 0;
    perKind.set(r.kind, n + 1);
    return n < limit;
  });
};
