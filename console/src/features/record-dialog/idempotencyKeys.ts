import { useState } from 'react';

/** Sends a request with the Idempotency-Key of its step. */
export type KeyedSend = <T>(
  step: string,
  payload: unknown,
  send: (idempotencyKey: string) => Promise<T>,
) => Promise<T>;

/**
 * The Idempotency-Keys of a save flow: a step keeps its key while its payload stays the same and it has
 * not succeeded, so a retry appends nothing twice; it gets a new key once it succeeded or changed.
 */
export const keyedSender = (newKey: () => string = () => crypto.randomUUID()): KeyedSend => {
  const keys = new Map<string, { payload: string; key: string }>();
  return async (step, payload, send) => {
    const json = JSON.stringify(payload);
    let entry = keys.get(step);
    if (!entry || entry.payload !== json) {
      entry = { payload: json, key: newKey() };
      keys.set(step, entry);
    }
    const result = await send(entry.key);
    keys.delete(step);
    return result;
  };
};

/** The flow's Idempotency-Keys (see keyedSender), kept for the dialog's lifetime. */
export function useIdempotencyKeys(): KeyedSend {
  const [send] = useState(() => keyedSender());
  return send;
}
