export type AdminTab =
  | 'users'
  | 'roles'
  | 'tenant'
  | 'options'
  | 'resources'
  | 'calendars'
  | 'goals'
  | 'tracker'
  | 'webhooks'
  | 'tenants';

/** The administration tabs in order; Tenants only for those who may create tenants (admin CREATE). */
export const adminTabs = (canCreateTenants: boolean): AdminTab[] => [
  'users',
  'roles',
  'tenant',
  'options',
  'resources',
  'calendars',
  'goals',
  'tracker',
  'webhooks',
  ...(canCreateTenants ? (['tenants'] as const) : []),
];

/** The URL's tab when it is one of `tabs`, else the first. */
export const tabOrDefault = (param: string | undefined, tabs: readonly AdminTab[]): AdminTab =>
  tabs.find((t) => t === param) ?? tabs[0] ?? 'users';
