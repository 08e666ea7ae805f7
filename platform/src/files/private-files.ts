import { chmodSync, closeSync, fchmodSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

/**
 * Creates `file` readable and writable by its owner only (600), or narrows an existing one to that.
 * Every file of the data folder is made through here: the event log holds password hashes, the
 * folder's keys sign tokens and open tracker secrets.
 */
export const createPrivateFile = (file: string): void => {
  const fd = openSync(file, 'a', FILE_MODE);
  try {
    fchmodSync(fd, FILE_MODE);
  } finally {
    closeSync(fd);
  }
};

/**
 * The start-up check of a data folder: creates it (700) if missing, and narrows the folder, its
 * sub-folders (700) and every file in them (600) that others could read or enter. Returns what it
 * narrowed, for a warning: files written by an older version, or copied in by hand.
 */
export const securePrivateFolder = (dir: string): string[] => {
  mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
  const narrowed: string[] = [];
  const narrow = (path: string, mode: number) => {
    if ((statSync(path).mode & 0o777) === mode) return;
    chmodSync(path, mode);
    narrowed.push(path);
  };
  const visit = (folder: string) => {
    narrow(folder, FOLDER_MODE);
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile()) narrow(path, FILE_MODE);
    }
  };
  visit(dir);
  return narrowed;
};
