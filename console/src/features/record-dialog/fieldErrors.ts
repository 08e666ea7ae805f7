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
