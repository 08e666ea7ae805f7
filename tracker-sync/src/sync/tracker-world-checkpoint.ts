import { randomUUID } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { ConnectionRecord, GroupLink, ItemLink, TrackerWorld } from './tracker-world';

/** The world as of a log position: everything up to `position` is folded in, nothing after it. */
export interface TrackerWorldCheckpoint {
  readonly position: number;
  readonly world: TrackerWorld;
}

/**
 * Where tracker-sync keeps its world between runs, so that a restart folds only the events after it.
 * `load` answers null when there is none or it cannot be used (another format, unreadable).
 */
export interface TrackerWorldStore {
  load(): Promise<TrackerWorldCheckpoint | null>;
  save(checkpoint: TrackerWorldCheckpoint): Promise<void>;
}

/** The shape of the stored world: a checkpoint of another format is ignored and the log folded anew. */
export const trackerWorldFormat = 1;

interface StoredWorld {
  readonly format: number;
  readonly position: number;
  readonly connections: readonly [number, ConnectionRecord][];
  readonly groups: readonly [number, GroupLink][];
  readonly items: readonly [number, ItemLink][];
}

export const worldToJson = ({ position, world }: TrackerWorldCheckpoint): string =>
  JSON.stringify({
    format: trackerWorldFormat,
    position,
    connections: [...world.connections],
    groups: [...world.groups],
    items: [...world.items],
  } satisfies StoredWorld);

/** The checkpoint in `json`, or null when it is of another format or not one at all. */
export const worldFromJson = (json: string): TrackerWorldCheckpoint | null => {
  let stored: Partial<StoredWorld>;
  try {
    stored = JSON.parse(json) as Partial<StoredWorld>;
  } catch {
    return null;
  }
  if (stored?.format !== trackerWorldFormat || !Number.isSafeInteger(stored.position)) return null;
  return {
    position: stored.position!,
    world: {
      connections: new Map(stored.connections),
      groups: new Map(stored.groups),
      items: new Map(stored.items),
    },
  };
};

/**
 * The world in one JSON file, replaced atomically (written beside it, then renamed over it): a stop at
 * any moment leaves the previous checkpoint or the new one, never half of one. Readable by the owner
 * only, as every file of the data folder (the connections carry their sealed secrets).
 */
export class TrackerWorldFile implements TrackerWorldStore {
  constructor(private readonly file: string) {}

  async load(): Promise<TrackerWorldCheckpoint | null> {
    try {
      return worldFromJson(await readFile(this.file, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async save(checkpoint: TrackerWorldCheckpoint): Promise<void> {
    const next = `${this.file}.${randomUUID()}.tmp`;
    try {
      await writeFile(next, worldToJson(checkpoint), { mode: 0o600, flush: true });
      await rename(next, this.file);
    } finally {
      await rm(next, { force: true });
    }
  }
}
