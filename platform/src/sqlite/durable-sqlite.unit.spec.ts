import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { writeTransaction } from './durable-sqlite';

const database = () => {
  const db = new DatabaseSync(':memory:');
  db.exec('CREATE TABLE t (n INTEGER)');
  return db;
};
const count = (db: DatabaseSync) => (db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n;

describe('writeTransaction', () => {
  it("commits the work's writes and answers its result", () => {
    const db = database();
    const result = writeTransaction(db)(() => {
      db.exec('INSERT INTO t VALUES (1), (2)');
      return 'done';
    });
    expect(result).toBe('done');
    expect(count(db)).toBe(2);
    expect(db.isTransaction).toBe(false);
  });

  it.each([
    ['the work failed', 'INSERT INTO t VALUES (1)'],
    // as it does on some I/O errors: the ROLLBACK that follows fails, the work's error is what counts
    ['SQLite rolled back already', 'INSERT INTO t VALUES (1); ROLLBACK'],
  ])('rolls the writes back and rethrows the error of the work when %s', (_case, sql) => {
    const db = database();
    const failure = new Error('refused');
    expect(() =>
      writeTransaction(db)(() => {
        db.exec(sql);
        throw failure;
      }),
    ).toThrow(failure);
    expect(count(db)).toBe(0);
    expect(db.isTransaction).toBe(false);
  });

  it('can run again after a failure', () => {
    const db = database();
    const transaction = writeTransaction(db);
    expect(() =>
      transaction(() => {
        throw new Error('first');
      }),
    ).toThrow('first');
    transaction(() => db.exec('INSERT INTO t VALUES (3)'));
    expect(count(db)).toBe(1);
  });

  describe('with another file attached, whose write lock another connection holds', () => {
    let directory: string;
    let db: DatabaseSync;
    let other: DatabaseSync;
    beforeEach(() => {
      directory = mkdtempSync(join(tmpdir(), 'write-lock-'));
      other = new DatabaseSync(join(directory, 'other.db'));
      other.exec('PRAGMA journal_mode = WAL; CREATE TABLE u (n INTEGER); BEGIN IMMEDIATE');
      db = new DatabaseSync(join(directory, 'main.db'));
      db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 50; CREATE TABLE t (n INTEGER)');
      db.prepare('ATTACH DATABASE ? AS other').run(join(directory, 'other.db'));
    });
    afterEach(() => {
      db.close();
      other.close();
      rmSync(directory, { recursive: true, force: true });
    });

    it('waits for that lock by default (BEGIN IMMEDIATE locks every attached file)', () => {
      expect(() => writeTransaction(db)(() => db.exec('INSERT INTO t VALUES (1)'))).toThrow(/locked/);
      expect(db.isTransaction).toBe(false);
    });

    it('takes the lock of its own file alone with a writeLock, and reads the other file', () => {
      const transaction = writeTransaction(db, { writeLock: 'DELETE FROM main.t WHERE 0' });
      const read = transaction(() => {
        db.exec('INSERT INTO t VALUES (1)');
        return (db.prepare('SELECT count(*) AS n FROM other.u').get() as { n: number }).n;
      });
      expect([read, count(db)]).toEqual([0, 1]);
    });
  });

  describe('inside a transaction already open', () => {
    it('leaves it open: its writes are committed with it', () => {
      const db = database();
      db.exec('BEGIN IMMEDIATE');
      writeTransaction(db)(() => db.exec('INSERT INTO t VALUES (1)'));
      expect(db.isTransaction).toBe(true);
      db.exec('ROLLBACK');
      expect(count(db)).toBe(0);
    });

    it("undoes only the failed work's writes and rethrows its error", () => {
      const db = database();
      const transaction = writeTransaction(db);
      db.exec('BEGIN IMMEDIATE');
      transaction(() => db.exec('INSERT INTO t VALUES (1)'));
      expect(() =>
        transaction(() => {
          db.exec('INSERT INTO t VALUES (2), (3)');
          throw new Error('refused');
        }),
      ).toThrow('refused');
      expect(db.isTransaction).toBe(true);
      db.exec('COMMIT');
      expect(count(db)).toBe(1);
    });
  });
});
