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
  if (parent === selfId) throw invalidField('parent', 'not itself', `${kind.one} cannot be its own parent`);
  if (!chain) throw parentNotFound(kind);
  if (chain.includes(selfId)) throw invalidField('parent', 'cycle', 'the parent would create a cycle');
};

/** §5: an end never precedes its begin. */
export const checkDates = (start: string | null, end: string | null): void => {
  if (start && end && end < start)
    throw invalidField('end', 'before begin', 'the end date cannot precede the begin date');
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
    throw invalidField('account', `not this ${kind.name}`, 'the account belongs to another record');
};
