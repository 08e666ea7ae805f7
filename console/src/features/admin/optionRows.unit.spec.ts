import { describe, expect, it } from '@jest/globals';
import { defaultOptionLists } from '@fahrplan/contracts';
import { moveRow, newOptionRow, optionRowErrors, optionsOfRows, rowsOfOptions } from './optionRows';
import { englishT } from '../i18n/testing';

const t = englishT('admin');

describe('the option list editor', () => {
  it('round-trips a list; shared parent only for project statuses', () => {
    const rows = rowsOfOptions(defaultOptionLists.projectStatus);
    expect(optionsOfRows('projectStatus', rows)).toEqual(
      defaultOptionLists.projectStatus.map((o) => ({ ...o, sharedParent: o.sharedParent === true })),
    );
    expect(optionsOfRows('itemStatus', rowsOfOptions(defaultOptionLists.itemStatus))).toEqual(
      defaultOptionLists.itemStatus,
    );
  });

  it('adds a row with the next value, at most 99', () => {
    expect(newOptionRow(rowsOfOptions(defaultOptionLists.itemStatus)).value).toBe(6);
    expect(newOptionRow([]).value).toBe(0);
    const high = rowsOfOptions([{ value: 99, label: 'x', colour: 'gray', done: false }]);
    expect(newOptionRow(high).value).toBe(99);
  });

  it('moves a row up and down, not past either end', () => {
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveRow(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('names what is wrong where it is, in the words the server uses', () => {
    const rows = rowsOfOptions(defaultOptionLists.itemStatus);
    rows[1]!.label = ' ';
    rows[2]!.value = '';
    rows[3]!.value = 120;
    expect(optionRowErrors('itemStatus', rows, 'rows', t)).toEqual({
      'rows.1.label': 'required',
      'rows.2.value': 'a whole number between 0 and 99',
      'rows.3.value': 'between 0 and 99',
    });
    const twice = rowsOfOptions(defaultOptionLists.itemStatus);
    twice[4]!.label = 'open';
    twice[5]!.value = 1;
    expect(optionRowErrors('itemStatus', twice, 'rows', t)).toEqual({ rows: 'the value 1 is listed twice' });
    expect(optionRowErrors('itemStatus', [], 'rows', t)).toEqual({
      rows: 'a list needs at least one option',
    });
    expect(optionRowErrors('itemStatus', rowsOfOptions(defaultOptionLists.itemStatus), 'rows', t)).toEqual(
      {},
    );
  });
});
