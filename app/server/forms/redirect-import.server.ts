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

export type ParsedImport = { ok: true; rows: ImportRow[] } | { ok: false; message: string };

/** How a refusal names a row: its line in the file and, when it has one, its address. */
export function rowLabel(line: number, from: string | undefined): string {
  return from ? `Row ${line} (${from})` : `Row ${line}`;
}

/**
 * A CSV file of rules, checked row by row with the form's schema. The first bad row refuses the file,
 * named by its line (the header is line 1). `confirmShadow` is the import form's one confirmation that
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
  if (table === null) return { ok: false, message: "The file could not be read as CSV: a quoted cell is not closed." };
  const lines = table.map((cells, index) => ({ line: index + 1, cells })).filter(({ cells }) => cells.some((cell) => cell.trim() !== ""));
  const [header, ...body] = lines;
  const names = header?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
  const expected = REDIRECT_CSV_HEADER.map((name) => name.toLowerCase());
  const headerOk = names.length >= 3 && names.length <= 4 && names.every((name, i) => name === expected[i]);
  if (!headerOk) return { ok: false, message: `The first line must be the header: ${REDIRECT_CSV_HEADER.join(",")}` };
  if (body.length === 0) return { ok: false, message: "The file has no rules: add a row under the header." };
  if (body.length > MAX_IMPORT_ROWS) {
    return { ok: false, message: `The file has ${body.length} rules; at most ${MAX_IMPORT_ROWS} can be imported at once.` };
  }
  const rows: ImportRow[] = [];
  for (const { line, cells } of body) {
    if (rows.length % ROWS_PER_TURN === ROWS_PER_TURN - 1) yield;
    if (cells.length > names.length) {
      return { ok: false, message: `${rowLabel(line, cells[0]?.trim())}: it has ${cells.length} cells; the header has ${names.length}.` };
    }
    const [from = "", to = "", statusCode = "", note = ""] = cells.map(restoreNeutralised);
    const parsed = redirectSchema.safeParse({ from, to, statusCode, note, confirmShadow });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? "");
      return { ok: false, message: `${rowLabel(line, from.trim())}: ${FIELD_LABELS[field] ?? field}: ${issue.message}` };
    }
    const { version: _version, ...rule } = parsed.data;
    rows.push({ line, rule });
  }
  return { ok: true, rows };
}
