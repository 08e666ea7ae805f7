import { actions, resources } from '@fahrplan/contracts';
import type { PermissionAction, PermissionResource, Permissions } from '@fahrplan/contracts';
import type { TFunction } from 'i18next';

/** §6 resources as the role editor names them (the resources are stored codes). */
export const resourceLabels = (
  t: TFunction<'admin'>,
): Record<PermissionResource, { label: string; description: string }> => ({
  'application-details': {
    label: t('permissions.resources.applicationDetails.label'),
    description: t('permissions.resources.applicationDetails.description'),
  },
  'group-details': {
    label: t('permissions.resources.groupDetails.label'),
    description: t('permissions.resources.groupDetails.description'),
  },
  'group-shares': {
    label: t('permissions.resources.groupShares.label'),
    description: t('permissions.resources.groupShares.description'),
  },
  'group-details-system': {
    label: t('permissions.resources.groupDetailsSystem.label'),
    description: t('permissions.resources.groupDetailsSystem.description'),
  },
  items: {
    label: t('permissions.resources.items.label'),
    description: t('permissions.resources.items.description'),
  },
  'item-details-system': {
    label: t('permissions.resources.itemDetailsSystem.label'),
    description: t('permissions.resources.itemDetailsSystem.description'),
  },
  admin: {
    label: t('permissions.resources.admin.label'),
    description: t('permissions.resources.admin.description'),
  },
  history: {
    label: t('permissions.resources.history.label'),
    description: t('permissions.resources.history.description'),
  },
  scenarios: {
    label: t('permissions.resources.scenarios.label'),
    description: t('permissions.resources.scenarios.description'),
  },
  webhooks: {
    label: t('permissions.resources.webhooks.label'),
    description: t('permissions.resources.webhooks.description'),
  },
  calendars: {
    label: t('permissions.resources.calendars.label'),
    description: t('permissions.resources.calendars.description'),
  },
});

export const actionLabels = (t: TFunction<'admin'>): Record<PermissionAction, string> => ({
  VIEW: t('permissions.actions.view'),
  CREATE: t('permissions.actions.create'),
  EDIT: t('permissions.actions.edit'),
});

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

/** A short summary for the roles table: 'everything', nothing, or the resources with their actions. */
export const permissionSummary = (permissions: Permissions, t: TFunction<'admin'>): string[] => {
  const count = grantCount(permissions);
  if (count === 0) return [];
  if (count === cellCount) return [t('permissions.summary.everything')];
  const normal = normalizePermissions(permissions);
  const resourceNames = resourceLabels(t);
  const actionNames = actionLabels(t);
  return resources
    .filter((r) => normal[r])
    .map((r) => {
      const granted = normal[r] ?? [];
      const resource = resourceNames[r].label;
      return granted.length === actions.length
        ? t('permissions.summary.all', { resource })
        : t('permissions.summary.some', { resource, actions: granted.map((a) => actionNames[a]).join(', ') });
    });
};
