/**
 * CSV as RFC 4180 describes it (CRLF line ends; a field with a comma, quote, CR or LF is quoted, quotes
 * doubled), with one addition for spreadsheets: a cell that starts with =, +, -, @, a tab or a CR could be
 * run as a formula when the file is opened, so it is prefixed with a single quote and read as text.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean | Date | null | undefined;

export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
