import { describeError, fieldMessage, httpStatusOf, problemOf } from '../common/problem';

/**
 * A 400's field errors as form paths; only fields the form has (`fields`) — the rest stay in the alert.
 * `rename` maps a command field to the form's (e.g. the command's `user` to nothing).
 */
export const problemFieldErrors = (
  error: unknown,
  fields: readonly string[],
  rename: (field: string) => string = (field) => field,
): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const fieldError of problemOf(error)?.errors ?? []) {
    const path = rename(fieldError.field);
    const known = fields.some((f) => path === f || path.startsWith(`${f}.`));
    if (known) errors[path] ??= fieldMessage(fieldError);
  }
  return errors;
};

/** What kind of failure a command's alert names in its title. */
export type CommandFailureKind = 'conflict' | 'notPermitted' | 'error';

/** The alert of a failed command: its kind (the title) and text; a 409 version conflict says what to do. */
export const commandFailure = (
  error: unknown,
): { kind: CommandFailureKind; message: string; conflict: boolean } => {
  const status = httpStatusOf(error);
  const message = describeError(error);
  if (status === 409)
    return { kind: 'conflict', message, conflict: problemOf(error)?.code === 'version-conflict' };
  if (status === 403) return { kind: 'notPermitted', message, conflict: false };
  return { kind: 'error', message, conflict: false };
};

/**
 * The command was refused for its input: invalid (400) or clashing with a record (409, a name taken),
 * so different input may pass and an edit answers it. A version conflict needs a reload instead.
 */
export const inputRefused = (error: unknown) => {
  const status = httpStatusOf(error);
  return status === 400 || (status === 409 && !commandFailure(error).conflict);
};
