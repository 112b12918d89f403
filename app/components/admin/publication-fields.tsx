import { getFormProps, getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "~/utils/hydrated";
import { useLeaveGuard } from "./unsaved-changes";
import { FormattingHelp, MarkdownPreview, type MarkdownPreviewKind } from "./publishing/markdown-preview";
import { fromLondonLocal } from "~/utils/london-time";
import { FormMessages, hintId, LabelledField, TextareaField, TextField } from "./fields";
import { versionToPost, type AdminFormReply } from "./form-reply";
import { inputClass, panelClass, primaryButton, secondaryButton } from "./styles";

/** What posts' and roles' editors share: slug, Markdown body, times, and the publication buttons. */

export const MARKDOWN_HELP =
  "Markdown: ## Heading, **bold**, *italic*, [link](https://…), - list item. Raw HTML shows as text. More under Formatting help.";

export const SLUG_HINT = "Leave blank to make it from the title";

export function SlugField<S>({ meta }: { meta: FieldMetadata<S> }) {
  return <TextField meta={meta} label="Slug" hint={SLUG_HINT} autoComplete="off" />;
}

/** The body: its textarea, the formatting help, and the preview (live with JavaScript, a button without). */
export function MarkdownBodyField<S>({ meta, kind }: { meta: FieldMetadata<S>; kind: MarkdownPreviewKind }) {
  const body = typeof meta.value === "string" ? meta.value : "";
  return (
    <div className="grid gap-2">
      <TextareaField meta={meta} label="Body" hint={MARKDOWN_HELP} rows={18} />
      <FormattingHelp id={meta.id} />
      <MarkdownPreview id={meta.id} kind={kind} body={body} />
    </div>
  );
}

/** A datetime-local field (London time), labelled, with its hint and messages like the other fields. */
export function DateTimeField<S>({ meta, label, hint }: { meta: FieldMetadata<S>; label: string; hint: string }) {
  return (
    <LabelledField meta={meta} label={label} hint={hint}>
      <input
        {...getInputProps(meta, { type: "datetime-local", ariaDescribedBy: hintId(meta, hint) })}
        className={inputClass}
      />
    </LabelledField>
  );
}

/**
 * The editor's own form (posting to its route) with its messages at the top (and a refused stale save's
 * merge) and the version it saves over.
 */
export function PublishingForm<S extends Record<string, unknown>>({
  form,
  version,
  reply,
  children,
}: {
  form: FormMetadata<S>;
  version?: number;
  reply?: AdminFormReply;
  children: ReactNode;
}) {
  const guard = useLeaveGuard();
  return (
    <Form
      method="post"
      replace
      {...getFormProps(form)}
      onInput={guard.onInput}
      className={`${panelClass} grid gap-2 p-4 sm:p-6`}
    >
      <FormMessages form={form} merge={reply?.merge} />
      <input type="hidden" name="intent" value="save" />
      {version === undefined ? null : <input type="hidden" name="version" value={versionToPost(reply, version)} />}
      {children}
    </Form>
  );
}

/** True when a datetime-local value names a time after `now`. */
export function isFutureLocal(value: string | undefined, now: number): boolean {
  const at = value ? fromLondonLocal(value) : null;
  return at !== null && at.getTime() > now;
}

function StatusButton({
  value,
  label,
  primary,
  describedBy,
}: {
  value: "draft" | "published";
  label: string;
  primary: boolean;
  describedBy?: string;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "save" &&
    navigation.formData.get("status") === value;
  return (
    <button
      type="submit"
      name="status"
      value={value}
      aria-describedby={describedBy}
      className={primary ? primaryButton : secondaryButton}
      disabled={pending}
    >
      {pending ? "Saving..." : label}
    </button>
  );
}

/** Without JavaScript the button cannot follow the time typed: one label true either way, and why. */
export const PUBLISH_BUTTON_NO_JS = { draft: "Publish or schedule", live: "Update or schedule" } as const;
export const PUBLISH_BUTTON_HINT = "A future Publish at time schedules it; a blank or past time publishes it now.";
const PUBLISH_HINT_ID = "publish-button-hint";

/**
 * Save draft and Publish for a draft (or a new record); Update and Unpublish for a published one. With
 * JavaScript the publish button reads "Schedule" as soon as a future time is typed in Publish at; without
 * it the page cannot know what will be typed, so the button reads "Publish or schedule" ("Update or
 * schedule" for a live record) with a hint saying which happens when.
 */
export function PublicationButtons({
  published,
  live,
  publishAt,
  now,
  extra,
}: {
  /** The record is published (live, scheduled or closed): its draft button is Unpublish. */
  published: boolean;
  /** Visitors see it (or saw it, for a closed role): publishing again only updates it. */
  live: boolean;
  /** Publish at as the field holds it. */
  publishAt: string | undefined;
  /** The loader's time (ms), so the label reads the same on the server and in the browser. */
  now: number;
  extra?: ReactNode;
}) {
  const hydrated = useHydrated();
  const publishLabel = !hydrated
    ? PUBLISH_BUTTON_NO_JS[live ? "live" : "draft"]
    : isFutureLocal(publishAt, now)
      ? "Schedule"
      : live
        ? "Update"
        : "Publish";
  const describedBy = hydrated ? undefined : PUBLISH_HINT_ID;
  return (
    <div className="mt-2 flex flex-wrap items-center justify-end gap-2 border-t border-navy-100 pt-4">
      {hydrated ? null : (
        <p id={PUBLISH_HINT_ID} className="mr-auto basis-full text-sm text-navy-700 sm:basis-auto">
          {PUBLISH_BUTTON_HINT}
        </p>
      )}
      {extra}
      {/* Enter in a field presses the first button: it must never be the one that changes what visitors see. */}
      {published ? (
        <>
          <StatusButton value="published" label={publishLabel} primary describedBy={describedBy} />
          <StatusButton value="draft" label="Unpublish" primary={false} />
        </>
      ) : (
        <>
          <StatusButton value="draft" label="Save draft" primary={false} />
          <StatusButton value="published" label={publishLabel} primary describedBy={describedBy} />
        </>
      )}
    </div>
  );
}
