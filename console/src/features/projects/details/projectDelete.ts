import type { TFunction } from 'i18next';

/**
 * What a project's delete takes with it, as its confirmation says: its items (null while counting) and
 * its own lanes (the default lanes are every project's), which its restore brings back.
 */
export const projectDeleteSummary = (
  title: string,
  items: { readonly count: number; readonly more: boolean } | null,
  lanes: number,
  t: TFunction<'projects'>,
): string => {
  if (items === null) return t('delete.counting', { title });
  // "12 items", "1 lane", "1000+ items"
  const itemText =
    items.count === 0
      ? null
      : items.more
        ? t('delete.itemsMore', { n: items.count })
        : t('delete.items', { count: items.count });
  const laneText = lanes === 0 ? null : t('delete.lanes', { count: lanes });
  const parts =
    itemText !== null && laneText !== null
      ? t('delete.itemsAndLanes', { items: itemText, lanes: laneText })
      : (itemText ?? laneText);
  return parts === null ? t('delete.nothing', { title }) : t('delete.withParts', { title, parts });
};
