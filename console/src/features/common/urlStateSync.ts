/** What a URL-mirrored slice does after a location change. */
export type UrlStateSync<T> =
  /** Nothing: URL and slice agree. */
  | { readonly kind: 'none' }
  /** The slice follows the URL (a bookmark, Back/Forward, the control, the way out). */
  | { readonly kind: 'follow'; readonly at: T | null }
  /** An in-app navigation dropped the parameter: put it back into the URL. */
  | { readonly kind: 'restore'; readonly at: T }
  /** The URL's parameter cannot be honoured: remove it. */
  | { readonly kind: 'drop'; readonly reason: 'malformed' | 'not permitted' };

/**
 * The URL is the source of truth of a console-wide choice (the as-of instant, the scenario), except that
 * an in-app navigation (PUSH/REPLACE) that merely lost the parameter keeps the choice. Only the first
 * location, Back/Forward (`pop`) and the explicit way out (`cleared`) drop it.
 */
export const urlStateSync = <T>({
  raw,
  parsed,
  at,
  first,
  pop,
  cleared,
  permitted,
}: {
  /** The parameter as the URL has it, or null. */
  raw: string | null;
  /** Its value, or null when missing or malformed. */
  parsed: T | null;
  /** The slice's value. */
  at: T | null;
  /** The first location the layout sees (after sign-in or a reload). */
  first: boolean;
  pop: boolean;
  cleared: boolean;
  permitted: boolean;
}): UrlStateSync<T> => {
  if (raw !== null && parsed === null) return { kind: 'drop', reason: 'malformed' };
  if (parsed !== null && !permitted) return { kind: 'drop', reason: 'not permitted' };
  if (parsed !== null) return parsed === at ? { kind: 'none' } : { kind: 'follow', at: parsed };
  if (at === null) return { kind: 'none' };
  return first || pop || cleared ? { kind: 'follow', at: null } : { kind: 'restore', at };
};
