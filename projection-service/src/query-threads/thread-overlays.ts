/**
 * How many scenarios' overlays a thread holds. The main thread notes what it sent each thread and lets
 * go in the same order as the thread (the same messages, the same rule), so it knows what each holds.
 */
export const THREAD_OVERLAYS = 32;

/** `map` with `key` set to `value` as the most recently used, the least recently used beyond `bound` let go. */
export const keepRecent = <K, V>(map: Map<K, V>, key: K, value: V, bound: number): void => {
  map.delete(key);
  map.set(key, value);
  while (map.size > bound) map.delete(map.keys().next().value as K);
};
