import { data, type AppLoadContext } from "@remix-run/node";
import type { ZodType } from "zod";
import type { Actor, WriteResult } from "~/models/actor";
import { now } from "~/models/clock.server";
import { createPreviewLink, deletePreviewLink, listPreviewLinks, type PreviewKind } from "~/models/preview-links.server";
import { publicationState, type Publication, type PublicationState } from "~/models/publication.server";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { actorOf } from "~/server/auth/auth.server";
import { getConfig } from "~/server/config.server";
import { formatLondonDate, formatLondonDateTime, toLondonLocal } from "~/utils/london-time";
import {
  ADMIN_CACHE_HEADERS,
  beginAdminWrite,
  failureToast,
  handleAdminForm,
  successToast,
} from "./admin-action.server";
import { readFormData } from "./form-data.server";
import type { StaleSaveSource } from "./stale-save.server";
import { redirectWithToast } from "./toast.server";
import { renderOffThread } from "~/server/site/render-off-thread.server";

/** Posts and roles: what their editors' answers call them ("Post published successfully!"). */
export type PublishingNoun = "Post" | "Role";

/** Where a record stands, as the lists and editors show it: "Scheduled for 01 December 2026, 09:30 GMT". */
export interface PublicationStatusView {
  state: PublicationState;
  label: string;
  /** The time the label names (ISO), for <time>. */
  at: string | null;
}

export function publicationStatusView(row: Publication & { closesAt?: Date | null }, at: Date = now()): PublicationStatusView {
  const state = publicationState(row, at);
  switch (state) {
    case "draft":
      return { state, label: "Draft", at: null };
    case "scheduled":
      return { state, label: `Scheduled for ${formatLondonDateTime(row.publishedAt!)}`, at: row.publishedAt!.toISOString() };
    case "published":
      return { state, label: `Published ${formatLondonDate(row.publishedAt!)}`, at: row.publishedAt!.toISOString() };
    case "closed":
      return { state, label: `Closed on ${formatLondonDate(row.closesAt!)}`, at: row.closesAt!.toISOString() };
  }
}

/** A list's `?state=` filter; anything else is no filter. */
export function stateFilter(value: string | null, allowed: readonly PublicationState[]): PublicationState | null {
  return allowed.find((state) => state === value) ?? null;
}

/** A time as a datetime-local field shows it (London time), or blank. */
export const localField = (date: Date | null) => (date ? toLondonLocal(date) : "");

/** The toast a save earns, from what the record was and what it is now. */
export function saveMessage(noun: PublishingNoun, before: Publication | null, after: Publication): string {
  const at = now();
  const was = before ? publicationState(before, at) : null;
  const is = publicationState(after, at);
  if (is === "scheduled") return `${noun} scheduled successfully!`;
  if (is === "draft") {
    if (!before) return `${noun} created successfully!`;
    return was === "draft" ? `${noun} saved as draft.` : `${noun} unpublished successfully!`;
  }
  if (was === "published" || was === "closed") return `${noun} updated successfully!`;
  return `${noun} published successfully!`;
}

/**
 * Said after a save's message when the body's headings skip a level (the save still went ahead): what a
 * screen reader's reader would take for a missing section.
 */
export async function headingWarning(body: unknown): Promise<string> {
  const skips = typeof body === "string" ? await renderOffThread("headingSkips", body) : [];
  if (!skips.length) return "";
  return ` Check the headings: ${skips.join("; ")}. A level is skipped; use one more # at a time.`;
}

/** The editor's answer when it does not redirect: the preview link just made, or why none was. */
export interface PreviewReply {
  intent: "create-preview";
  previewUrl: string | null;
  error: string | null;
}

/** The preview links panel of an editor: the links that still work. */
export async function previewLinksView(kind: PreviewKind, id: number) {
  const links = await listPreviewLinks(kind, id);
  return links.map((link) => ({
    id: link.id,
    createdBy: link.createdBy,
    expiresAt: link.expiresAt.toISOString(),
    expires: formatLondonDateTime(link.expiresAt),
  }));
}

interface SaveOptions<TRecord extends Publication & { id: number; version: number }, TValue extends { version?: number }> {
  request: Request;
  context: AppLoadContext;
  noun: PublishingNoun;
  schema: ZodType<TValue>;
  listUrl: string;
  /** The record being edited (null when creating). */
  before: TRecord | null;
  write: (value: Omit<TValue, "version">, actor: Actor, version: number | undefined) => Promise<WriteResult<TRecord>>;
  /** The record being edited, for the merge a refused stale save shows (see handleAdminForm). */
  current?: StaleSaveSource<TRecord>;
}

/**
 * Save draft, Publish / Schedule and Unpublish: handleAdminForm's checks and answers, with a message that
 * says what the save did and a return to the record's editor (a long form an operator keeps working on).
 */
export async function handlePublishingSave<
  TRecord extends Publication & { id: number; version: number },
  TValue extends { version?: number },
>(
  options: SaveOptions<TRecord, TValue>,
) {
  const { noun } = options;
  const pressed = (await readFormData(options.request.clone())).get("status");
  let saved: TRecord | null = null;
  let warning = "";
  return handleAdminForm({
    request: options.request,
    context: options.context,
    schema: options.schema,
    current: options.current,
    notFoundUrl: options.listUrl,
    failureMessage: `Failed to ${pressed === "published" ? "publish" : "save"} ${noun.toLowerCase()}. Please try again.`,
    write: async (value, actor, version) => {
      const input = value as typeof value & { status?: string; publishAt?: Date | null };
      const outcome = await options.write(input, actor, version);
      if (outcome.ok) {
        saved = outcome.record;
        // Advice only, asked once the save is committed: a failed check must not make the save look failed.
        warning = await headingWarning((saved as { body?: unknown }).body).catch(() => "");
      }
      return outcome;
    },
    // Read only after a successful write, so they can name the record and what the save did to it.
    get successUrl() {
      // A new promotion waiting for approval has no record yet (id 0): the list, where it appears once approved.
      return saved && saved.id > 0 ? `${options.listUrl}/${saved.id}/edit` : options.listUrl;
    },
    get successMessage() {
      if (!saved) return "";
      return `${saveMessage(noun, options.before, saved)}${warning}`;
    },
  });
}

/**
 * The editor's preview-link forms: "Create preview link" answers with the full address (shown once: only
 * its hash is kept), "Delete" revokes one link.
 */
export async function handlePreviewLinkAction(options: {
  request: Request;
  context: AppLoadContext;
  kind: PreviewKind;
  id: number;
  publicPath: string;
  editUrl: string;
  formData: FormData;
}) {
  const { kind, id, formData } = options;
  const { user, limited } = await beginAdminWrite(options.request, options.context);
  const actor = actorOf(user);
  const intent = formData.get("intent");
  if (intent === "create-preview") {
    if (limited) {
      return data<PreviewReply>(
        { intent, previewUrl: null, error: RATE_LIMIT_MESSAGE },
        { status: 429, headers: { ...ADMIN_CACHE_HEADERS, "Retry-After": String(limited.retryAfter) } },
      );
    }
    const { token } = await createPreviewLink(kind, id, actor);
    const previewUrl = `${getConfig().publicUrl.origin}${options.publicPath}?preview=${token}`;
    return data<PreviewReply>({ intent, previewUrl, error: null }, { headers: ADMIN_CACHE_HEADERS });
  }
  if (limited) return redirectWithToast(options.editUrl, failureToast(RATE_LIMIT_MESSAGE));
  const linkId = Number(formData.get("linkId"));
  const removed = await deletePreviewLink(kind, id, linkId, actor);
  return redirectWithToast(
    options.editUrl,
    removed ? successToast("Preview link deleted successfully!") : failureToast("Failed to delete preview link. Please try again."),
  );
}
