import { useCallback, useEffect, useRef, useState } from 'react';
import type { TrackerTestResult } from '@fahrplan/contracts';
import { useTestTrackerConnectionMutation } from './trackerApi';
import type { TestTrackerConnectionInput } from './trackerApi';

export type ConnectionTestState =
  | { phase: 'idle' }
  | { phase: 'running'; startedAt: number }
  | { phase: 'done'; result: TrackerTestResult }
  | { phase: 'error'; error: unknown };

/**
 * A connection test that may take a while (a slow or unreachable tracker: up to ~20 s): its state,
 * the seconds it has been running, and `cancel`, which aborts the request and forgets its answer.
 */
export const useConnectionTest = () => {
  const [trigger] = useTestTrackerConnectionMutation();
  const [state, setState] = useState<ConnectionTestState>({ phase: 'idle' });
  const current = useRef<{ abort: () => void; id: number } | null>(null);
  const sequence = useRef(0);
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    if (state.phase !== 'running') return;
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - state.startedAt) / 1000)), 500);
    return () => clearInterval(timer);
  }, [state]);

  // an answer after the dialog closed is of no use
  useEffect(() => () => current.current?.abort(), []);

  const run = useCallback(
    async (body: TestTrackerConnectionInput) => {
      current.current?.abort();
      const id = ++sequence.current;
      const request = trigger(body);
      current.current = { abort: () => request.abort(), id };
      setState({ phase: 'running', startedAt: Date.now() });
      setElapsed(0);
      try {
        const result = await request.unwrap();
        if (current.current?.id === id) setState({ phase: 'done', result });
      } catch (error) {
        if (current.current?.id === id) setState({ phase: 'error', error });
      } finally {
        if (current.current?.id === id) current.current = null;
      }
    },
    [trigger],
  );

  const cancel = () => {
    current.current?.abort();
    current.current = null;
    setState({ phase: 'idle' });
  };
  /** Forgets a finished result (the values it was for changed); a running test goes on. */
  const reset = () => setState((current) => (current.phase === 'running' ? current : { phase: 'idle' }));

  return { state, elapsed, run, cancel, reset };
};
