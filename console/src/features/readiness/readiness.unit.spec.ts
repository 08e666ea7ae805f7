import { describe, expect, it } from '@jest/globals';
import { englishT } from '../i18n/testing';
import { readinessText } from './readiness';

const t = englishT('readiness');

describe('readinessText', () => {
  it('tells how far the catch-up is, its pace and the time left', () => {
    expect(
      readinessText(
        {
          status: 'catching-up',
          position: 420_000,
          head: 1_000_000,
          eventsPerSecond: 52_000,
          percent: 42,
          secondsLeft: 12,
        },
        t,
      ),
    ).toEqual({
      title: 'Catching up, 42 %',
      percent: 42,
      detail:
        "After its start the server reads the event log into its read models: event 420'000 of 1'000'000, " +
        "52'000 events per second, about 12 s left. The console opens as soon as they are ready.",
    });
  });

  it('leaves out the time left before there is a pace', () => {
    expect(
      readinessText(
        {
          status: 'catching-up',
          position: 0,
          head: 10,
          eventsPerSecond: 0,
          percent: 0,
          secondsLeft: null,
        },
        t,
      )?.detail,
    ).toContain('0 events per second. The console');
  });

  it('names the stores that do not answer, and waits without a percentage', () => {
    expect(
      readinessText({ status: 'not ready', checks: { eventStore: 'ok', readStore: 'timeout' } }, t),
    ).toEqual({
      title: 'Waiting for the server',
      percent: null,
      detail: 'Not answering yet: readStore. The console keeps asking.',
    });
    expect(readinessText(undefined, t)?.percent).toBeNull();
  });

  it('has nothing to say once the server is ready', () => {
    expect(readinessText({ status: 'ready', position: 5, head: 5 }, t)).toBeNull();
  });
});
