import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Checkpoints } from '../event-publisher';

/**
 * Checkpoints in one JSON file, replaced atomically (write a temporary file, fsync, rename, fsync
 * the folder), so a process killed at any moment leaves the old or the new checkpoint, never a torn one.
 */
export class JsonFileCheckpoints implements Checkpoints {
  constructor(private readonly file: string) {}

  async checkpoint(name: string): Promise<number> {
    return this.read()[name] ?? 0;
  }

  async saveCheckpoint(name: string, position: number): Promise<void> {
    const all = { ...this.read(), [name]: position };
    const temporary = `${this.file}.${process.pid}.tmp`;
    const fd = openSync(temporary, 'w');
    try {
      writeSync(fd, JSON.stringify(all));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, this.file);
    const directory = openSync(dirname(this.file), 'r');
    try {
      fsyncSync(directory);
    } finally {
      closeSync(directory);
    }
  }

  private read(): Record<string, number> {
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, number>;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
  }
}
