/**
 * CSV as RFC 4180 describes it (CRLF line ends, every cell quoted, quotes doubled), made safe for
 * spreadsheets: a formula can start at the beginning of a cell, or after any character a spreadsheet may
 * split a cell on when it guesses the separator (comma, semicolon, tab, pipe, a line break). Wherever one
 * of =, +, -, @ (or a leading tab or CR) could start a formula, a single quote goes before it, so the text
 * is read as text.
 */

// A quote already there gets one more, so that restoreNeutralised removes exactly the one added here.
const FORMULA_AFTER_SEPARATOR = /(^|[,;\t|\r\n])(?='*[=+\-@])/g;
const CONTROL_START = /^'*[\t\r]/;

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

/** Undoes neutraliseFormulas: the quote it put before a formula character goes (for a file coming back). */
export function restoreNeutralised(text: string): string {
  return text.replace(/^'(?='*[\t\r])/, "").replace(/(^|[,;\t|\r\n])'(?='*[=+\-@])/g, "$1");
}

/**
 * Rows of RFC 4180 CSV (quoted cells may hold commas, quotes doubled, line breaks), with CRLF or LF line
 * ends and an optional byte order mark. Null when a quote is left open.
 */
export function parseCsv(text: string): string[][] | null {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += char;
  }
  if (quoted) return null;
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
