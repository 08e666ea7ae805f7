import { describe, expect, it } from '@jest/globals';
import { alertOutlived } from './fieldErrors';

describe('alertOutlived', () => {
  it('keeps the alert while a field it marked still has an error', () =>
    expect(alertOutlived(['art', 'end'], { end: 'the end cannot precede the begin' })).toBe(false));

  it('drops the alert once every field it marked is fixed', () =>
    expect(alertOutlived(['art', 'end'], { title: 'required' })).toBe(true));

  it('keeps an alert that marked no field (a conflict, a failed step)', () =>
    expect(alertOutlived([], {})).toBe(false));

  it('drops an alert that marked no field once the refused input is revised', () =>
    expect(alertOutlived([], {}, true)).toBe(true));

  it('keeps an alert whose marked field still has an error, however else the form changed', () =>
    expect(alertOutlived(['name'], { name: 'taken' }, true)).toBe(false));
});
