import { adminListPath } from "~/collections";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ZodType } from "zod";
import type { Actor, WriteResult } from "~/models/actor";
import { now } from "~/models/clock.server";
import type { PreviewKind } from "~/models/preview-links.server";
import type { Publication } from "~/models/publication.server";
import { ADMIN_CACHE_HEADERS, notFound, recordIdParam } from "~/server/forms/admin-action.server";
import { deleteConfirmationLoader, deleteRecordAction } from "~/server/forms/delete-route.server";
import { readFormData } from "~/server/forms/form-data.server";
import {
  handlePreviewLinkAction,
  handlePublishingSave,
  previewLinksView,
  publicationStatusView,
  type PublishingNoun,
} from "~/server/forms/publishing-action.server";
import type { StaleSaveSource } from "~/server/forms/stale-save.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { PREVIEW_INTENT } from "~/components/admin/publishing/markdown-preview";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { previewRateLimited, renderMarkdownPreview } from "./markdown-preview.server";
import { COVER_UPLOAD_INTENT } from "~/components/admin/cover-upload";
import { handleCoverUpload, typedValues } from "./cover-upload.server";

type EditedRecord = Publication & { id: number; version: number; slug: string; closesAt?: Date | null };

/**
 * What one publishing collection (the Newsroom's posts, the Careers page's roles) brings to the editor
 * routes they share: its names, its schema, its model and how its form shows a record.
 */
export interface PublishingCollection<
  TKind extends PreviewKind,
  TRecord extends EditedRecord,
  TValue extends { version?: number },
  TForm extends object,
> {
  /** Its preview links' kind, and the key its editor's loader data names the record by. */
  kind: TKind;
  /** Its admin section: the editor lives at /admin/{section} and its history is filed under it. */
  section: "news" | "careers";
  noun: PublishingNoun;
  schema: ZodType<TValue>;
  read: (id: number) => Promise<TRecord | null>;
  /** The record's public address. */
  path: (slug: string) => string;
  create: (value: Omit<TValue, "version">, actor: Actor) => Promise<WriteResult<TRecord>>;
  update: (
    id: number,
    value: Omit<TValue, "version">,
    actor: Actor,
    version: number | undefined,
  ) => Promise<WriteResult<TRecord>>;
  remove: (id: number, actor: Actor) => Promise<WriteResult<TRecord>>;
  /** The record as its form shows it. */
  formValues: (record: TRecord) => TForm;
  valueLabels: StaleSaveSource<TRecord>["valueLabels"];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any collection, whatever its record and form
type AnyCollection = PublishingCollection<PreviewKind, any, any, object>;

/** What every save of the collection's records is told: its noun, its schema and its list. */
const savedAs = (collection: Pick<AnyCollection, "noun" | "schema" | "section">) => ({
  noun: collection.noun,
  schema: collection.schema,
  listUrl: adminListPath(collection),
});
const editUrlOf = (collection: Pick<AnyCollection, "section">, id: number) =>
  `${adminListPath(collection)}/${id}/edit`;

/** The new-record screen's data: the clock its Publish/Schedule button reads, and the collection's own. */
export async function newPublicationLoader<TExtra extends object>(
  { request }: LoaderFunctionArgs,
  extra: () => Promise<TExtra>,
) {
  await requireAdminPage(request);
  return data({ now: now().getTime(), ...(await extra()) }, { headers: ADMIN_CACHE_HEADERS });
}

/**
 * "Preview" without JavaScript: the form as typed comes back (nothing is validated or saved) with its body
 * rendered as the page will show it. Over the operator's preview limit, the form comes back with the message.
 */
async function previewAnswer(request: Request, kind: PreviewKind, formData: FormData) {
  const user = await requireAdminPage(request);
  const payload = typedValues(formData);
  const retryAfter = await previewRateLimited(user.email);
  if (retryAfter !== null) {
    const result: AdminFormReply["result"] = { initialValue: payload, error: { "": [RATE_LIMIT_MESSAGE] } };
    return data({ result } satisfies AdminFormReply, { status: 429, headers: { ...ADMIN_CACHE_HEADERS, "Retry-After": String(retryAfter) } });
  }
  const body = typeof payload.body === "string" ? payload.body : "";
  const preview = await renderMarkdownPreview(kind === "role" ? "role" : "post", body);
  const result: AdminFormReply["result"] = { initialValue: payload };
  return data({ result, preview } satisfies AdminFormReply & { preview: unknown }, { headers: ADMIN_CACHE_HEADERS });
}

/** The editor's "Preview" (without JavaScript): a button that posts `intent=preview` after the form's own `intent=save`. */
const isPreview = (formData: FormData) => formData.getAll("intent").includes(PREVIEW_INTENT);
/** The cover picker's "Upload and use as cover" (posts' editors only), posted the same way. */
const isCoverUpload = (formData: FormData, kind: PreviewKind) =>
  kind === "post" && formData.getAll("intent").includes(COVER_UPLOAD_INTENT);

/** Save draft, Publish or Schedule of a new record; or its Preview. */
export async function newPublicationAction<TRecord extends EditedRecord, TValue extends { version?: number }>(
  { request, context }: ActionFunctionArgs,
  collection: PublishingCollection<PreviewKind, TRecord, TValue, object>,
) {
  await requireAdminPage(request);
  const formData = await readFormData(request.clone());
  if (isPreview(formData)) return previewAnswer(request, collection.kind, formData);
  if (isCoverUpload(formData, collection.kind)) return handleCoverUpload(request, context, formData);
  return handlePublishingSave({
    request,
    context,
    ...savedAs(collection),
    before: null,
    write: (value, actor) => collection.create(value, actor),
  });
}

/**
 * The editor's data: the record as its form shows it (under the collection's kind: `post`, `role`), where it
 * stands, its preview links, the clock, and whatever `extra` the collection's form needs of the record.
 */
export async function publishingEditorLoader<
  TKind extends PreviewKind,
  TRecord extends EditedRecord,
  TValue extends { version?: number },
  TForm extends object,
  TExtra extends object = object,
>(
  { request, params }: LoaderFunctionArgs,
  collection: PublishingCollection<TKind, TRecord, TValue, TForm>,
  extra?: (record: TRecord) => Promise<TExtra>,
) {
  await requireAdminPage(request);
  const record = await collection.read(recordIdParam(params.id));
  if (!record) throw notFound();
  const shown = {
    id: record.id,
    path: collection.path(record.slug),
    published: record.status === "published",
    ...collection.formValues(record),
  };
  return data(
    {
      ...({ [collection.kind]: shown } as Record<TKind, typeof shown>),
      status: publicationStatusView(record),
      links: await previewLinksView(collection.kind, record.id),
      now: now().getTime(),
      ...((await extra?.(record)) as TExtra),
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

/** A scheduled record's "Publish now" (after its confirmation): the editor's intent. */
export const PUBLISH_NOW_INTENT = "publish-now";
/** `?confirm=publish-now` on an editor's address shows the question (a page of its own without JavaScript). */
export const PUBLISH_NOW_CONFIRM = "publish-now";

/**
 * "Publish now" is a Publish of the record as it is saved, with Publish at blank (which publishes it now):
 * the same save as the form's, so the version check, an approval while promotions need one, the preview
 * links' end and the toast ("Post published successfully!") are all the save's own. Only the version the
 * confirmation showed is taken from the post; the values are the stored record's, never what was typed.
 */
function publishNowRequest(request: Request, stored: object, version: FormDataEntryValue | null): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(stored)) {
    if (name === "version" || value === null || value === undefined) continue;
    body.set(name, name === "financialPromotion" ? (value === "on" ? "on" : "off") : String(value));
  }
  body.set("intent", "save");
  body.set("status", "published");
  body.set("publishAt", "");
  body.set("version", typeof version === "string" ? version : "");
  const headers = new Headers(request.headers);
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  headers.delete("Content-Length");
  return new Request(request.url, { method: "POST", headers, body, signal: request.signal });
}

/** An editor intent of the collection's own (a role's "close"), given the record it acts on. */
export type EditorIntent<TRecord> = (record: TRecord, formData: FormData) => Promise<Response>;

/**
 * The editor's forms: the preview links' Create and Delete, the collection's own `intents`, and otherwise
 * the save (Save draft, Publish / Schedule, Unpublish), which shows a merge when it is refused as stale.
 */
export async function publishingEditorAction<
  TRecord extends EditedRecord,
  TValue extends { version?: number },
>(
  { request, context, params }: ActionFunctionArgs,
  collection: PublishingCollection<PreviewKind, TRecord, TValue, object>,
  intents: Record<string, EditorIntent<TRecord>> = {},
) {
  await requireAdminPage(request);
  const id = recordIdParam(params.id);
  const formData = await readFormData(request.clone());
  const before = await collection.read(id);
  if (isPreview(formData)) return previewAnswer(request, collection.kind, formData);
  if (isCoverUpload(formData, collection.kind)) return handleCoverUpload(request, context, formData);
  const intent = String(formData.get("intent"));
  if (intent === PUBLISH_NOW_INTENT) {
    if (!before) throw notFound();
    return handlePublishingSave({
      request: publishNowRequest(request, collection.formValues(before), formData.get("version")),
      context,
      ...savedAs(collection),
      before,
      write: (value, actor, version) => collection.update(id, value, actor, version),
    });
  }
  const own = Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  if (own || intent === "create-preview" || intent === "delete-preview") {
    if (!before) throw notFound();
    if (own) return own(before, formData);
    return handlePreviewLinkAction({
      request,
      context,
      kind: collection.kind,
      id,
      publicPath: collection.path(before.slug),
      editUrl: editUrlOf(collection, id),
      formData,
    });
  }
  return handlePublishingSave({
    request,
    context,
    ...savedAs(collection),
    before,
    write: (value, actor, version) => collection.update(id, value, actor, version),
    current: {
      section: collection.section,
      id,
      read: () => collection.read(id),
      formValues: collection.formValues,
      valueLabels: collection.valueLabels,
    },
  });
}

/** The delete confirmation's data: the record's title and what becomes of it (the trash). */
export const publicationDeleteLoader = <TRecord extends EditedRecord & { title: string }>(
  args: LoaderFunctionArgs,
  collection: Pick<PublishingCollection<PreviewKind, TRecord, never, object>, "read">,
) => deleteConfirmationLoader(args, { read: collection.read, name: (record) => record.title });

/** The confirmed delete, then the list with a toast naming the collection's noun. */
export function publicationDeleteAction(
  args: ActionFunctionArgs,
  collection: Pick<AnyCollection, "remove" | "section" | "noun" | "read">,
) {
  const noun = collection.noun.toLowerCase();
  return deleteRecordAction(args, {
    remove: collection.remove,
    listUrl: adminListPath(collection),
    trash: {
      collection: collection.section === "news" ? "posts" : "roles",
      label: async (id) => ((await collection.read(id)) as { title: string } | null)?.title ?? null,
    },
    successMessage: `${collection.noun} deleted successfully!`,
    failureMessage: `Failed to delete ${noun}. Please try again.`,
  });
}
