/** Whether two form values (plain JSON data) are the same. */
export const sameValues = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** An update of a record: its id and version, and only those of `fields` that differ from `old`. */
export const changedFields = <F extends object>(
  record: { readonly id: number; readonly version: number },
  fields: F,
  old: F,
): { id: number; version: number } & Partial<F> => {
  const changed = (Object.keys(fields) as (keyof F)[]).filter((key) => !sameValues(fields[key], old[key]));
  return {
    id: record.id,
    version: record.version,
    ...(Object.fromEntries(changed.map((key) => [key, fields[key]])) as Partial<F>),
  };
};
