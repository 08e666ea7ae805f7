/** "12 items", "1 lane", "1000+ items". */
const counted = (n: number, one: string, more = false) =>
  `${n}${more ? '+' : ''} ${n === 1 && !more ? one : `${one}s`}`;

/**
 * What a project's delete takes with it, as its confirmation says: its items (null while counting) and
 * its own lanes (the default lanes are every project's), which its restore brings back.
 */
export const projectDeleteSummary = (
  title: string,
  items: { readonly count: number; readonly more: boolean } | null,
  lanes: number,
): string => {
  if (items === null) return `Deletes the project '${title}' with its items and lanes.`;
  const parts = [
    items.count > 0 ? counted(items.count, 'item', items.more) : null,
    lanes > 0 ? counted(lanes, 'lane') : null,
  ].filter((part) => part !== null);
  return parts.length === 0
    ? `Deletes the project '${title}'; it has no items and no lanes of its own.`
    : `Deletes the project '${title}', its ${parts.join(' and ')}; restoring it brings them back.`;
};
