/** `s` trimmed; an empty result, null or undefined becomes null (§5 "texts are trimmed before sending"). */
export function trimText(s: string | null | undefined): string | null {
  const trimmed = typeof s === 'string' ? s.trim() : '';
  return trimmed === '' ? null : trimmed;
}

/**
 * A shallow copy of `obj` with every own top-level string property trimmed and empty ones set to null;
 * other properties are kept as they are. The type stays `T`, so string fields may now hold null.
 */
export function trimFields<T extends object>(obj: T): T {
  return Object.fromEntries(
    Object.entries(obj).map(([key, value]) => [key, typeof value === 'string' ? trimText(value) : value]),
  ) as T;
}

/** Item texts for display or edit (§5): each line break ('\r\n', '\n' or '\r') becomes '<br>'. */
export function lineBreaksToBr(s: string): string {
  return s.replace(/\r\n|\r|\n/g, '<br>');
}

/** The reverse of `lineBreaksToBr`: '<br>', '<br/>' and '<br />' in any case become '\n'. */
export function brToLineBreaks(s: string): string {
  return s.replace(/<br\s*\/?>/gi, '\n');
}
