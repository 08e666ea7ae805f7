import { actions, resources } from '@fahrplan/contracts';
import type { PermissionAction, PermissionResource, Permissions } from '@fahrplan/contracts';

/** §6 resources as the role editor names them. */
export const resourceLabels: Record<PermissionResource, { label: string; description: string }> = {
  'application-details': { label: 'Applications', description: 'open, create and edit applications' },
  'group-details': { label: 'Projects', description: 'open, create and edit projects (groups)' },
  'group-shares': {
    label: 'Project shares',
    description: 'share projects with other tenants, accept shares',
  },
  'group-details-system': {
    label: 'Projects: system (superuser)',
    description: 'EDIT makes a superuser, who sees identity ids',
  },
  items: { label: 'Tasks and milestones', description: 'open, create and edit items' },
  'item-details-system': {
    label: 'Items: system fields',
    description: 'EDIT allows changing the system type and class name',
  },
  admin: { label: 'Administration', description: 'tenant, users, roles, resources and goals' },
  history: {
    label: 'History and time travel',
    description: 'VIEW shows every change of a record and any screen as of a past date',
  },
};

export const actionLabels: Record<PermissionAction, string> = {
  VIEW: 'View',
  CREATE: 'Create',
  EDIT: 'Edit',
};

/** Known resources only, each with its actions once and in the order of `actions`; no empty entries. */
export const normalizePermissions = (permissions: Permissions): Permissions =>
  Object.fromEntries(
    resources.flatMap((resource) => {
      const granted = actions.filter((action) => permissions[resource]?.includes(action));
      return granted.length > 0 ? [[resource, granted]] : [];
    }),
  );

/** `permissions` with one action of one resource granted (`on`) or taken away. */
export const withPermission = (
  permissions: Permissions,
  resource: PermissionResource,
  action: PermissionAction,
  on: boolean,
): Permissions => {
  const current = (permissions[resource] ?? []).filter((a) => a !== action);
  return normalizePermissions({ ...permissions, [resource]: on ? [...current, action] : current });
};

/** Every action of one resource granted or none of them. */
export const withResource = (
  permissions: Permissions,
  resource: PermissionResource,
  on: boolean,
): Permissions => normalizePermissions({ ...permissions, [resource]: on ? [...actions] : [] });

/** Every resource with every action, or nothing. */
export const allOrNone = (on: boolean): Permissions =>
  on ? normalizePermissions(Object.fromEntries(resources.map((r) => [r, [...actions]]))) : {};

/** How many of the matrix's resource × action cells are granted. */
export const grantCount = (permissions: Permissions): number =>
  resources.reduce((sum, r) => sum + actions.filter((a) => permissions[r]?.includes(a)).length, 0);

export const cellCount = resources.length * actions.length;

/** A short summary for the roles table: 'everything', 'nothing', or the resources with their actions. */
export const permissionSummary = (permissions: Permissions): string[] => {
  const count = grantCount(permissions);
  if (count === 0) return [];
  if (count === cellCount) return ['everything'];
  const normal = normalizePermissions(permissions);
  return resources
    .filter((r) => normal[r])
    .map((r) => {
      const granted = normal[r] ?? [];
      const what = granted.length === actions.length ? 'all' : granted.map((a) => actionLabels[a]).join(', ');
      return `${resourceLabels[r].label}: ${what}`;
    });
};
