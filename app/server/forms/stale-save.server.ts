import {
  MERGE_CHOICE_PREFIX,
  type MergeChoice,
  type StaleSaveField,
  type StaleSaveMerge,
} from "~/components/admin/form-reply";
import { getRevision } from "~/models/revisions.server";
import { subjectBySection } from "~/server/history/history-subjects.server";

/**
 * A refused stale save keeps what the operator typed and shows it beside the record as it is now, field by
 * field, with the fields both people changed marked; the operator keeps theirs or takes the current value
 * per field (radios `merge.<field>`) and saves again, a plain form post. This module reads the record for
 * the editor's form: now, and at the version the form was loaded with (its kept revision).
 */

/** Where an editor's record is read, and how its form shows it. */
export interface StaleSaveSource<TRecord extends { version: number }> {
  /** The history register's section ("products", "hero"): names the kept revisions and labels the fields. */
  section: string;
  /** The record's id; absent for a settings record (there is one). */
  id?: number;
  /** The record now, uncached; null when it has gone. */
  read: () => Promise<TRecord | null>;
  /** The record as the editor's form holds it (the mapping its loader uses); the record itself by default. */
  formValues?: (record: TRecord) => object;
  /** The fields this form edits when it edits part of the record (an SEO tab); by default the register's. */
  fields?: readonly string[];
  /** What a select's codes (or a picker's image ids) read as, by field; read only when a merge is shown. */
  valueLabels?: ValueLabels | (() => Promise<ValueLabels>);
}

type FormTexts = Record<string, string>;
type ValueLabels = Record<string, Record<string, string>>;

/** A value as a form posts it: text, "on" for a ticked box (nothing for an unticked one), a list one per line. */
function formText(value: unknown): string {
  if (value === null || value === undefined || value === false) return "";
  if (value === true) return "on";
  if (Array.isArray(value)) return value.join("\n");
  return String(value);
}

function formTexts(values: object): FormTexts {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, formText(value)]));
}

/** Two form values that save the same (the schemas trim; a browser posts a textarea's lines with CRLF). */
function sameText(a: string, b: string): boolean {
  const normal = (text: string) => text.replace(/\r\n?/g, "\n").trim();
  return normal(a) === normal(b);
}

type Named = Pick<StaleSaveSource<{ version: number }>, "section" | "fields">;

function subjectOf(source: Named) {
  const subject = subjectBySection(source.section);
  if (!subject) throw new Error(`No history subject "${source.section}"`);
  return subject;
}

/** The form's fields that a merge compares, in the editor's order. */
function mergedFields(source: Named, current: FormTexts): string[] {
  const names = source.fields ?? Object.keys(subjectOf(source).fields);
  return names.filter((name) => name in current);
}

function asForm<TRecord extends { version: number }>(source: StaleSaveSource<TRecord>, record: TRecord): object {
  return source.formValues ? source.formValues(record) : record;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The record at a kept version, in the record's shape: a revision holds its times as ISO text (back to dates
 * where the record has a date, or none), and lacks nothing the record has now (a field it lacks reads as now).
 */
async function recordAt<TRecord extends { version: number }>(
  source: StaleSaveSource<TRecord>,
  now: TRecord,
  version: number,
): Promise<TRecord | null> {
  const kept = await getRevision(subjectOf(source).entity, source.id ?? 1, version);
  if (!kept) return null;
  const record: Record<string, unknown> = { ...now, version };
  for (const [key, value] of Object.entries(kept.values)) {
    const existing = (now as Record<string, unknown>)[key];
    const isTime = typeof value === "string" && (existing instanceof Date || (existing == null && ISO_TIME.test(value)));
    record[key] = isTime ? new Date(value) : value;
  }
  return record as TRecord;
}

/** A form's version field as posted, when it is one. */
function postedVersion(formData: FormData): number | undefined {
  const raw = formData.get("version");
  return typeof raw === "string" && /^\d{1,10}$/.test(raw.trim()) ? Number(raw) : undefined;
}

/**
 * Applies the merge panel's choices to a post, before it is checked: each field chosen "Use current" takes
 * the record's value as the panel showed it (the record now, or its kept version if it changed yet again,
 * in which case the save is refused with a fresh merge). The choices themselves leave the form data.
 */
export async function applyMergeChoices<TRecord extends { version: number }>(
  formData: FormData,
  source: StaleSaveSource<TRecord> | undefined,
): Promise<void> {
  const useCurrent: string[] = [];
  for (const key of [...new Set(formData.keys())]) {
    if (!key.startsWith(MERGE_CHOICE_PREFIX)) continue;
    if (formData.get(key) === "current") useCurrent.push(key.slice(MERGE_CHOICE_PREFIX.length));
    formData.delete(key);
  }
  const version = postedVersion(formData);
  if (!source || useCurrent.length === 0 || version === undefined) return;
  const now = await source.read();
  if (!now) return;
  const shown = now.version === version ? now : ((await recordAt(source, now, version)) ?? now);
  const values = formTexts(asForm(source, shown));
  const fields = new Set(mergedFields(source, values));
  for (const name of useCurrent) {
    if (fields.has(name)) formData.set(name, values[name]!);
  }
}

/**
 * The merge a refused stale save shows: every field where the operator's value (from the post) and the
 * record's differ, marked where both changed it since `loadedVersion`. Undefined when the record has gone.
 */
export async function staleSaveMerge<TRecord extends { version: number }>(
  source: StaleSaveSource<TRecord>,
  posted: Record<string, unknown>,
  loadedVersion: number | undefined,
): Promise<StaleSaveMerge | undefined> {
  const now = await source.read();
  if (!now) return undefined;
  const currentForm = asForm(source, now) as Record<string, unknown>;
  const current = formTexts(currentForm);
  const then = loadedVersion === undefined ? null : await recordAt(source, now, loadedVersion);
  const base = then ? formTexts(asForm(source, then)) : null;
  const labels = subjectOf(source).fields;
  const valueLabelsOf = typeof source.valueLabels === "function" ? await source.valueLabels() : source.valueLabels;

  const fields: StaleSaveField[] = [];
  for (const name of mergedFields(source, current)) {
    const mine = typeof posted[name] === "string" ? (posted[name] as string) : "";
    const theirs = current[name]!;
    if (sameText(mine, theirs)) continue;
    const iChanged = base === null || !sameText(mine, base[name] ?? "");
    const theyChanged = base === null || !sameText(theirs, base[name] ?? "");
    const defaultChoice: MergeChoice = iChanged ? "mine" : "current";
    const checkbox = typeof currentForm[name] === "boolean";
    const valueLabels = checkbox ? { on: "Yes", "": "No" } : valueLabelsOf?.[name];
    fields.push({
      name,
      label: labels[name] ?? name,
      mine,
      current: theirs,
      // Without the kept version nobody can tell who changed what: each side is simply different.
      bothChanged: base !== null && iChanged && theyChanged,
      defaultChoice,
      ...(valueLabels ? { valueLabels } : {}),
    });
  }
  return { version: now.version, fields };
}
