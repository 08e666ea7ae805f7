/** The tabs holding a field with an error, so a hidden problem is still visible on its tab. */
export const tabsWithErrors = (
  errors: Record<string, unknown>,
  tabOfPath: (path: string) => string | undefined,
) =>
  new Set(
    Object.entries(errors)
      .filter(([, message]) => message)
      .map(([path]) => tabOfPath(path))
      .filter((tab): tab is string => tab !== undefined),
  );

/**
 * A failed save's alert has outlived its cause once every field it marked (`marked`, the form paths
 * of the server's field errors) has no error left: the user fixed them, so the alert goes too. An
 * alert that marked no field goes once the refused input is `revised` (the form no longer holds it).
 */
export const alertOutlived = (marked: readonly string[], errors: Record<string, unknown>, revised = false) =>
  marked.length > 0 ? marked.every((path) => !errors[path]) : revised;
