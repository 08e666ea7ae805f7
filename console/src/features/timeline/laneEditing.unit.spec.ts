import { describe, expect, it } from '@jest/globals';
import { limits } from '@fahrplan/contracts';
import { canManageLanes, canRenameLane, parseLaneName } from './laneEditing';

describe('canManageLanes', () => {
  it('needs EDIT on group-details and an own (not shared) project', () => {
    expect(canManageLanes({ shared: false }, true)).toBe(true);
    expect(canManageLanes({ shared: true }, true)).toBe(false);
    expect(canManageLanes({ shared: false }, false)).toBe(false);
  });
});

describe('canRenameLane', () => {
  it('offers renaming only for INDIVIDUAL lanes of an editable project', () => {
    expect(canRenameLane({ shared: false, laneType: 'INDIVIDUAL' }, true)).toBe(true);
    expect(canRenameLane({ shared: false, laneType: 'tasks' }, true)).toBe(false);
    expect(canRenameLane({ shared: false, laneType: 'milestones' }, true)).toBe(false);
    expect(canRenameLane({ shared: true, laneType: 'INDIVIDUAL' }, true)).toBe(false);
    expect(canRenameLane({ shared: false, laneType: 'INDIVIDUAL' }, false)).toBe(false);
  });
});

describe('parseLaneName', () => {
  it('trims a valid name', () => {
    expect(parseLaneName('  Testing ')).toEqual({ name: 'Testing' });
  });
  it('refuses an empty or blank name', () => {
    expect(parseLaneName('')).toEqual({ error: 'required' });
    expect(parseLaneName('   ')).toEqual({ error: 'required' });
  });
  it('refuses a name longer than the title limit', () => {
    expect(parseLaneName('x'.repeat(limits.title))).toEqual({ name: 'x'.repeat(limits.title) });
    expect(parseLaneName('x'.repeat(limits.title + 1))).toHaveProperty('error');
  });
});
