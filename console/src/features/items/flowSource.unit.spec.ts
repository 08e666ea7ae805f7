import { describe, expect, it } from '@jest/globals';
import { itemStepSource } from './useItemSaveFlow';

describe('the item save names its steps as history shows them', () => {
  it('numbers the item save: the item, then its comment', () => {
    expect([itemStepSource('item'), itemStepSource('comment')]).toEqual([
      'flow:save-item/step-1',
      'flow:save-item/step-2',
    ]);
  });
});
