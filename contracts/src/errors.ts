import { problem, recordKinds } from './problems';
import type { ProblemCode, RecordKind } from './problems';
import type { Meaning } from './rules/messages';

export type DomainErrorCode = 'validation' | 'forbidden' | 'not_found' | 'conflict';

export interface FieldError {
  readonly field: string;
  readonly message: string;
}

/** An expected business failure; mapped once to RFC 9457 problem details by the HTTP layer. */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: {
      readonly fieldErrors?: readonly FieldError[];
      readonly currentVersion?: number;
      /** The problem's stable code, when it is more than its kind's (`invalid`, `conflict`, …). */
      readonly reason?: Meaning;
      /** Members of the problem beyond its code (RFC 9457 extension members), e.g. the records in conflict. */
      readonly extensions?: Readonly<Record<string, unknown>>;
    } = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const validationError = (message: string, fieldErrors: FieldError[] = []) =>
  new DomainError('validation', message, { fieldErrors });
/** A validation error about one field: `message` for the field, `detail` for the whole answer. */
export const invalidField = (field: string, message: string, detail: string) =>
  validationError(detail, [{ field, message }]);
/** The kind a record is called by in a problem's `params.what`: the aggregate `group` is a project. */
const kindOf = (what: string): RecordKind | undefined => {
  const named = what === 'group' ? 'project' : what === 'subgroup' ? 'lane' : what;
  return recordKinds.find((kind) => kind === named);
};
const naming = (code: ProblemCode, what: string) => {
  const kind = kindOf(what);
  return problem(code, kind ? { what: kind } : undefined);
};

export const notFound = (what: string) =>
  new DomainError('not_found', `${what} not found`, { reason: naming('not-found', what) });
export const notPermitted = () => new DomainError('forbidden', 'not permitted');
/** A record that exists already (a create with a taken id or name). */
export const existsAlready = (what: string) =>
  new DomainError('conflict', `${what} exists already`, { reason: naming('exists-already', what) });
/** A restore of a record that is not deleted. */
export const notDeleted = (what: string) =>
  new DomainError('conflict', `the ${what} is not deleted`, { reason: naming('not-deleted', what) });
/**
 * A refused command (400) with a code of its own; with a `field`, `message` is both the field's and the
 * answer's.
 */
export const refusal = (
  code: ProblemCode,
  message: string,
  { field, params }: { field?: string; params?: Meaning['params'] } = {},
) =>
  new DomainError('validation', message, {
    ...(field === undefined ? {} : { fieldErrors: [{ field, message }] }),
    reason: problem(code, params),
  });
/** A conflict with a code of its own. */
export const conflictOf = (code: ProblemCode, message: string, params?: Meaning['params']) =>
  new DomainError('conflict', message, { reason: problem(code, params) });
export const versionConflict = (currentVersion: number) =>
  new DomainError(
    'conflict',
    `version conflict: the record was changed meanwhile (current version ${currentVersion})`,
    { currentVersion, reason: problem('version-conflict', { currentVersion }) },
  );
