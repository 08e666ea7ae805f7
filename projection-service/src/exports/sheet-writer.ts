import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { sheetCsvSeparator } from '@fahrplan/contracts';
import type { SheetFormat } from '@fahrplan/contracts';
import { onFirstUse } from '@fahrplan/platform';
import { FORMULA } from '../http/csv';
import { csvCell } from './sheet-rows';
import type { SheetCell, SheetLayout } from './sheet-rows';

/** Writes one sheet to a stream, a page of rows at a time, waiting while the stream is full. */
export interface SheetWriter {
  rows(rows: readonly SheetCell[][]): Promise<void>;
  end(): Promise<void>;
}

/** Whether `out` asked to be drained; archiver's streams (readable-stream 2) say so only in their state. */
const needsDrain = (out: Writable): boolean =>
  out.writableNeedDrain ??
  (out as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain ??
  false;

/**
 * Waits until `out` takes more: pages are read only as fast as the client downloads. A stream between
 * the rows and the client stops waiting when the `response` closes too (a client gone drains nothing).
 */
const drained = (out: Writable, response: Writable = out): Promise<void> =>
  new Promise((resolve) => {
    if (!needsDrain(out) || out.destroyed || response.destroyed) return resolve();
    // every listener goes once one fires: a page after another must not pile them up
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      response.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
    response.on('close', done);
  });

/**
 * The streams exceljs' sheet hands its XML to: its `StreamBuf` writes each 64 KiB buffer on to the zip
 * (a PassThrough archiver reads into its deflate) without heeding `write()`'s answer, so nothing holds
 * the rows back while the deflate is slower than they come (a loaded machine: +250 MiB of queued
 * buffers at 100,000 rows). Waiting for these to drain is the backpressure exceljs leaves out. Not in
 * exceljs' types: none found (another version) leaves only the response's own backpressure.
 */
const sheetPipes = (sheet: ExcelJS.Worksheet): Writable[] =>
  (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes ?? [];

/** exceljs, loaded with the first .xlsx download rather than at start. */
const exceljs = onFirstUse<typeof ExcelJS>(require, 'exceljs');

/** Width of a column in characters: the header's, within bounds (the rows are not held to measure). */
const widthOf = (header: string) => Math.min(40, Math.max(10, header.length + 2));

/**
 * An .xlsx written by exceljs' streaming writer: each row is committed (serialised and let go) as it
 * comes, strings inline rather than in a shared table (which would grow with the file), the `id`
 * column hidden, dates as date cells shown dd.mm.yyyy.
 */
const xlsxWriter = (out: Writable, name: string, layout: SheetLayout): SheetWriter => {
  const workbook = new (exceljs().stream.xlsx.WorkbookWriter)({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = layout.columns.map((column, i) => ({
    header: layout.headers[i],
    key: column.key,
    width: widthOf(layout.headers[i]!),
    hidden: column.cell === 'id',
    ...(column.cell === 'date' ? { style: { numFmt: 'dd.mm.yyyy' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  return {
    async rows(rows) {
      for (const cells of rows) sheet.addRow(cells).commit();
      for (const pipe of sheetPipes(sheet)) await drained(pipe, out);
      await drained(out);
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
};

/**
 * CSV as `sheetCsvSeparator` says (UTF-8 with a byte order mark, `;`, CRLF); cells a spreadsheet would
 * run as a formula get a leading apostrophe (OWASP CSV injection), as the other CSV downloads do.
 */
const csvWriter = (out: Writable, layout: SheetLayout): SheetWriter => {
  const lines = (rows: readonly (readonly string[])[]) =>
    `${Papa.unparse(rows as string[][], {
      delimiter: sheetCsvSeparator,
      newline: '\r\n',
      escapeFormulae: FORMULA,
    })}\r\n`;
  out.write(`\uFEFF${lines([[...layout.headers]])}`);
  return {
    async rows(rows) {
      if (rows.length === 0) return;
      out.write(lines(rows.map((cells) => cells.map(csvCell))));
      await drained(out);
    },
    async end() {
      await new Promise<void>((resolve) => out.end(resolve));
    },
  };
};

/** Resolves once `out` is closed: finished, or destroyed because its client went away. */
const closed = (out: Writable): Promise<void> =>
  new Promise((resolve) => (out.closed || out.destroyed ? resolve() : out.once('close', () => resolve())));

/**
 * A writer of `format` to `out`: one sheet named `name`. Its end also comes when the client went away:
 * ending a destroyed stream never calls back, and an export that never ended would keep its user's
 * one export (429) until a restart.
 */
export const sheetWriter = (
  format: SheetFormat,
  out: Writable,
  name: string,
  layout: SheetLayout,
): SheetWriter => {
  const writer = format === 'xlsx' ? xlsxWriter(out, name, layout) : csvWriter(out, layout);
  return { rows: (rows) => writer.rows(rows), end: () => Promise.race([writer.end(), closed(out)]) };
};
