let last = 0;

/**
 * A key for a row of an editable list (attributes, options), so that React keeps a row's inputs while
 * rows move: unique for the page's lifetime, `prefix` naming the kind of row for a reader of the DOM.
 */
export const newRowKey = (prefix: string): string => `${prefix}-${++last}`;
