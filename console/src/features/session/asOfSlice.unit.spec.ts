import { describe, expect, it } from '@jest/globals';
import { signedOut } from './sessionSlice';
import { asOfChanged, asOfSlice, editorBusy, editorIdle } from './asOfSlice';

const reduce = asOfSlice.reducer;

describe('the asOf slice', () => {
  it('goes back to now when the user signs out', () => {
    const past = reduce(undefined, asOfChanged('2026-03-01T09:30:00.000Z'));
    expect(past.at).toBe('2026-03-01T09:30:00.000Z');
    expect(reduce(past, signedOut()).at).toBeNull();
  });

  it('counts the busy editors, never below zero', () => {
    const two = reduce(reduce(undefined, editorBusy()), editorBusy());
    expect(two.busyEditors).toBe(2);
    expect(reduce(two, editorIdle()).busyEditors).toBe(1);
    expect(reduce(reduce(reduce(two, editorIdle()), editorIdle()), editorIdle()).busyEditors).toBe(0);
  });
});
