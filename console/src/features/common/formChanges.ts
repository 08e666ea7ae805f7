/** Whether two form values (plain JSON data) are the same. */
export const sameValues = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * An update of a record: its id and version, and only those of `fields` that differ from `old`; every
 * one of them when `old` is null (nothing known to compare with).
 */
export const changedFields = <F extends object>(
  record: { readonly id: number; readonly version: number },
  fields: F,
  old: F | null,
): { id: number; version: number } & Partial<F> => {
  const changed = (Object.keys(fields) as (keyof F)[]).filter(
    (key) => old === null || !sameValues(fields[key], old[key]),
  );
  return {
    id: record.id,
    version: record.version,
    ...(Object.fromEntries(changed.map((key) => [key, fields[key]])) as Partial<F>),
  };
};

/**
 * Whether two form values differ in what `fieldsOf` makes of them (the record's own fields, what its
 * save command carries), under the tenant's attribute `definitions`.
 */
export const fieldsDiffer =
  <V, D>(fieldsOf: (values: V, definitions: readonly D[]) => unknown) =>
  (a: V, b: V, definitions: readonly D[] = []): boolean =>
    !sameValues(fieldsOf(a, definitions), fieldsOf(b, definitions));
