import { describe, expect, it } from '@jest/globals';
import { sourceBadge } from '../../history/historyFormat';
import { englishT } from '../../i18n/testing';
import { projectStepSource } from './projectSavePlan';

describe('the project save names its steps as history shows them', () => {
  it('numbers the project save by §4 step, whatever the tenant or goal of the step', () => {
    expect(projectStepSource({ step: 'share', tenant: 'Tenant B' })).toBe('flow:save-project/step-3');
    expect(projectStepSource({ step: 'unshare', tenant: 'x' })).toBe('flow:save-project/step-3');
    expect(projectStepSource({ step: 'setGoals', goals: [] })).toBe('flow:save-project/step-4');
    expect(projectStepSource({ step: 'storeAccount' })).toBe('flow:save-project/step-6');
    expect(
      sourceBadge(projectStepSource({ step: 'comment', description: 'hi' }), englishT('history'))?.label,
    ).toBe('flow: save-project/step 2');
  });
});
