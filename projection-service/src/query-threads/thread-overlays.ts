/**
 * How many scenarios' overlays a thread holds. The main thread notes what it sent each thread and lets
 * go in the same order as the thread (the same messages, the same rule), so it knows what each holds.
 */
export const THREAD_OVERLAYS = 32;

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
