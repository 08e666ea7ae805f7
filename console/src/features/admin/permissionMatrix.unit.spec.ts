import { describe, expect, it } from '@jest/globals';
import { actions, resources } from '@fahrplan/contracts';
import { englishT } from '../i18n/testing';
import {
  allOrNone,
  cellCount,
  grantCount,
  normalizePermissions,
  permissionSummary,
  resourceLabels,
  withPermission,
  withResource,
} from './permissionMatrix';

const t = englishT('admin');

describe('permission matrix', () => {
  it('labels every resource of the contracts', () => {
    expect(Object.keys(resourceLabels(t)).sort()).toEqual([...resources].sort());
  });

  it('normalizes: canonical action order, no duplicates, no empty resources, no unknown keys', () => {
    expect(
      normalizePermissions({
        items: ['EDIT', 'VIEW', 'EDIT'],
        admin: [],
        bogus: ['VIEW'],
      } as never),
    ).toEqual({ items: ['VIEW', 'EDIT'] });
  });

  it('grants and takes away one cell', () => {
    const granted = withPermission({}, 'admin', 'EDIT', true);
    expect(granted).toEqual({ admin: ['EDIT'] });
    const both = withPermission(granted, 'admin', 'VIEW', true);
    expect(both).toEqual({ admin: ['VIEW', 'EDIT'] });
    expect(withPermission(both, 'admin', 'EDIT', false)).toEqual({ admin: ['VIEW'] });
    expect(withPermission({ admin: ['VIEW'] }, 'admin', 'VIEW', false)).toEqual({});
  });

  it('granting twice keeps one entry', () => {
    expect(withPermission({ items: ['VIEW'] }, 'items', 'VIEW', true)).toEqual({ items: ['VIEW'] });
  });

  it('sets a whole row', () => {
    expect(withResource({ items: ['VIEW'] }, 'items', true)).toEqual({ items: [...actions] });
    expect(withResource({ items: ['VIEW'], admin: ['VIEW'] }, 'items', false)).toEqual({ admin: ['VIEW'] });
  });

  it('all and none', () => {
    expect(grantCount(allOrNone(true))).toBe(cellCount);
    expect(cellCount).toBe(resources.length * actions.length);
    expect(allOrNone(false)).toEqual({});
  });

  it('summarizes a role', () => {
    expect(permissionSummary({}, t)).toEqual([]);
    expect(permissionSummary(allOrNone(true), t)).toEqual(['everything']);
    expect(permissionSummary({ admin: ['EDIT', 'VIEW'], items: [...actions] }, t)).toEqual([
      'Tasks and milestones: all',
      'Administration: View, Edit',
    ]);
  });
});
