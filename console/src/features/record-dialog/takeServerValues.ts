/** The part of a Mantine form that a reload after a version conflict sets. */
interface ReloadableForm<V> {
  getValues: () => V;
  setInitialValues: (values: V) => void;
  setValues: (values: V) => void;
}

/**
 * After a 409: the server's current record, as the form's values `next`, becomes what the form started
 * from and what it shows, but for the `kept` fields, the user's own input (a new comment, 'add
 * account', shares), which keep what was typed.
 */
export function takeServerValues<V extends object>(
  form: ReloadableForm<V>,
  next: V,
  kept: readonly (keyof V)[],
) {
  const current = form.getValues();
  form.setInitialValues(next);
  form.setValues({ ...next, ...Object.fromEntries(kept.map((field) => [field, current[field]])) });
}
