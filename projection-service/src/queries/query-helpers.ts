import { can, notPermitted, validationError } from '@fahrplan/contracts';
import type { PermissionResource } from '@fahrplan/contracts';
import type { DirectoryCache, Principal } from '@fahrplan/platform';
import type { FindOptions, ReadDocument, ReadStore } from '../read-store/read-store';
import type { GroupDoc } from '../groups/groups.projection';

/** A stored document without the read store's own fields. */
export const strip = <T>(doc: ReadDocument): T => {
  const { _id, _position, ...rest } = doc;
  return rest as T;
};

export const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Express hands a repeated query parameter (`?q=a&q=b`) over as an array: refuse it instead of failing on it. */
export const single = (name: string, value: string | string[] | undefined): string | undefined => {
  if (!Array.isArray(value)) return value;
  throw validationError(`the query parameter ${name} may be given only once`, [
    { field: name, message: 'only once' },
  ]);
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

/** A project of the tenant, or one shared with it and accepted, by id; null otherwise or when deleted. */
export const visibleGroup = async (
  store: ReadStore,
  tenant: string,
  id: number,
): Promise<GroupDoc | null> => {
  const doc = Number.isSafeInteger(id) ? await store.get('groups', String(id)) : null;
  if (!doc || doc.deleted !== false) return null;
  const acceptedBy = (doc.acceptedBy ?? []) as readonly string[];
  return doc.tenant === tenant || acceptedBy.includes(tenant) ? strip<GroupDoc>(doc) : null;
};

/** The tenant's projects matching `filter`, then those shared with it and accepted (each indexed). */
export const visibleGroups = async (
  store: ReadStore,
  tenant: string,
  filter: Record<string, unknown>,
  sort?: Record<string, 1 | -1>,
): Promise<GroupDoc[]> => {
  const options: FindOptions = sort ? { sort } : {};
  const [own, shared] = await Promise.all([
    store.find('groups', { tenant, ...filter }, options),
    store.find('groups', { acceptedBy: tenant, ...filter }, options),
  ]);
  return [...own, ...shared].map((d) => strip<GroupDoc>(d));
};
