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
