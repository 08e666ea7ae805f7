import { describe, expect, it } from '@jest/globals';
import { fieldLabel, fieldWords } from './fieldLabels';
import { formatNumber } from './numbers';

describe('fieldLabel', () => {
  it("names a field as the record's dialog labels it", () => {
    expect(fieldLabel('project', 'healthStatus')).toBe('Health status');
    expect(fieldLabel('project', 'parent')).toBe('Parent project');
    expect(fieldLabel('project', 'art')).toBe('Type (art)');
    expect(fieldLabel('project', 'start')).toBe('Begin');
    expect(fieldLabel('item', 'group')).toBe('Project');
    expect(fieldLabel('item', 'jiragroup')).toBe('Issue group');
    expect(fieldLabel('application', 'parent')).toBe('Parent application');
    expect(fieldLabel('application', 'assetNr')).toBe('Asset number');
  });

  it('names the same field of different records by each dialog', () => {
    expect(fieldLabel('project', 'jiraid')).toBe('Issue id');
    expect(fieldLabel('item', 'jiraid')).toBe('External issue id');
  });

  it('turns a field no dialog labels into words', () => {
    expect(fieldLabel('project', 'issue.fixVersion')).toBe('Issue fix version');
    expect(fieldLabel(null, 'healthStatus')).toBe('Health status');
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
