import { say } from './messages';
import { invalidField, notFound } from '../errors';

/** How a refusal names the kind of record: `one` in a sentence ('an application'), `name` alone. */
export interface RecordKind {
  readonly one: string;
  readonly name: string;
}

/** The refusal of a parent that is not a live record of the tenant. */
export const parentNotFound = (kind: RecordKind) =>
  invalidField('parent', 'not found', `parent ${kind.name} not found`);

/**
 * §4 parent rules of applications, projects and goals: not itself, a live record (`chain` is the
 * requested parent's chain up to the root, null when it is not one), and no cycle.
 */
export const checkParent = (
  kind: RecordKind,
  selfId: number,
  parent: number | null,
  chain: readonly number[] | null | undefined,
): void => {
  if (parent === null) return;
  if (parent === selfId)
    throw invalidField('parent', say('not-itself'), `${kind.one} cannot be its own parent`);
  if (!chain) throw parentNotFound(kind);
  if (chain.includes(selfId)) throw invalidField('parent', say('cycle'), 'the parent would create a cycle');
};

export const endBeforeBegin = 'the end cannot precede the begin';

/**
 * §5: an end never precedes its begin. The message for the end field, or null; dates of one kind
 * (YYYY-MM-DD or YYYY-MM-DDTHH:mm), so that they compare as text. The console checks it before Save.
 */
export const dateOrderError = (start: string | null, end: string | null): string | null =>
  start && end && end < start ? endBeforeBegin : null;

/** §5: an end never precedes its begin. */
export const checkDates = (start: string | null, end: string | null): void => {
  const error = dateOrderError(start, end);
  if (error) throw invalidField('end', error, 'the end date cannot precede the begin date');
};

/**
 * A linked account must be the record's own (§4): `linked` is the account as the tenant has it, null
 * when it has none such.
 */
export const checkAccount = (
  kind: RecordKind,
  self: { readonly refType: string; readonly id: number },
  account: number | null | undefined,
  linked: { readonly refType: string; readonly refId: number } | null | undefined,
): void => {
  if (account === undefined || account === null) return;
  if (!linked) throw notFound('account');
  if (linked.refType !== self.refType || linked.refId !== self.id)
    throw invalidField(
      'account',
      say('other-record', { record: kind.name }),
      'the account belongs to another record',
    );
};
