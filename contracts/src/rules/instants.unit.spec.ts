import { DomainError } from '../errors';
import { fixedNow } from '../testing/decider-spec';
import { pastInstant } from './instants';

const context = { now: fixedNow, tenantSince: '2025-01-06T08:00:00.000Z' };

/** The field errors `pastInstant` refuses `given` with. */
const refusal = (given: string | undefined, facts: { tenantSince?: string | null } = {}) => {
  try {
    pastInstant('from', given, { ...context, ...facts });
  } catch (error) {
    if (error instanceof DomainError) return error.details;
    throw error;
  }
  return undefined;
};

describe('pastInstant', () => {
  it('is now when no instant is given', () => expect(pastInstant('at', undefined, context)).toBe(fixedNow));

  it('is any given past instant since the tenant existed, in UTC, the tenant’s first instant included', () => {
    expect(pastInstant('at', '2026-01-05T09:00:00+01:00', context)).toBe('2026-01-05T08:00:00.000Z');
    expect(pastInstant('at', '2025-01-06T08:00:00Z', context)).toBe('2025-01-06T08:00:00.000Z');
  });

  it('refuses an instant in the future, naming the field', () =>
    expect(refusal('2026-03-02T09:30:01Z')).toMatchObject({
      fieldErrors: [{ field: 'from', message: 'not in the future' }],
    }));

  it('refuses a given instant before the tenant existed', () =>
    expect(refusal('2025-01-06T07:59:59Z')).toMatchObject({
      fieldErrors: [{ field: 'from', message: 'not before the tenant existed' }],
    }));

  it('never refuses now for the tenant’s age, even when the tenant’s first event carries a later time', () =>
    expect(refusal(undefined, { tenantSince: '2026-03-02T09:31:00.000Z' })).toBeUndefined());

  it('refuses nothing for the tenant’s age when its first event is unknown', () =>
    expect(refusal('2000-01-01T00:00:00Z', { tenantSince: null })).toBeUndefined());
});
