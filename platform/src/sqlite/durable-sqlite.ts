import { DatabaseSync } from 'node:sqlite';
import type { StatementSync } from 'node:sqlite';
import { createPrivateFile } from '../files/private-files';

/**
 * A SQLite file (mode 600; SQLite gives its -wal and -shm files the same mode) opened for durable
 * writes shared between processes: WAL with `synchronous=FULL`,
 * and `schema` created in one transaction. busy_timeout comes first: switching to WAL takes a lock
 * that a second process (the other service of a distributed pair, started at the same moment) may
 * briefly hold. `pragmas` are added after those.
 */
export const openDurableSqlite = (
  file: string,
  {
    busyTimeoutMs = 5000,
    schema,
    pragmas = '',
  }: { busyTimeoutMs?: number; schema: string; pragmas?: string },
): DatabaseSync => {
  if (file !== ':memory:') createPrivateFile(file);
  const db = new DatabaseSync(file);
  db.exec(`
    PRAGMA busy_timeout = ${Math.trunc(busyTimeoutMs)};
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    ${pragmas}
  `);
  db.exec(`BEGIN IMMEDIATE; ${schema} COMMIT;`);
  return db;
};

/**
 * Runs work in one write transaction of `db`, BEGIN IMMEDIATE (the write lock up front, so a second
 * process waits out its busy timeout instead of failing when a read would upgrade; with files attached,
 * the lock of the one given by `writeLock`) to COMMIT; an error
 * rolls it back and is rethrown. Inside a transaction already open on `db` (one that groups several
 * writes, `SqliteReadStore.writeTogether`), the work is a savepoint of it instead: an error undoes the
 * work alone, and it is committed with that transaction. Its statements are prepared once.
 */
export const writeTransaction = (db: DatabaseSync, { writeLock }: { readonly writeLock?: string } = {}) => {
  // BEGIN IMMEDIATE takes the write lock of every file attached: `writeLock`, a write of the one file
  // the work writes (changing nothing), takes its lock alone, up front all the same
  const begin = db.prepare(writeLock ? 'BEGIN' : 'BEGIN IMMEDIATE');
  const lock = writeLock ? db.prepare(writeLock) : undefined;
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  const save = db.prepare('SAVEPOINT work');
  const release = db.prepare('RELEASE work');
  const undo = db.prepare('ROLLBACK TO work');
  return <T>(work: () => T): T => {
    const nested = db.isTransaction;
    (nested ? save : begin).run();
    try {
      if (!nested) lock?.run();
      const result = work();
      (nested ? release : commit).run();
      return result;
    } catch (error) {
      try {
        if (nested) {
          undo.run();
          release.run();
        } else rollback.run();
      } catch {
        // SQLite already rolled back (it does so on some I/O errors); the original error matters.
      }
      throw error;
    }
  };
};

/** Prepares statements of `db`; `returnArrays` for the ones read by column index. */
export const preparer =
  (db: DatabaseSync) =>
  (sql: string, returnArrays = false): StatementSync => {
    const statement = db.prepare(sql);
    if (returnArrays) statement.setReturnArrays(true);
    return statement;
  };
