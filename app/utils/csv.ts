/**
 * CSV as RFC 4180 describes it (CRLF line ends, every cell quoted, quotes doubled), made safe for
 * spreadsheets: a formula can start at the beginning of a cell, or after any character a spreadsheet may
 * split a cell on when it guesses the separator (comma, semicolon, tab, pipe, a line break). Wherever one
 * of =, +, -, @ (or a leading tab or CR) could start a formula, a single quote goes before it, so the text
 * is read as text.
 */

const FORMULA_AFTER_SEPARATOR = /(^|[,;\t|\r\n])(?=[=+\-@])/g;
const CONTROL_START = /^[\t\r]/;

export type CsvValue = string | number | boolean | Date | null | undefined;

/** Text that no spreadsheet will run, however it splits the cell. */
export function neutraliseFormulas(text: string): string {
  const neutral = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return CONTROL_START.test(neutral) ? `'${neutral}` : neutral;
}

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '""';
  if (typeof value === "number" || typeof value === "boolean") return `"${String(value)}"`;
  const text = value instanceof Date ? value.toISOString() : neutraliseFormulas(value);
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(row: readonly CsvValue[]): string {
  return `${row.map(csvCell).join(",")}\r\n`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map(csvRow).join("");
}
