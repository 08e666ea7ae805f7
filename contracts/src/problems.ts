import type { Meaning } from './rules/messages';

/**
 * The stable codes of problem details (issue 20), each with what it means: a client shows the message
 * for the code in its user's language, the English `detail` beside it says the particulars. `params`
 * name the values a message needs (`what`, `currentVersion`).
 */
export const problemCodes = {
  invalid: 'the command or query is refused; `errors` names the fields, `detail` says why',
  'invalid-request': 'the body does not match the command’s schema; `errors` names the fields',
  'malformed-json': 'the body is not JSON',
  'not-json': 'a command must be sent as a JSON object (application/json)',
  'bad-idempotency-key': 'the Idempotency-Key header must be 8 to 128 letters, digits or . _ : -',
  'bad-query': 'a query parameter is not valid; `errors` names it',
  unauthorized: 'not signed in, or the token expired',
  forbidden: 'the caller’s roles do not permit this',
  'tracker-off': 'the issue-tracker integration is off for this tenant',
  'not-found': 'the record does not exist for the caller (params.what names its kind)',
  'method-not-allowed': 'the path does not answer this method',
  conflict: 'the command conflicts with the record’s state; `detail` says how',
  'version-conflict': 'the record changed meanwhile (params.currentVersion)',
  'exists-already': 'a record with this id or name exists already (params.what)',
  'not-deleted': 'only a deleted record can be restored (params.what)',
  'restore-parent-first': 'the record’s project or parent is deleted: restore that first',
  'in-use': 'the record is still used (params.what): take it away from its users first',
  'has-children': 'the record still has children (params.what)',
  'needs-administrator': 'a tenant needs an administrator',
  'not-yourself': 'nobody disables their own account',
  'members-only': 'only members who joined from another tenant can be removed; home users are disabled',
  'still-shared': 'the project is still shared: revoke its shares first',
  'self-dependency': 'an item cannot depend on itself',
  'dependency-cycle': 'the dependency would close a cycle (params.path names it by item titles: A → B → A)',
  'duplicate-dependency': 'the same predecessor, successor and type are linked already',
  'shared-successor':
    'a project shared with the tenant is read-only: its items may be predecessors, never successors',
  'schedule-conflict':
    'items of a reschedule were changed meanwhile (params.items names them): nothing was moved',
  'scenario-conflict':
    'the live plan changed fields the scenario changes (`records` names each record with both values): nothing was published',
  'schedule-too-large': 'the change would reschedule more items than one change may (params.limit)',
  'share-exists': 'the project is shared with that tenant already, or the share was accepted already',
  'too-large': 'the request body is too large',
  'not-a-spreadsheet':
    'the uploaded file is neither a .xlsx nor a CSV in UTF-8, or a broken one; `detail` says what',
  'zip-bomb':
    'the .xlsx would inflate beyond params.limit MB, or one part beyond params.ratio times its size',
  'too-many-rows': 'the file holds more rows than one import takes (params.limit)',
  'formula-in-file': 'a cell of the file holds a formula (params.cell): paste its values instead',
  'wrong-sheet': 'no sheet of the file has a header row naming the column params.column (in any language)',
  'file-too-large': 'the uploaded file is larger than params.limit MB',
  'unsupported-media-type': 'the body’s content type is not accepted',
  'too-many-requests': 'too many requests or failed sign-ins: retry after the Retry-After header',
  'catching-up': 'the read models are catching up with the log: retry after the Retry-After header',
  unavailable: 'the service is not available now: retry later',
  internal: 'the server failed; nothing was stored',
} as const;
export type ProblemCode = keyof typeof problemCodes;

/** The kinds of record a `not-found`, `exists-already`, `not-deleted` or `in-use` names in `params.what`. */
export const recordKinds = [
  'account',
  'account entry',
  'application',
  'baseline',
  'calendar',
  'calendar feed',
  'comment',
  'dependency',
  'goal',
  'invitation',
  'item',
  'project',
  'project share',
  'resource',
  'role',
  'lane',
  'scenario',
  'tenant',
  'tracker connection',
  'user',
] as const;
export type RecordKind = (typeof recordKinds)[number];

/** A problem's meaning with a known code. */
export const problem = (code: ProblemCode, params?: Meaning['params']): Meaning =>
  params ? { code, params } : { code };
