import { EsdbEventStore } from './esdb-event-store';
import { toEsdbConnectionString } from './esdb-mapping';
import type { EventStore } from './event-store';
import { SqliteEventStore } from './sqlite-event-store';

export type EventStoreLocation =
  | { readonly kind: 'esdb'; readonly connectionString: string }
  | { readonly kind: 'sqlite'; readonly path: string };

const esdbSchemes = new Set(['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover']);

/**
 * Where EVENTSTORE_URL points: `esdb://…` or `kurrentdb://…` (with `+discover` for a cluster) is
 * EventStoreDB/KurrentDB; `sqlite:<path>`, `sqlite://<path>` or a plain file path is SQLite.
 * Errors name the scheme only: the URL may carry credentials.
 */
export function parseEventStoreUrl(url: string): EventStoreLocation {
  const trimmed = url.trim();
  if (trimmed.length === 0) throw new Error('the event store URL is empty');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined && esdbSchemes.has(scheme)) {
    return { kind: 'esdb', connectionString: toEsdbConnectionString(trimmed) };
  }
  if (scheme === 'sqlite') {
    const path = trimmed.slice('sqlite:'.length).replace(/^\/\//, '');
    if (path.length === 0) throw new Error('the event store URL sqlite: names no file');
    return { kind: 'sqlite', path };
  }
  // A drive letter (C:\data\events.db) looks like a scheme but has no "//".
  if (scheme !== undefined && trimmed.slice(scheme.length + 1).startsWith('//')) {
    throw new Error(`unsupported event store URL scheme ${scheme}:// (use esdb://, kurrentdb:// or sqlite:)`);
  }
  return { kind: 'sqlite', path: trimmed };
}

/** The event store EVENTSTORE_URL names (see parseEventStoreUrl). */
export function createEventStore(url: string): EventStore {
  const location = parseEventStoreUrl(url);
  return location.kind === 'esdb'
    ? new EsdbEventStore(location.connectionString)
    : new SqliteEventStore(location.path);
}
