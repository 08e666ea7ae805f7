import { describe, expect, it } from '@jest/globals';
import { fieldLabel, fieldWords } from './fieldLabels';
import { formatNumber } from './numbers';
import { englishT } from '../i18n/testing';

const t = englishT('common');

describe('fieldLabel', () => {
  it("names a field as the record's dialog labels it", () => {
    expect(fieldLabel(t, 'project', 'healthStatus')).toBe('Health status');
    expect(fieldLabel(t, 'project', 'parent')).toBe('Parent project');
    expect(fieldLabel(t, 'project', 'art')).toBe('Type (art)');
    expect(fieldLabel(t, 'project', 'start')).toBe('Begin');
    expect(fieldLabel(t, 'item', 'group')).toBe('Project');
    expect(fieldLabel(t, 'item', 'jiragroup')).toBe('Issue group');
    expect(fieldLabel(t, 'application', 'parent')).toBe('Parent application');
    expect(fieldLabel(t, 'application', 'assetNr')).toBe('Asset number');
  });

  it('names the same field of different records by each dialog', () => {
    expect(fieldLabel(t, 'project', 'jiraid')).toBe('Issue id');
    expect(fieldLabel(t, 'item', 'jiraid')).toBe('External issue id');
  });

  it('turns a field no dialog labels into words', () => {
    expect(fieldLabel(t, 'project', 'issue.fixVersion')).toBe('Issue fix version');
    expect(fieldLabel(t, null, 'healthStatus')).toBe('Health status');
    expect(fieldWords('rating.budget')).toBe('Rating budget');
  });
});

describe('formatNumber', () => {
  it('groups thousands with an apostrophe, an amount with two decimals', () => {
    expect(formatNumber(1234.5)).toBe("1'234.5");
    expect(formatNumber(1234.5, 2)).toBe("1'234.50");
    expect(formatNumber(-1234567)).toBe("-1'234'567");
    expect(formatNumber(3)).toBe('3');
  });
});
