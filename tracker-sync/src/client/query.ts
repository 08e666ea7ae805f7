export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

/**
 * A query string as the tracker reads it: arrays as one comma list (`fields=summary,status`, §7),
 * never as repeated parameters; null, undefined and empty arrays left out.
 */
export const toQueryString = (query: Query | undefined): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(name, value.join(','));
    } else params.set(name, String(value));
  }
  // Commas may stay literal in a query (RFC 3986 sub-delims); it keeps logged paths readable.
  const text = params.toString().replace(/%2C/gi, ',');
  return text === '' ? '' : `?${text}`;
};

/** A path segment from a caller's value (an issue key, a project id), so it cannot change the path. */
export const segment = (value: string | number): string => encodeURIComponent(String(value));
