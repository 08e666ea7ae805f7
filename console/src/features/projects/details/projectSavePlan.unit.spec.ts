import { describe, expect, it } from '@jest/globals';
import { toFormValues } from './projectForm';
import type { ProjectFormValues, ProjectRecord } from './projectForm';
import { planSave, stepKey, stepLabel } from './projectSavePlan';
import type { PlanInput } from './projectSavePlan';
import { pendingGoal as pending } from './testing/pendingGoal';
import { englishT } from '../../i18n/testing';

const t = englishT('projects');

const base: ProjectFormValues = {
  ...toFormValues(null, '2027-01-04'),
  title: 'Apollo',
  projectNr: 'P-1',
  shareWith: ['acme', 'beta'],
  strategy: { assigned: [{ goal: 3, value: 5 }], pending: [] },
};
const record: ProjectRecord = { id: 7, version: 2, account: null };
const plan = (after: Partial<ProjectFormValues>, input: Partial<PlanInput> = {}) =>
  planSave({
    before: base,
    after: { ...base, ...after },
    record,
    createdGoals: new Map(),
    unstoredAccount: null,
    ...input,
  });
describe('planSave', () => {
  it('plans nothing for an unchanged project', () => {
    expect(plan({})).toEqual([]);
  });

  it('always creates a new project first', () => {
    expect(plan({}, { record: null })).toEqual([{ step: 'project' }]);
  });

  it('runs every step in the §4 order', () => {
    const steps = plan({
      title: 'Apollo 2',
      comment: '  hello ',
      shareWith: ['beta', 'gamma'],
      strategy: {
        assigned: [
          { goal: 3, value: 6 },
          { goal: 'new-1', value: 4 },
        ],
        pending: [pending],
      },
      addAccount: true,
    });
    expect(steps).toEqual([
      { step: 'project' },
      { step: 'comment', description: 'hello' },
      { step: 'share', tenant: 'gamma' },
      { step: 'unshare', tenant: 'acme' },
      { step: 'createGoal', goal: pending },
      {
        step: 'setGoals',
        goals: [
          { goal: 3, value: 6 },
          { goal: 'new-1', value: 4 },
        ],
      },
      { step: 'account' },
      { step: 'storeAccount' },
    ]);
  });

  it('continues a retry after the steps that succeeded: goals created before are not created again', () => {
    const after = {
      strategy: {
        assigned: [
          { goal: 'new-1', value: 4 },
          { goal: 3, value: 5 },
        ],
        pending: [pending],
      },
    };
    expect(plan(after, { createdGoals: new Map([['new-1', 99]]) })).toEqual([
      { step: 'setGoals', goals: [{ goal: 99, value: 4 }] },
    ]);
    // the baseline moved on after SetGroupGoals succeeded: nothing is left
    expect(plan(after, { before: { ...base, ...after }, createdGoals: new Map([['new-1', 99]]) })).toEqual(
      [],
    );
  });

  it('sets a goal taken off the project to 0', () => {
    expect(plan({ strategy: { assigned: [], pending: [] } })).toEqual([
      { step: 'setGoals', goals: [{ goal: 3, value: 0 }] },
    ]);
  });

  it('ignores blank and repeated tenant names', () => {
    expect(plan({ shareWith: [' acme ', 'beta', 'beta', ''] })).toEqual([]);
  });

  it('adds an account only with a project number and none yet, and stores one created earlier', () => {
    const withoutNumber = { ...base, projectNr: '' };
    expect(plan({ addAccount: true, projectNr: '' }, { before: withoutNumber })).toEqual([]);
    expect(plan({ addAccount: true }, { record: { ...record, account: 5 } })).toEqual([]);
    expect(plan({ addAccount: true }, { unstoredAccount: 12 })).toEqual([{ step: 'storeAccount' }]);
  });
});

describe('step names', () => {
  it('names the tenant of a share step and keys each instance on its own', () => {
    const share = { step: 'share', tenant: 'nowhere' } as const;
    expect(stepLabel(share, t).failed).toBe('sharing with nowhere failed');
    expect(stepKey(share)).not.toBe(stepKey({ step: 'share', tenant: 'acme' }));
    expect(stepKey({ step: 'project' })).not.toBe(stepKey({ step: 'storeAccount' }));
  });
});

describe('planSave and the comment', () => {
  it('does not post a comment the baseline already has', () => {
    expect(plan({ comment: 'posted' }, { before: { ...base, comment: 'posted' } })).toEqual([]);
  });
});
