import { maxEntriesPerCommand } from '@fahrplan/contracts';
import type { AccountEntry, FieldError } from '@fahrplan/contracts';
import { chunksOf } from './parseEntriesCsv';

/** An import split into AddAccountEntries commands, each with the Idempotency-Key its retries reuse. */
export interface ImportPlan {
  readonly chunks: readonly AccountEntry[][];
  readonly keys: readonly string[];
  readonly total: number;
}

export const planImport = (
  entries: readonly AccountEntry[],
  newKey: () => string,
  size: number = maxEntriesPerCommand,
): ImportPlan => {
  const chunks = chunksOf(entries, size);
  return { chunks, keys: chunks.map(() => newKey()), total: entries.length };
};

/** How far an import got: the chunks (and their entries) the server accepted. */
export interface ImportProgress {
  readonly chunks: number;
  readonly entries: number;
}

export const noProgress: ImportProgress = { chunks: 0, entries: 0 };

/**
 * Sends the chunks after `from` one by one, in order (a later row with the same key must win), and
 * reports each accepted chunk. A failure stops the loop; calling again with the last progress
 * continues with the failed chunk and its same key, so nothing is appended twice.
 */
export const sendChunks = async (
  plan: ImportPlan,
  from: ImportProgress,
  send: (entries: AccountEntry[], idempotencyKey: string) => Promise<unknown>,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportProgress> => {
  let progress = from;
  for (let i = from.chunks; i < plan.chunks.length; i++) {
    const chunk = plan.chunks[i] ?? [];
    await send(chunk, plan.keys[i] ?? '');
    progress = { chunks: i + 1, entries: progress.entries + chunk.length };
    onProgress(progress);
  }
  return progress;
};

/** A cell of the file the server refused: its spreadsheet row, its column and what the column allows. */
export interface RefusedCell {
  readonly row: number;
  readonly column: string;
  readonly message: string;
}

/**
 * The server's field errors of a refused chunk (`entries.<index>.<column>`) as the file's cells:
 * `offset` is the index of the chunk's first entry, `rows` the spreadsheet row of every entry.
 */
export const refusedCells = (
  errors: readonly FieldError[],
  rows: readonly number[],
  offset: number,
): RefusedCell[] =>
  errors.flatMap(({ field, message }) => {
    const match = /^entries\.(\d+)(?:\.(\w+))?/.exec(field);
    const row = match ? rows[offset + Number(match[1])] : undefined;
    return row === undefined ? [] : [{ row, column: match?.[2] ?? 'row', message }];
  });
