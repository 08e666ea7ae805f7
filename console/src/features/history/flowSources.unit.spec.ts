import { describe, expect, it } from '@jest/globals';
import { flowSourcePattern } from '@fahrplan/contracts';
import { applicationStepSource } from '../applications/details/useApplicationSaveFlow';
import { itemStepSource } from '../items/useItemSaveFlow';
import { projectStepSource } from '../projects/details/projectSavePlan';
import { sourceBadge } from './historyFormat';

/** The header pattern the command API accepts (X-Fahrplan-Source). */
const serverPattern = flowSourcePattern;

describe('the save flows name their steps as history shows them', () => {
  it('numbers the application save as §4 orders it', () => {
    const sources = (['application', 'account', 'storeAccount', 'comment'] as const).map(
      applicationStepSource,
    );
    expect(sources.map((s) => sourceBadge(s)?.label)).toEqual([
      'flow: save-application/step 1',
      'flow: save-application/step 2',
      'flow: save-application/step 3',
      'flow: save-application/step 4',
    ]);
    for (const source of sources) expect(source).toMatch(serverPattern);
  });

  it('numbers the item save: the item, then its comment', () => {
    expect([itemStepSource('item'), itemStepSource('comment')]).toEqual([
      'flow:save-item/step-1',
      'flow:save-item/step-2',
    ]);
  });

  it('numbers the project save by §4 step, whatever the tenant or goal of the step', () => {
    expect(projectStepSource({ step: 'share', tenant: 'Tenant B' })).toBe('flow:save-project/step-3');
    expect(projectStepSource({ step: 'unshare', tenant: 'x' })).toBe('flow:save-project/step-3');
    expect(projectStepSource({ step: 'setGoals', goals: [] })).toBe('flow:save-project/step-4');
    expect(projectStepSource({ step: 'storeAccount' })).toBe('flow:save-project/step-6');
    expect(sourceBadge(projectStepSource({ step: 'comment', description: 'hi' }))?.label).toBe(
      'flow: save-project/step 2',
    );
  });
});
