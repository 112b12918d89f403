import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { getRevision, listRevisions, previousRevision, type Revision } from "~/models/revisions.server";
import { actorOf, requireAdminPage } from "~/server/auth/auth.server";
import {
  ADMIN_CACHE_HEADERS,
  beginAdminWrite,
  failureToast,
  notFound,
  STALE_FORM_MESSAGE,
  successToast,
} from "~/server/forms/admin-action.server";
import { readFormData } from "~/server/forms/form-data.server";
import { redirectWithToast } from "~/server/forms/toast.server";
import { RETRY_AFTER_SECONDS } from "~/server/http/error-response.server";
import { ADMIN_SCREENS } from "~/utils/admin-screens";
import type {
  FieldDifference,
  HistoryRecordView,
  RestoreProblem,
  VersionDifferenceView,
  VersionSummary,
} from "~/components/admin/history/history-views";
import { diffLines, diffWords, formatDiffValue, isLongText, sharesWords, withWordChanges } from "~/utils/line-diff";
import { mediaImagesById } from "~/models/media.server";
import type { Crumb } from "~/utils/seo";
import { formatLondonDateTime } from "~/utils/london-time";
import { describeDatabaseError, isDatabaseUnavailable } from "~db/errors.server";
import { subjectBySection, type CurrentRecord, type HistorySubject } from "./history-subjects.server";

/**
 * The admin's history screens: a record's versions, one version against the one before it, and restoring
 * one (a confirmation page, then a form post). The same loaders serve settings (`/admin/hero/history`) and
 * records (`/admin/products/7/history`), one route each with an optional id; the register says which a section is.
 */

/** Who saved a version; the baseline kept when history began has nobody. */
export const BASELINE_AUTHOR = "Recorded when history began";
export const RESTORE_FAILED = "Failed to restore this version. Please try again.";

interface HistoryParams {
  section?: string;
  id?: string;
  version?: string;
}

interface Located {
  subject: HistorySubject;
  id: string;
  current: CurrentRecord;
  view: HistoryRecordView;
}

/** The subject, record and its current version a URL names, or a 404 (a deleted record's too: see the trash). */
async function locate(params: HistoryParams): Promise<Located> {
  const subject = subjectBySection(params.section);
  // Settings have no id in their URL and records always have one: /admin/hero/1/history is not a page.
  if (!subject || subject.single !== (params.id === undefined)) throw notFound();
  const id = subject.parseId(params.id);
  if (id === null) throw notFound();
  const current = await subject.current(id);
  if (!current) throw notFound();
  const editorUrl = subject.editorUrl(id);
  const historyUrl = subject.historyUrl(id);
  const label = subject.single ? subject.noun : current.label;
  const screen = ADMIN_SCREENS.find((candidate) => candidate.href === `/admin/${subject.section}`);
  const crumbs: Crumb[] = [
    ...(subject.single || !screen ? [] : [{ label: screen.label, path: screen.href }]),
    { label, path: editorUrl },
    { label: "History", path: historyUrl },
  ];
  return { subject, id, current, view: { noun: subject.noun, label, editorUrl, historyUrl, currentVersion: current.version, crumbs } };
}

function versionParam(raw: string | undefined): number {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw notFound();
  return Number(raw);
}

async function locateVersion(params: HistoryParams): Promise<Located & { revision: Revision }> {
  const located = await locate(params);
  const revision = await getRevision(located.subject.entity, located.id, versionParam(params.version));
  if (!revision) throw notFound();
  return { ...located, revision };
}

/** The labels of the fields the register shows, in its order, that satisfy `keep`. */
function labelsOf(subject: HistorySubject, keep: (field: string) => boolean): string[] {
  return Object.entries(subject.fields)
    .filter(([field]) => keep(field))
    .map(([, label]) => label);
}

function summarise(located: Located, revision: Revision): Omit<VersionSummary, "url"> {
  const changed = new Set(revision.changedFields);
  return {
    version: revision.version,
    who: revision.actorEmail === "" ? BASELINE_AUTHOR : revision.actorEmail,
    at: revision.createdAt.toISOString(),
    when: formatLondonDateTime(revision.createdAt),
    changed: labelsOf(located.subject, (field) => changed.has(field)),
    note: revision.note,
    current: revision.version === located.current.version,
  };
}

const versionUrl = (located: Located, version: number) => `${located.view.historyUrl}/${version}`;

function canRestore(located: Located, revision: Revision): boolean {
  return located.subject.restore !== null && revision.version !== located.current.version;
}

/** `/admin/{section}[/{id}]/history`: the versions kept, newest first. */
export async function historyListLoader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const located = await locate(params);
  const revisions = await listRevisions(located.subject.entity, located.id);
  return data(
    {
      record: located.view,
      versions: revisions.map((revision): VersionSummary => ({ ...summarise(located, revision), url: versionUrl(located, revision.version) })),
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Fields that hold a media library image's id: shown by the image's alt text, as the picker names it. */
const MEDIA_FIELDS = new Set(["coverImageId", "ogImageId", "logoImageId"]);

/** The labels of the images the two versions' media fields name (an image since deleted is said to be). */
async function mediaLabels(subject: HistorySubject, revisions: (Revision | null)[]): Promise<Record<string, string>> {
  const ids = revisions.flatMap((revision) =>
    Object.keys(subject.fields)
      .filter((field) => MEDIA_FIELDS.has(field))
      .map((field) => revision?.values[field])
      .filter((value): value is number => typeof value === "number"),
  );
  const labels: Record<string, string> = { "": "None" };
  if (!ids.length) return labels;
  const images = await mediaImagesById(ids);
  for (const id of ids) labels[String(id)] = images.get(id)?.alt ?? `Image ${id} (no longer in the media library)`;
  return labels;
}

/** Field by field, the register's fields only: changed ones first; values in the editor's words, changes word by word. */
async function compare(subject: HistorySubject, before: Revision | null, after: Revision): Promise<FieldDifference[]> {
  const images = await mediaLabels(subject, [before, after]);
  const wordsOf = (old: string, now: string) => {
    const segments = diffWords(old, now);
    return segments && sharesWords(segments) ? segments : null;
  };
  const fields = Object.entries(subject.fields).map(([field, label]): FieldDifference => {
    const labels = MEDIA_FIELDS.has(field) ? images : subject.valueLabels[field];
    const old = before ? formatDiffValue(before.values[field], labels) : null;
    const now = formatDiffValue(after.values[field], labels);
    const changed = before !== null && !same(before.values[field], after.values[field]);
    const long = old !== null && changed && (isLongText(old) || isLongText(now));
    return {
      field,
      label,
      changed,
      before: old,
      after: now,
      lines: long ? withWordChanges(diffLines(old, now)) : null,
      // Codes and images read as names: a change of name is shown whole, not word by word.
      words: old !== null && changed && !long && !labels ? wordsOf(old, now) : null,
    };
  });
  return [...fields.filter((field) => field.changed), ...fields.filter((field) => !field.changed)];
}

/** `/admin/.../history/{version}`: that version against the one kept before it. */
export async function versionDifferenceLoader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const located = await locateVersion(params);
  const { subject, id, revision } = located;
  const previous = await previousRevision(subject.entity, id, revision.version);
  const difference: VersionDifferenceView = {
    ...summarise(located, revision),
    previousVersion: previous?.version ?? null,
    fields: await compare(subject, previous, revision),
    restoreUrl: canRestore(located, revision) ? `${versionUrl(located, revision.version)}/restore` : null,
  };
  const crumbs = [...located.view.crumbs, { label: `Version ${revision.version}`, path: versionUrl(located, revision.version) }];
  return data({ record: { ...located.view, crumbs }, difference }, { headers: ADMIN_CACHE_HEADERS });
}

async function restoreTarget(params: HistoryParams) {
  const located = await locateVersion(params);
  if (!located.subject.restore) throw notFound();
  const url = versionUrl(located, located.revision.version);
  const crumbs = [
    ...located.view.crumbs,
    { label: `Version ${located.revision.version}`, path: url },
    { label: "Restore", path: `${url}/restore` },
  ];
  return { ...located, versionUrl: url, crumbs };
}

/** `/admin/.../history/{version}/restore` (GET): the question, with the version the record is at now. */
export async function restoreConfirmationLoader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const target = await restoreTarget(params);
  return data(
    {
      record: { ...target.view, crumbs: target.crumbs },
      version: target.revision.version,
      versionUrl: target.versionUrl,
      isCurrent: target.revision.version === target.current.version,
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

function problem(body: RestoreProblem, status: number, headers?: HeadersInit) {
  return data(body, { status, headers: { ...ADMIN_CACHE_HEADERS, ...headers } });
}

/**
 * `/admin/.../history/{version}/restore` (POST): writes the version's values as a new version, checked like
 * a save against the version the confirmation page showed. Success goes back to the history with a toast;
 * a refusal shows the confirmation page again with the reason.
 */
export async function restoreVersionAction({ request, context, params }: ActionFunctionArgs) {
  const { user, limited } = await beginAdminWrite(request, context);
  const target = await restoreTarget(params);
  const restoreUrl = `${target.versionUrl}/restore`;
  if (limited) return redirectWithToast(restoreUrl, failureToast(RATE_LIMIT_MESSAGE));

  const formData = await readFormData(request);
  const expected = String(formData.get("expectedVersion") ?? "");
  if (!/^(0|[1-9]\d{0,9})$/.test(expected) || Number(expected) > 2_147_483_647) {
    return problem({ kind: "form", message: STALE_FORM_MESSAGE }, 400);
  }

  const version = target.revision.version;
  let outcome;
  try {
    outcome = await target.subject.restore!(target.id, version, actorOf(user), Number(expected));
  } catch (error) {
    const unavailable = isDatabaseUnavailable(error);
    console.error(`[admin] ${RESTORE_FAILED}`, unavailable ? describeDatabaseError(error) : error);
    return problem(
      { kind: "failed", message: RESTORE_FAILED, toast: failureToast(RESTORE_FAILED) },
      unavailable ? 503 : 500,
      unavailable ? { "Retry-After": RETRY_AFTER_SECONDS } : undefined,
    );
  }

  if (outcome.ok) return redirectWithToast(target.view.historyUrl, successToast(`Version ${version} restored.`));
  switch (outcome.reason) {
    case "conflict": {
      const now = await target.subject.current(target.id);
      if (!now) throw notFound();
      return problem({ kind: "conflict", message: outcome.message, currentVersion: now.version }, 409);
    }
    case "invalid":
      return problem({ kind: "invalid", message: `This version can't be restored: ${outcome.message}` }, 400);
    case "not_found":
      throw notFound();
  }
}
