import { notFound } from '@fahrplan/contracts';
import { findByName, strip } from '../http/query-helpers';
import { isTombstone } from '../read-store/read-store';
import type { FindOptions, ReadDocument, ReadStore, ReadView } from '../read-store/read-store';
import type { GroupDoc } from './groups.projection';

/** People's order of projects: by title, case-insensitively. */
export const byTitle = (a: { title: string }, b: { title: string }) =>
  a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }) || 0;

/** Whether `tenant` sees the stored project: a live one of its own, or shared with it and accepted. */
export const isVisible = (doc: ReadDocument, tenant: string): boolean => {
  if (isTombstone(doc) || doc.deleted !== false) return false;
  const acceptedBy = (doc.acceptedBy ?? []) as readonly string[];
  return doc.tenant === tenant || acceptedBy.includes(tenant);
};

/**
 * The filters of the projects `tenant` sees, each with `filter`: its own, then those shared with it
 * and accepted (disjoint: a tenant never accepts its own project); `shared` keeps one of the two.
 */
export const visibleFilters = (
  tenant: string,
  filter: Record<string, unknown>,
  shared?: boolean,
): Record<string, unknown>[] => [
  ...(shared === true ? [] : [{ tenant, ...filter }]),
  ...(shared === false ? [] : [{ acceptedBy: tenant, ...filter }]),
];

/** A project of the tenant, or one shared with it and accepted, by id; null otherwise or when deleted. */
export const visibleGroup = async (store: ReadView, tenant: string, id: number): Promise<GroupDoc | null> => {
  const doc = Number.isSafeInteger(id) ? await store.get('groups', String(id)) : null;
  return doc && isVisible(doc, tenant) ? strip<GroupDoc>(doc) : null;
};

/** The tenant's projects matching `filter`, then those shared with it and accepted (each indexed). */
export const visibleGroups = async (
  store: ReadStore,
  tenant: string,
  filter: Record<string, unknown>,
  sort?: Record<string, 1 | -1>,
): Promise<GroupDoc[]> => {
  const options: FindOptions = sort ? { sort } : {};
  const found = await Promise.all(
    visibleFilters(tenant, filter).map((owner) => store.find('groups', owner, options)),
  );
  return found.flat().map((d) => strip<GroupDoc>(d));
};

/**
 * A project the tenant sees by numeric id, else by title (case-insensitive, lowest id): its own
 * first, then one shared with it and accepted (§2); 404 otherwise.
 */
export const findVisibleGroup = async (
  store: ReadStore,
  tenant: string,
  idOrName: string,
): Promise<GroupDoc> => {
  if (/^\d+$/.test(idOrName)) {
    const byId = await visibleGroup(store, tenant, Number(idOrName));
    if (byId) return byId;
  }
  for (const owner of [{ tenant }, { acceptedBy: tenant }]) {
    const doc = await findByName(
      store,
      'groups',
      { ...owner, deleted: false },
      { field: 'title', folded: '_title' },
      idOrName,
    );
    if (doc) return strip<GroupDoc>(doc);
  }
  throw notFound('group');
};

/**
 * The tenant whose comments or account of a record the caller reads: the owner of a project shared
 * with the caller and accepted (its finance and comments tabs are readable, §2), or of an item in
 * such a project, else the caller's.
 */
export const ownerOf = async (
  store: ReadStore,
  tenant: string,
  refType: string,
  refId: number,
): Promise<string> => {
  if (refType === 'task') {
    const item = Number.isSafeInteger(refId) ? await store.get('items', String(refId)) : null;
    if (!item || item.tenant === tenant) return tenant;
    const project = await visibleGroup(store, tenant, item.group as number);
    return project?.tenant === item.tenant ? (item.tenant as string) : tenant;
  }
  if (refType !== 'PROJECT') return tenant;
  const group = await visibleGroup(store, tenant, refId);
  return (group?.tenant as string | undefined) ?? tenant;
};
