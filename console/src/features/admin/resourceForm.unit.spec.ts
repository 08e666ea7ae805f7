import { describe, expect, it } from '@jest/globals';
import type { ResourceView } from '@fahrplan/contracts';
import { resourceFormValidator, toResourceFormValues, toSaveResource } from './resourceForm';

const resource: ResourceView = { id: 4, name: 'Platform team', version: 2, calendar: null, share: 100 };

describe('the resource dialog (issue 24: its own calendar and part-time share)', () => {
  it('starts from the resource as listed and saves every field of the version seen', () => {
    const values = toResourceFormValues(resource);
    expect(values).toEqual({ name: 'Platform team', calendar: null, share: 100 });
    expect(toSaveResource({ name: ' Ops ', calendar: 3, share: 80 }, resource)).toEqual({
      id: 4,
      version: 2,
      name: 'Ops',
      calendar: 3,
      share: 80,
    });
  });

  it('refuses a share outside 1 to 100, a fraction, an empty one and an empty name, each at its field', () => {
    const validate = resourceFormValidator(resource);
    expect(validate(toResourceFormValues(resource))).toEqual({});
    for (const share of [0, 101, 50.5, '', '-'])
      expect(Object.keys(validate({ name: 'Ops', calendar: null, share }))).toEqual(['share']);
    expect(Object.keys(validate({ name: '  ', calendar: null, share: 100 }))).toEqual(['name']);
  });
});
