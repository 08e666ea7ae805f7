import { invalidField } from '../errors';
import { say } from './messages';

/**
 * The instant of the tenant's plan that a record names (a baseline's `at`, a scenario's `from`): the one
 * given, else the decision's `now`, in UTC. Never in the future: the plan of tomorrow is not known yet.
 * A given instant is never before the tenant's first event (`tenantSince`): that plan is empty, mostly a
 * typo in the year; `now` is never refused for it, even when writers' clocks disagree.
 */
export const pastInstant = (
  field: string,
  given: string | undefined,
  context: { readonly now: string; readonly tenantSince?: string | null | undefined },
): string => {
  const instant = new Date(given ?? context.now);
  if (instant.getTime() > Date.parse(context.now))
    throw invalidField(field, say('in-the-future'), `${field} cannot be in the future`);
  const { tenantSince } = context;
  if (given !== undefined && tenantSince && instant.getTime() < Date.parse(tenantSince))
    throw invalidField(
      field,
      say('before-the-tenant'),
      `${field} cannot be before the tenant existed (${tenantSince})`,
    );
  return instant.toISOString();
};
