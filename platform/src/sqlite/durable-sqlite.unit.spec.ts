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

  it('rolls the writes back when the work fails, and rethrows its error', () => {
    const db = database();
    const failure = new Error('refused');
    expect(() =>
      writeTransaction(db)(() => {
        db.exec('INSERT INTO t VALUES (1)');
        throw failure;
      }),
    ).toThrow(failure);
    expect(count(db)).toBe(0);
    expect(db.isTransaction).toBe(false);
  });

  it('rethrows the original error when SQLite rolled back already', () => {
    const db = database();
    const failure = new Error('disk I/O error');
    expect(() =>
      writeTransaction(db)(() => {
        db.exec('ROLLBACK');
        throw failure;
      }),
    ).toThrow(failure);
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
});
