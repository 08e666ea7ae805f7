import { describe, expect, it } from '@jest/globals';
import { applicationFormValidator, toFormValues } from './applicationForm';

describe('applicationFormValidator', () => {
  const validate = applicationFormValidator([{ key: 'users', label: 'Users', type: 'number' }]);
  const valid = { ...toFormValues(null, []), name: 'Billing', attributes: { users: null } };

  it('accepts a valid application', () => expect(validate(valid)).toEqual({}));

  it('refuses an end before the begin before Save, as the server would', () => {
    expect(validate({ ...valid, start: '10.05.2027', end: '09.05.2027' }).end).toBe(
      'the end cannot precede the begin',
    );
    expect(validate({ ...valid, start: '10.05.2027', end: '10.05.2027' })).toEqual({});
  });

  it("refuses a number attribute outside its range, in the tenant schema's words", () =>
    expect(validate({ ...valid, attributes: { users: 1e20 } })['attributes.users']).toBe(
      'a number between -999,999,999,999.99 and 999,999,999,999.99 with at most 2 decimals',
    ));

  it('says "required" for a missing name, not the schema\'s text', () =>
    expect(validate({ ...valid, name: ' ' }).name).toBe('required'));
});
