import { createHash, randomUUID } from 'node:crypto';

/**
 * The event ids of a command: derived from the client's idempotency key when there is one, so that a
 * retried command produces the same ids and the event store appends it only once (STYLE 8).
 */
export const eventIdsFor = (count: number, idempotencyKey: string | undefined, scope: string): string[] =>
  Array.from({ length: count }, (_, i) =>
    idempotencyKey ? nameBasedUuid(`${scope}\u0000${idempotencyKey}\u0000${i}`) : randomUUID(),
  );

/** A UUID of version 5 layout from a SHA-1 of the name (RFC 9562 §5.5, with a fixed Fahrplan namespace). */
export const nameBasedUuid = (name: string): string => {
  const bytes = createHash('sha1').update('fahrplan:').update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
