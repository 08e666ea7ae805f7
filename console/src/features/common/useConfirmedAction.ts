import { useState } from 'react';
import { describeError } from './problem';

/**
 * A confirmation's or small dialog's action: busy while it runs, closed (`onDone`) when it succeeds,
 * its failure (the server's refusal) kept as the message to show while the dialog stays open.
 */
export function useConfirmedAction<A extends unknown[]>(
  action: (...args: A) => Promise<unknown>,
  onDone: () => void,
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onDone();
  };
  const run = async (...args: A) => {
    setBusy(true);
    setError(null);
    try {
      await action(...args);
      close();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, close, run };
}
