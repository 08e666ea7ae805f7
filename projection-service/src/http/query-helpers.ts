import { can, notPermitted } from '@fahrplan/contracts';
import type { PermissionResource } from '@fahrplan/contracts';
import type { DirectoryCache, Principal } from '@fahrplan/platform';
import type { ReadDocument } from '../read-store/read-store';

/** A stored document without the read store's own fields. */
export const strip = <T>(doc: ReadDocument): T => {
  const { _id, _position, ...rest } = doc;
  return rest as T;
};

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
