import { describe, expect, it } from '@jest/globals';
import dayjs from 'dayjs';
import { formatDateTime } from './dateTime';

describe('formatDateTime', () => {
  // a local time, so the expectation holds in every time zone (the specs also run under TZ=Europe/Berlin)
  const at = dayjs('2026-03-05T07:08:09.250').toISOString();
  const whole = dayjs('2026-03-05T07:08:00').toISOString();

  it('shows the local date and time without seconds by default', () => {
    expect(formatDateTime(at)).toBe('05.03.2026 07:08');
  });

  it('shows seconds always, or only when there are some', () => {
    expect(formatDateTime(at, { seconds: 'always' })).toBe('05.03.2026 07:08:09');
    expect(formatDateTime(whole, { seconds: 'always' })).toBe('05.03.2026 07:08:00');
    expect(formatDateTime(at, { seconds: 'auto' })).toBe('05.03.2026 07:08:09');
    expect(formatDateTime(whole, { seconds: 'auto' })).toBe('05.03.2026 07:08');
  });

  it('shows an unparseable value as it came', () => {
    expect(formatDateTime('not a date', { seconds: 'always' })).toBe('not a date');
  });
});
