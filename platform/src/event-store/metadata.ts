import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@fahrplan/contracts';

/**
 * The schema version of metadata made here; the command path stamps each event with its type's
 * current version (`withSchemaVersion`), which is 1 for every type without an upcaster.
 */
export const CURRENT_SCHEMA_VERSION = 1;

/**
 * Metadata of events being written. Without a correlation id a new one is made; the causation is the
 * correlation unless given.
 */
export const eventMetadata = (facts: {
  readonly tenant: string;
  readonly user: string;
  readonly timestamp: string;
  readonly correlationId?: string;
  readonly causationId?: string;
  readonly source?: string;
  readonly command?: string;
}): EventMetadata => {
  const correlationId = facts.correlationId ?? randomUUID();
  return {
    tenant: facts.tenant,
    user: facts.user,
    correlationId,
    causationId: facts.causationId ?? correlationId,
    timestamp: facts.timestamp,
    schemaVersion: CURRENT_SCHEMA_VERSION,
    ...(facts.command ? { command: facts.command } : {}),
    ...(facts.source ? { source: facts.source } : {}),
  };
};
