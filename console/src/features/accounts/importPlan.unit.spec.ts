import { describe, expect, it } from '@jest/globals';
import type { AccountEntry } from '@fahrplan/contracts';
import { noProgress, planImport, refusedCells, sendChunks } from './importPlan';
import type { ImportProgress } from './importPlan';

const entries = (count: number): AccountEntry[] =>
  Array.from({ length: count }, (_, i) => ({
    sicht: `S${i}`,
    periode: null,
    amount: i,
    projekt: null,
    typ: null,
    gruppe: null,
  }));

const counter = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe('planImport', () => {
  it('gives every chunk its own key', () => {
    const plan = planImport(entries(5), counter(), 2);
    expect(plan.chunks.map((c) => c.length)).toEqual([2, 2, 1]);
    expect(plan.keys).toEqual(['key-1', 'key-2', 'key-3']);
    expect(plan.total).toBe(5);
  });

  it('plans no command for no entries', () => {
    expect(planImport([], counter())).toEqual({ chunks: [], keys: [], total: 0 });
  });
});

describe('sendChunks', () => {
  it('sends the chunks in order and reports the progress after each', async () => {
    const plan = planImport(entries(5), counter(), 2);
    const sent: [string[], string][] = [];
    const reported: ImportProgress[] = [];
    const result = await sendChunks(
      plan,
      noProgress,
      async (chunk, key) => void sent.push([chunk.map((e) => e.sicht), key]),
      (p) => reported.push(p),
    );
    expect(sent).toEqual([
      [['S0', 'S1'], 'key-1'],
      [['S2', 'S3'], 'key-2'],
      [['S4'], 'key-3'],
    ]);
    expect(reported).toEqual([
      { chunks: 1, entries: 2 },
      { chunks: 2, entries: 4 },
      { chunks: 3, entries: 5 },
    ]);
    expect(result).toEqual({ chunks: 3, entries: 5 });
  });

  it('stops at a failed chunk; the retry continues there with the same key', async () => {
    const plan = planImport(entries(5), counter(), 2);
    const keys: string[] = [];
    let progress = noProgress;
    let failNext = false;
    const send = async (_chunk: AccountEntry[], key: string) => {
      keys.push(key);
      if (key === 'key-2' && !failNext) {
        failNext = true;
        throw new Error('503 Service Unavailable');
      }
    };
    await expect(sendChunks(plan, progress, send, (p) => (progress = p))).rejects.toThrow('503');
    expect(progress).toEqual({ chunks: 1, entries: 2 });
    await expect(sendChunks(plan, progress, send, (p) => (progress = p))).resolves.toEqual({
      chunks: 3,
      entries: 5,
    });
    expect(keys).toEqual(['key-1', 'key-2', 'key-2', 'key-3']);
  });
});

describe('refusedCells', () => {
  const rows = [2, 3, 5, 6, 9];

  it("names the file's row and column of each entry the server refused, counting from the chunk", () =>
    expect(
      refusedCells(
        [
          { field: 'entries.0.amount', message: 'a number between …' },
          { field: 'entries.1.sicht', message: 'required' },
        ],
        rows,
        2,
      ),
    ).toEqual([
      { row: 5, column: 'amount', message: 'a number between …' },
      { row: 6, column: 'sicht', message: 'required' },
    ]));

  it('names the whole row when no column is given, and leaves out what is not an entry', () =>
    expect(
      refusedCells(
        [
          { field: 'entries.4', message: 'unknown field' },
          { field: 'accountId', message: 'required' },
          { field: 'entries.9.amount', message: 'beyond the file' },
        ],
        rows,
        0,
      ),
    ).toEqual([{ row: 9, column: 'row', message: 'unknown field' }]));
});
