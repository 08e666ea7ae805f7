import Papa from 'papaparse';

/**
 * Cells a spreadsheet would run as a formula (OWASP CSV injection) get a leading apostrophe; plain
 * negative numbers stay as they are.
 */
export const FORMULA = /^(?!-\d+(\.\d+)?$)[=+\-@\t\r]/;

/**
 * A CSV download of `rows` (their keys the header): CRLF lines, formulas defused, with a byte order
 * mark so that spreadsheet programs read the umlauts as UTF-8.
 */
export const csvText = (rows: readonly object[], fields?: readonly string[]): string =>
  `\uFEFF${Papa.unparse(fields ? { fields: [...fields], data: rows as object[] } : (rows as object[]), {
    newline: '\r\n',
    escapeFormulae: FORMULA,
  })}\r\n`;
