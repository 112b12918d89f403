import { useActionData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { POST_PROSE, RenderedMarkdown, ROLE_PROSE } from "~/components/site/rendered-markdown";
import { useHydrated } from "~/utils/hydrated";
import { hintClass, secondaryButton } from "../styles";

/** What the preview endpoint and the editor's no-JavaScript "Preview" answer (markdown-preview.server.ts). */
export interface MarkdownPreviewView {
  html: string;
  headingSkips: string[];
}

export type MarkdownPreviewKind = "post" | "role";

/** The editor's intent for "Preview" without JavaScript (the form posts, nothing is saved). */
export const PREVIEW_INTENT = "preview";
export const MARKDOWN_PREVIEW_URL = "/api/admin/markdown/preview";
/** Quiet typing for this long asks for a new preview. */
const DEBOUNCE_MS = 600;

export const PREVIEW_HINT = "As the page will show it. Nothing is saved until you save.";
export const PREVIEW_EMPTY = "Type in Body to see it here.";

function usePostedPreview(): MarkdownPreviewView | undefined {
  const answer = useActionData() as { preview?: MarkdownPreviewView } | undefined;
  return answer && typeof answer === "object" && "preview" in answer ? answer.preview : undefined;
}

/**
 * The body as its public page will show it, from the server's renderer. With JavaScript it follows the
 * text (a debounced POST to MARKDOWN_PREVIEW_URL) and a live region says when it changed; without it, the
 * "Preview" button posts the form (intent `preview`) and the editor comes back with the text as typed and
 * the preview below it.
 */
export function MarkdownPreview({ id, kind, body }: { id: string; kind: MarkdownPreviewKind; body: string }) {
  const hydrated = useHydrated();
  const posted = usePostedPreview();
  const [live, setLive] = useState<MarkdownPreviewView | null>(null);
  const [status, setStatus] = useState("");
  const first = useRef(true);

  useEffect(() => {
    if (!hydrated) return;
    const controller = new AbortController();
    const delay = first.current ? 0 : DEBOUNCE_MS;
    first.current = false;
    const timer = window.setTimeout(async () => {
      try {
        const response = await fetch(MARKDOWN_PREVIEW_URL, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ kind, body }),
          signal: controller.signal,
        });
        const answer = (await response.json().catch(() => null)) as
          | (MarkdownPreviewView & { message?: string; errors?: Record<string, string[]> })
          | null;
        if (!response.ok || !answer) {
          const why = answer?.errors?.body?.join(" ") ?? answer?.message ?? "please try again";
          setStatus(`The preview could not be updated: ${why}.`);
          return;
        }
        setLive({ html: answer.html, headingSkips: answer.headingSkips });
        setStatus("Preview updated.");
      } catch {
        if (!controller.signal.aborted) setStatus("The preview could not be updated: check your connection.");
      }
    }, delay);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [hydrated, kind, body]);

  const shown = hydrated ? (live ?? posted) : posted;
  const titleId = `${id}-preview-title`;
  return (
    <>
      {hydrated ? null : (
        <div className="flex flex-wrap items-center gap-3">
          {/* Posts the whole form with intent=preview (after the hidden intent=save, which the action sees past). */}
          <button type="submit" name="intent" value={PREVIEW_INTENT} formNoValidate className={secondaryButton} aria-describedby={`${id}-preview-button-hint`}>
            Preview
          </button>
          <p id={`${id}-preview-button-hint`} className={hintClass}>
            Shows the body below as its page will. Nothing is saved.
          </p>
        </div>
      )}
      {shown || hydrated ? (
        <section id={`${id}-preview`} aria-labelledby={titleId} className="grid gap-2 rounded-md border border-navy-200 bg-navy-50 p-3">
          <h2 id={titleId} className="text-sm font-semibold text-navy-950">
            Preview
          </h2>
          <p className={hintClass}>{PREVIEW_HINT}</p>
          {shown?.headingSkips.length ? (
            <p className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
              {`Check the headings: ${shown.headingSkips.join("; ")}. A level is skipped; use one more # at a time.`}
            </p>
          ) : null}
          <div
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard
            tabIndex={0}
            role="region"
            aria-label="Rendered preview"
            className="max-h-[36rem] overflow-y-auto rounded border border-navy-200 bg-white p-4 focus-visible:outline-2 focus-visible:outline-accent-600"
          >
            {shown && shown.html.trim() ? (
              <RenderedMarkdown html={shown.html} className={kind === "post" ? POST_PROSE : ROLE_PROSE} />
            ) : (
              <p className="text-sm text-navy-600">{PREVIEW_EMPTY}</p>
            )}
          </div>
          <p aria-live="polite" role="status" className="sr-only">
            {status}
          </p>
        </section>
      ) : null}
    </>
  );
}

/** The Markdown the body takes, in short, under the field. */
export function FormattingHelp({ id }: { id: string }) {
  const code = "rounded bg-navy-50 px-1 font-mono text-xs text-navy-900";
  const row = (markdown: string, what: string) => (
    <li key={markdown} className="grid gap-1 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)] sm:gap-3">
      <code className={`${code} whitespace-pre-wrap break-words`}>{markdown}</code>
      <span>{what}</span>
    </li>
  );
  return (
    <details id={`${id}-formatting-help`} className="rounded-md border border-navy-200 bg-white px-3 py-2 text-sm text-navy-800">
      <summary className="cursor-pointer font-medium text-navy-900">Formatting help</summary>
      <ul className="mt-3 grid gap-3">
        {row("## Heading", "A section heading. Start at ## (the page's title is above it).")}
        {row("### Smaller heading", "A heading inside that section. Go down one level at a time: ### straight after # skips a level, which a screen reader announces as a missing section.")}
        {row("**bold**  *italic*", "Bold and italic text.")}
        {row("[words to click](https://example.com)", "A link. Links to other sites are marked as external.")}
        {row("- item\n- item", "A bulleted list (a blank line before it).")}
        {row("1. first\n2. second", "A numbered list.")}
        {row("| Name | Team |\n| --- | --- |\n| Ada | Research |", "A table: a header row, a row of dashes, then a row per line. Wide tables scroll sideways on a phone.")}
        {row("![What the image shows](/media/…/800)", "An image, with its description for people who cannot see it. Copy an address from the image's page in the Media library: the site's own images keep their space while they load; images from other sites cannot.")}
        {row("<b>tags</b>", "HTML is not used: it shows as text.")}
      </ul>
    </details>
  );
}
