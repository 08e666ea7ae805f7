import { describe, expect, it } from '@jest/globals';
import { flowSourcePattern } from '@fahrplan/contracts';
import { sourceBadge } from '../../history/historyFormat';
import { englishT } from '../../i18n/testing';
import { applicationStepSource } from './useApplicationSaveFlow';

/** The header pattern the command API accepts (X-Fahrplan-Source). */
const serverPattern = flowSourcePattern;

describe('the application save names its steps as history shows them', () => {
  it('numbers the application save as §4 orders it', () => {
    const sources = (['application', 'account', 'storeAccount', 'comment'] as const).map(
      applicationStepSource,
    );
    expect(sources.map((s) => sourceBadge(s, englishT('history'))?.label)).toEqual([
      'flow: save-application/step 1',
      'flow: save-application/step 2',
      'flow: save-application/step 3',
      'flow: save-application/step 4',
    ]);
    for (const source of sources) expect(source).toMatch(serverPattern);
  });
});
