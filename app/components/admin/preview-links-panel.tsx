import { Form } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "~/utils/hydrated";
import { FormAlert, useIsSubmitting } from "./fields";
import { hintClass, inputClass, labelClass, panelClass, secondaryButton, smallDangerButton } from "./styles";

export interface PreviewLinkView {
  id: number;
  createdBy: string;
  expiresAt: string;
  expires: string;
}

/**
 * Preview links for someone who does not sign in: the links that still work, each with Delete, and
 * "Create preview link". A new link's address is shown once, right after it is made (only its hash is kept).
 */
export function PreviewLinksPanel({
  noun,
  links,
  created,
  live,
}: {
  /** "post" or "role". */
  noun: string;
  links: PreviewLinkView[];
  /** The address just made, or why none was. */
  created?: { previewUrl: string | null; error: string | null };
  /** A record visitors already see needs no preview link. */
  live: boolean;
}) {
  const creating = useIsSubmitting("create-preview");
  return (
    <section aria-labelledby="preview-links-title" className={`${panelClass} mt-6 grid gap-3 p-4 sm:p-6`}>
      <h2 id="preview-links-title" className="text-lg font-semibold text-navy-950">
        Preview links
      </h2>
      <p className="text-sm text-navy-700">
        A preview link lets someone who does not sign in (a compliance reviewer, say) read this {noun} before
        it is published. Each link works for 7 days; publishing the {noun} or deleting the link ends it.
      </p>
      {created?.previewUrl ? (
        <div className="grid gap-1 rounded-md border border-accent-700 bg-accent-50 p-3">
          <label htmlFor="new-preview-link" className={labelClass}>
            New preview link
          </label>
          <input
            id="new-preview-link"
            type="text"
            readOnly
            value={created.previewUrl}
            aria-describedby="new-preview-link-hint"
            className={`${inputClass} font-mono`}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton text={created.previewUrl} />
          <p id="new-preview-link-hint" className={hintClass}>
            Copy it now: it is shown only this once.
          </p>
        </div>
      ) : null}
      <FormAlert message={created?.error} />
      {links.length === 0 ? (
        <p className="text-sm text-navy-600">No preview links.</p>
      ) : (
        <ul className="divide-y divide-navy-100 rounded-md border border-navy-200">
          {links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="text-navy-800">
                Created by {link.createdBy}, expires <time dateTime={link.expiresAt}>{link.expires}</time>
              </span>
              <Form method="post" replace preventScrollReset>
                <input type="hidden" name="intent" value="delete-preview" />
                <input type="hidden" name="linkId" value={link.id} />
                <button type="submit" className={smallDangerButton}>
                  Delete<span className="sr-only"> the preview link expiring {link.expires}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {live ? (
        <p className={hintClass}>This {noun} is published: anyone can read it at its address.</p>
      ) : (
        <Form method="post" replace preventScrollReset>
          <input type="hidden" name="intent" value="create-preview" />
          <button type="submit" className={secondaryButton} disabled={creating}>
            {creating ? "Creating..." : "Create preview link"}
          </button>
        </Form>
      )}
    </section>
  );
}

/** Copies the link to the clipboard: shown only with JavaScript (without it, the field selects on focus). */
function CopyButton({ text }: { text: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  if (!hydrated) return null;
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        className={secondaryButton}
        onClick={() => {
          navigator.clipboard.writeText(text).then(
            () => setCopied("copied"),
            () => setCopied("failed"),
          );
        }}
      >
        Copy link
      </button>
      <span role="status" className="text-sm text-navy-700">
        {copied === "copied"
          ? "Copied."
          : copied === "failed"
            ? "Could not copy: select the link and copy it."
            : ""}
      </span>
    </div>
  );
}
