/*
 * The least-recently-used rule the query threads' keepers share: the scenarios' overlays a thread holds
 * (and the main thread's note of them), the folded scenario views, and the answers kept in slots.
 */

/**
 * `map` with `key` set to `value` as the most recently used, the least recently used beyond `bound` let
 * go; `letGo` is told of each value no longer kept (one `value` replaced, or one let go).
 */
export const keepRecent = <K, V>(
  map: Map<K, V>,
  key: K,
  value: V,
  bound: number,
  letGo?: (value: V) => void,
): void => {
  const before = map.get(key);
  map.delete(key);
  map.set(key, value);
  if (before !== undefined && before !== value) letGo?.(before);
  for (const [oldest, kept] of map) {
    if (map.size <= bound) break;
    map.delete(oldest);
    letGo?.(kept);
  }
};
