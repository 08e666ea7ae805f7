import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import {
  DomainError,
  importRowsMax,
  isSheetOf,
  problem,
  sheetColumns,
  sheetHeader,
} from '@fahrplan/contracts';
import { onFirstUse } from '@fahrplan/platform';
import type { ProblemCode } from '@fahrplan/contracts';
import type { ImportTable, ImportableSheetKind } from '@fahrplan/contracts';

/**
 * Issue 23: an uploaded file as the rows of its sheet of `kind`, every cell a text. Refused (400,
 * nothing stored) when it is no spreadsheet, a zip that inflates far beyond its size, holds more than
 * `importRowsMax` rows or a formula, or has no sheet whose header row names the kind's name column.
 */

/** The inflated bytes a .xlsx may hold: a 10,000-row file of every column inflates to about 20 MB. */
export const inflatedBytesMax = 128 * 1024 * 1024;
/** How far one entry may inflate beyond its compressed size; sheets compress about 10:1. */
export const inflationRatioMax = 200;
const entriesMax = 1_000;

/** A 400 with the English `detail` and a code (and values) the console says in its language. */
const refused = (
  detail: string,
  code: ProblemCode = 'not-a-spreadsheet',
  params?: Record<string, string | number>,
) => new DomainError('validation', detail, { reason: problem(code, params) });

const zipMagic = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Whether the file is a zip (a .xlsx), else it must be a text (CSV). */
export const isZip = (file: Buffer): boolean => file.subarray(0, 4).equals(zipMagic);

/**
 * Reads the zip's central directory and checks each entry's declared sizes before anything is
 * inflated, then inflates every entry once with yauzl, which stops at an entry whose bytes exceed
 * what it declared: a zip bomb is refused whether it declares its size or lies about it.
 */
export const checkZip = (file: Buffer): Promise<void> =>
  new Promise((resolve, reject) => {
    yauzl.fromBuffer(file, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip)
        return reject(
          refused(`not a spreadsheet: the file is no readable .xlsx (${error?.message ?? 'empty'})`),
        );
      let entries = 0;
      let declared = 0;
      let failed = false;
      const fail = (detail: string, code: ProblemCode = 'not-a-spreadsheet') => {
        if (failed) return;
        failed = true;
        zip.close();
        reject(
          refused(
            detail,
            code,
            code === 'zip-bomb'
              ? { limit: inflatedBytesMax / 1024 / 1024, ratio: inflationRatioMax }
              : undefined,
          ),
        );
      };
      zip.on('error', (e: Error) => fail(`not a spreadsheet: ${e.message}`));
      zip.on('entry', (entry: yauzl.Entry) => {
        entries++;
        declared += entry.uncompressedSize;
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (entries > entriesMax) return fail(`not a spreadsheet: more than ${entriesMax} parts in the zip`);
        if (declared > inflatedBytesMax || (entry.uncompressedSize > 1_000_000 && ratio > inflationRatioMax))
          return fail(
            `a zip bomb: the file would inflate to more than ${Math.round(inflatedBytesMax / 1024 / 1024)} MB or ${inflationRatioMax} times its size`,
            'zip-bomb',
          );
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream)
            return fail(`not a spreadsheet: ${streamError?.message ?? 'unreadable part'}`);
          stream.on('error', (e: Error) => fail(`a zip bomb or a broken zip: ${e.message}`, 'zip-bomb'));
          stream.on('end', () => zip.readEntry());
          stream.resume();
        });
      });
      zip.on('end', () => {
        if (!failed) resolve();
      });
      zip.readEntry();
    });
  });

const two = (n: number) => String(n).padStart(2, '0');

/** exceljs, loaded with the first .xlsx upload rather than at start. */
const exceljs = onFirstUse<typeof ExcelJS>(require, 'exceljs');

/** A cell of exceljs as the text it shows; a formula refuses the whole file. */
const cellText = (value: ExcelJS.CellValue, where: string): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date)
    return `${two(value.getUTCDate())}.${two(value.getUTCMonth() + 1)}.${value.getUTCFullYear()}`;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if ('formula' in value || 'sharedFormula' in value)
    throw refused(
      `formulas are not imported: cell ${where} holds one (paste its values instead)`,
      'formula-in-file',
      {
        cell: where,
      },
    );
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return String(value.text);
  if ('error' in value) return '';
  return '';
};

const tooManyRows = () =>
  refused(
    `more than ${importRowsMax.toLocaleString('en-US')} rows: split the file (one import takes at most ${importRowsMax.toLocaleString('en-US')})`,
    'too-many-rows',
    { limit: importRowsMax },
  );

const wrongSheet = (kind: ImportableSheetKind) => {
  const name = sheetColumns[kind][1]!.key;
  return refused(
    `wrong sheet: no sheet of ${kind} in the file (its header row must name the column ${sheetHeader(name, 'en')} in any language)`,
    'wrong-sheet',
    { column: sheetHeader(name, 'en') },
  );
};

/** The sheet of `kind` in a .xlsx, streamed: reading stops once the file holds too many rows. */
const readXlsx = async (kind: ImportableSheetKind, file: Buffer): Promise<ImportTable> => {
  await checkZip(file);
  const reader = new (exceljs().stream.xlsx.WorkbookReader)(Readable.from([file]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'emit',
  });
  let found: ImportTable | null = null;
  try {
    for await (const sheet of reader) {
      let headers: string[] | null = null;
      const rows: string[][] = [];
      let firstRow = 2;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1);
        const cells = values.map((value, i) => cellText(value, `${columnName(i)}${row.number}`));
        if (headers === null) {
          if (cells.every((cell) => cell.trim() === '')) continue;
          headers = cells;
          firstRow = row.number + 1;
          if (!isSheetOf(kind, headers)) break;
          continue;
        }
        // blank rows between are kept as rows (their numbers count), trailing ones dropped below
        while (rows.length < row.number - firstRow) rows.push([]);
        rows.push(cells);
        if (rows.length > importRowsMax) throw tooManyRows();
      }
      if (found === null && headers !== null && isSheetOf(kind, headers))
        found = { headers, rows: trimmed(rows), firstRow };
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'DomainError') throw error;
    throw refused(`not a spreadsheet: ${(error as Error).message}`);
  }
  if (!found) throw wrongSheet(kind);
  return found;
};

const columnName = (index: number): string => {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

/** Rows without any text at the end of the sheet are no rows. */
const trimmed = (rows: string[][]): string[][] => {
  let end = rows.length;
  while (end > 0 && rows[end - 1]!.every((cell) => cell.trim() === '')) end--;
  return rows.slice(0, end);
};

/** A CSV in UTF-8 (BOM optional), separated by `;`, `,` or tabs (detected). */
const readCsv = (kind: ImportableSheetKind, file: Buffer): ImportTable => {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw refused('not a spreadsheet: the file is neither a .xlsx nor a CSV in UTF-8');
  }
  if (text.includes('\u0000')) throw refused('not a spreadsheet: the file is neither a .xlsx nor a CSV text');
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimitersToGuess: [';', ',', '\t'],
    skipEmptyLines: 'greedy',
    // the header, the rows allowed, and one more to know there are too many
    preview: importRowsMax + 2,
  });
  const [headers, ...rows] = parsed.data;
  if (!headers || !isSheetOf(kind, headers)) throw wrongSheet(kind);
  if (rows.length > importRowsMax) throw tooManyRows();
  const broken = parsed.errors.find((e) => e.type === 'Quotes');
  if (broken) throw refused(`not a readable CSV: ${broken.message} in row ${(broken.row ?? 0) + 2}`);
  return { headers, rows, firstRow: 2 };
};

export const readSheet = (kind: ImportableSheetKind, file: Buffer): Promise<ImportTable> | ImportTable =>
  isZip(file) ? readXlsx(kind, file) : readCsv(kind, file);
