import { describe, expect, it } from '@jest/globals';
import { adminTabs, tabOrDefault } from './adminTabs';

describe('administration tabs', () => {
  it('offers the option lists after the tenant', () => {
    expect(adminTabs(false).slice(2, 4)).toEqual(['tenant', 'options']);
  });

  it('offers Tenants only with admin CREATE', () => {
    expect(adminTabs(false)).not.toContain('tenants');
    expect(adminTabs(true).at(-1)).toBe('tenants');
  });

  it('takes the tab from the URL, else the first', () => {
    expect(tabOrDefault('roles', adminTabs(false))).toBe('roles');
    expect(tabOrDefault(undefined, adminTabs(false))).toBe('users');
    expect(tabOrDefault('nonsense', adminTabs(false))).toBe('users');
    expect(tabOrDefault('tenants', adminTabs(false))).toBe('users');
    expect(tabOrDefault('tenants', adminTabs(true))).toBe('tenants');
  });
});
