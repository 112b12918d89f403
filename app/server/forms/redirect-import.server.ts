import type { ImportRow } from "~/models/redirects.server";
import { redirectSchema } from "~/schemas/redirect";
import { parseCsv, restoreNeutralised } from "~/utils/csv";

/** The columns of a redirects CSV, in order (note may be left out). */
export const REDIRECT_CSV_HEADER = ["from", "to", "statusCode", "note"] as const;

/** More rows than this in one file are refused: split the file. */
export const MAX_IMPORT_ROWS = 5_000;

const FIELD_LABELS: Record<string, string> = {
  from: "From",
  to: "To",
  statusCode: "Status",
  note: "Note",
  confirmShadow: "Replace this page",
};

/** One refused row: its line in the file and why, already worded ("Row 4 (/admin/old): From: ..."). */
export interface RowProblem {
  line: number;
  message: string;
}

/**
 * A file read: its rows, or why not. A file that is not a table of rules at all has one `message`; a table
 * whose rows are refused has every refused row in `problems` (and `message` says how many).
 */
export type ParsedImport = { ok: true; rows: ImportRow[] } | { ok: false; message: string; problems: RowProblem[] };

function refused(message: string): ParsedImport {
  return { ok: false, message, problems: [] };
}

/** How a refusal names a row: its line in the file and, when it has one, its address. */
export function rowLabel(line: number, from: string | undefined): string {
  return from ? `Row ${line} (${from})` : `Row ${line}`;
}

/**
 * A CSV file of rules, checked row by row with the form's schema. Any bad row refuses the file; every bad
 * row is named by its line (the header is line 1) with why. `confirmShadow` is the import form's one confirmation that
 * rows may replace pages of the site.
 */
export function parseRedirectCsv(text: string, confirmShadow: boolean): ParsedImport {
  const steps = checkRedirectCsv(text, confirmShadow);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/** Rows checked between turns of the event loop: visitors' requests are answered while a big file is read. */
const ROWS_PER_TURN = 250;

/** parseRedirectCsv for the import form: the same answer, letting other requests in every few hundred rows. */
export async function readRedirectCsv(text: string, confirmShadow: boolean): Promise<ParsedImport> {
  const steps = checkRedirectCsv(text, confirmShadow);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The check itself, pausing (yielding) after each ROWS_PER_TURN rows. */
function* checkRedirectCsv(text: string, confirmShadow: boolean): Generator<void, ParsedImport, void> {
  const table = parseCsv(text);
  if (table === null) return refused("The file could not be read as CSV: a quoted cell is not closed.");
  const lines = table.map((cells, index) => ({ line: index + 1, cells })).filter(({ cells }) => cells.some((cell) => cell.trim() !== ""));
  const [header, ...body] = lines;
  const names = header?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
  const expected = REDIRECT_CSV_HEADER.map((name) => name.toLowerCase());
  const headerOk = names.length >= 3 && names.length <= 4 && names.every((name, i) => name === expected[i]);
  if (!headerOk) return refused(`The first line must be the header: ${REDIRECT_CSV_HEADER.join(",")}`);
  if (body.length === 0) return refused("The file has no rules: add a row under the header.");
  if (body.length > MAX_IMPORT_ROWS) {
    return refused(`The file has ${body.length} rules; at most ${MAX_IMPORT_ROWS} can be imported at once.`);
  }
  const rows: ImportRow[] = [];
  const problems: RowProblem[] = [];
  for (const [index, { line, cells }] of body.entries()) {
    if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) yield;
    if (cells.length > names.length) {
      problems.push({ line, message: `${rowLabel(line, cells[0]?.trim())}: it has ${cells.length} cells; the header has ${names.length}.` });
      continue;
    }
    const [from = "", to = "", statusCode = "", note = ""] = cells.map(restoreNeutralised);
    const parsed = redirectSchema.safeParse({ from, to, statusCode, note, confirmShadow });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? "");
      problems.push({ line, message: `${rowLabel(line, from.trim())}: ${FIELD_LABELS[field] ?? field}: ${issue.message}` });
      continue;
    }
    const { version: _version, ...rule } = parsed.data;
    rows.push({ line, rule });
  }
  if (problems.length > 0) {
    const count = problems.length === 1 ? "1 row was" : `${problems.length} rows were`;
    return { ok: false, message: `${count} refused, so nothing was imported: correct ${problems.length === 1 ? "it" : "them"} and import the file again.`, problems };
  }
  return { ok: true, rows };
}
