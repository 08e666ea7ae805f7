/** Named permission resources of §6 and their actions. */
export const resources = [
  'application-details',
  'group-details',
  'group-shares',
  'group-details-system',
  'items',
  'item-details-system',
  'admin',
  /**
   * Issue 8: a record's history and its states as of a date (VIEW); issue 21: baselines, the plan as of
   * a named instant, listed and compared with VIEW, created with CREATE, deleted with EDIT.
   */
  'history',
  /** Issue 22: what-if scenarios, listed with VIEW, created with CREATE, renamed and discarded with EDIT. */
  'scenarios',
  /** Issue 23: signed webhooks, listed with VIEW, created, changed, tested and deleted with EDIT. */
  'webhooks',
  /** Issue 24: working-day calendars, listed with VIEW, created with CREATE, changed and deleted with EDIT. */
  'calendars',
] as const;
export type PermissionResource = (typeof resources)[number];
export const actions = ['VIEW', 'CREATE', 'EDIT'] as const;
export type PermissionAction = (typeof actions)[number];

export type Permissions = Partial<Record<PermissionResource, readonly PermissionAction[]>>;

export const can = (
  permissions: Permissions,
  resource: PermissionResource,
  action: PermissionAction,
): boolean => permissions[resource]?.includes(action) ?? false;

export const allPermissions: Permissions = Object.fromEntries(resources.map((r) => [r, [...actions]]));
export const viewOnlyPermissions: Permissions = Object.fromEntries(
  resources.filter((r) => r !== 'admin' && r !== 'history' && r !== 'webhooks').map((r) => [r, ['VIEW']]),
);
