import { can, notPermitted } from '@fahrplan/contracts';
import type { PermissionResource } from '@fahrplan/contracts';
import type { DirectoryCache, Principal } from '@fahrplan/platform';
import type { ReadDocument } from '../read-store/read-store';

/** A stored document without the read store's own fields and the fields derived for queries (`_…`). */
export const strip = <T>(doc: ReadDocument): T =>
  Object.fromEntries(Object.entries(doc).filter(([field]) => !field.startsWith('_'))) as T;

export const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Refuses a caller whose user may view none of `resources`. */
export const requireView = (
  directory: DirectoryCache,
  principal: Principal,
  ...resources: [PermissionResource, ...PermissionResource[]]
): void => {
  const user = directory.user(principal.tenant, principal.username);
  if (!user || !resources.some((resource) => can(user.permissions, resource, 'VIEW'))) throw notPermitted();
};
