import { can, notPermitted } from '@fahrplan/contracts';
import type { PermissionResource } from '@fahrplan/contracts';
import type { DirectoryCache, Principal } from '@fahrplan/platform';
import { foldText } from '../projections/projection';
import type { ReadDocument } from '../read-store/read-store';
import { single } from './query-params';

/** A stored document without the read store's own fields and the fields derived for queries (`_…`). */
export const strip = <T>(doc: ReadDocument): T =>
  Object.fromEntries(Object.entries(doc).filter(([field]) => !field.startsWith('_'))) as T;

export const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `?q=`: the documents whose derived search text (`_search`, folded) holds the folded query as a
 * literal; nothing to filter by without one.
 */
export const searchFilter = (q: string | string[] | undefined): Record<string, unknown> => {
  const text = foldText(single('q', q)?.trim().slice(0, 200));
  return text ? { _search: { $regex: escapeRegex(text) } } : {};
};

/** Refuses a caller whose user may view none of `resources`. */
export const requireView = (
  directory: DirectoryCache,
  principal: Principal,
  ...resources: [PermissionResource, ...PermissionResource[]]
): void => {
  const user = directory.user(principal.tenant, principal.username);
  if (!user || !resources.some((resource) => can(user.permissions, resource, 'VIEW'))) throw notPermitted();
};
