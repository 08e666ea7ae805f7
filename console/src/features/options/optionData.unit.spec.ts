import { describe, expect, it } from '@jest/globals';
import { optionListsOf } from '@fahrplan/contracts';
import { optionColour, optionItems } from './optionData';

const lists = optionListsOf({
  itemStatus: [
    { value: 0, label: 'To do', colour: 'gray', done: false },
    { value: 5, label: 'Done', colour: 'green', done: true },
  ],
});

describe('options as a select offers them', () => {
  it("lists the tenant's options in its order", () => {
    expect(optionItems(lists, 'itemStatus')).toEqual([
      { value: '0', label: 'To do', colour: 'gray' },
      { value: '5', label: 'Done', colour: 'green' },
    ]);
  });

  it('adds a stored value the list no longer holds, disabled, so the record shows what it has', () => {
    expect(optionItems(lists, 'itemStatus', 3).at(-1)).toEqual({
      value: '3',
      label: '3 (not listed)',
      colour: 'gray',
      disabled: true,
    });
    expect(optionItems(lists, 'itemStatus', 5)).toHaveLength(2);
  });

  it('colours a value by its option, grey when it has none', () => {
    expect(optionColour(lists, 'itemStatus', 5)).toBe('green');
    expect(optionColour(lists, 'itemStatus', 3)).toBe('gray');
    expect(optionColour(lists, 'itemStatus', null)).toBe('gray');
  });
});
