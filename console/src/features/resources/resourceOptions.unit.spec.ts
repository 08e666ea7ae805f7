import { describe, expect, it } from '@jest/globals';
import { resourceOptions } from './resourceOptions';

const resources = [
  { id: 3, name: 'Platform team' },
  { id: 7, name: 'anna Keller' },
  { id: 5, name: 'Finance IT' },
];

describe('resourceOptions', () => {
  it('lists the resources by name, case-insensitively', () =>
    expect(resourceOptions(resources)).toEqual([
      { value: '7', label: 'anna Keller' },
      { value: '5', label: 'Finance IT' },
      { value: '3', label: 'Platform team' },
    ]));

  it('keeps a stored id that is not a live resource as "#<id>", once, after the named ones', () =>
    expect(resourceOptions(resources, [41, 3, null, 41, undefined, 9]).map((o) => o.label)).toEqual([
      'anna Keller',
      'Finance IT',
      'Platform team',
      '#9',
      '#41',
    ]));

  it('shows a stored id while the resources are still loading', () =>
    expect(resourceOptions([], [12])).toEqual([{ value: '12', label: '#12' }]));
});
