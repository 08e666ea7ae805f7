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
    readonly details: { readonly fieldErrors?: readonly FieldError[]; readonly currentVersion?: number } = {},
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
export const notFound = (what: string) => new DomainError('not_found', `${what} not found`);
export const notPermitted = () => new DomainError('forbidden', 'not permitted');
export const versionConflict = (currentVersion: number) =>
  new DomainError(
    'conflict',
    `version conflict: the record was changed meanwhile (current version ${currentVersion})`,
    {
      currentVersion,
    },
  );
