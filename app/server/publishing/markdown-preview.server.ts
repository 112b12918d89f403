import { z } from "zod";
import { hitRateLimit, RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { bodyMediaSizes } from "~/models/rendered-bodies.server";
import { named } from "~/server/api/openapi-operations.server";
import { getConfig } from "~/server/config.server";
import { renderOffThread } from "~/server/site/render-off-thread.server";

/**
 * The editor's preview of a post's or role's body: the same renderer and options as the body's save
 * (rendered-bodies.server.ts), so the preview is what goes live. Nothing is stored. A body is at most the
 * schemas' 100,000 characters and the renderer is linear in it, as at a save; the JSON route's body limit
 * (1 MB) and a per-operator rate limit bound what one operator can ask for.
 */

export const PREVIEW_KINDS = ["post", "role"] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/** The schemas' longest body. */
export const PREVIEW_MAX_CHARACTERS = 100_000;
/** Previews one operator may ask for a minute (typing asks for one at most every ~0.6 s). */
export const PREVIEW_RATE = { max: 150, windowSeconds: 60 } as const;

export const markdownPreviewRequest = named(
  z.strictObject({
    kind: z.enum(PREVIEW_KINDS).meta({ description: "Which page the body is for: a post's or a role's" }),
    body: z
      .string()
      .max(PREVIEW_MAX_CHARACTERS, `At most ${PREVIEW_MAX_CHARACTERS.toLocaleString("en-GB")} characters`)
      .meta({ description: "The Markdown as typed" }),
  }),
  "MarkdownPreviewRequest",
);

export const markdownPreview = named(
  z.object({
    html: z.string().meta({ description: "The body as its public page shows it (raw HTML off, links allow-listed)" }),
    headingSkips: z
      .array(z.string())
      .meta({ description: "Headings that skip a level as written, as the save's message names them" }),
  }),
  "MarkdownPreview",
);

export type MarkdownPreview = z.infer<typeof markdownPreview>;

/** The body as its page will show it, and the headings that skip a level. */
export async function renderMarkdownPreview(kind: PreviewKind, body: string): Promise<MarkdownPreview> {
  const source = body.slice(0, PREVIEW_MAX_CHARACTERS);
  const mediaSizes = await bodyMediaSizes(source);
  const siteOrigin = getConfig().publicUrl.origin;
  // The options of renderPost's and renderRole's bodyHtml (the record's own page), but for the heading ids'
  // prefix: the preview sits in the editor, whose fields' ids a heading could otherwise take.
  const shared = { siteOrigin, mediaSizes, idPrefix: "preview-" };
  return renderOffThread("preview", source, kind === "post" ? shared : { ...shared, topHeading: 2 });
}

/** Counts one preview against the operator's limit: null when allowed, else the seconds to wait. */
export async function previewRateLimited(email: string): Promise<number | null> {
  const result = await hitRateLimit(`markdownPreview:${email.toLowerCase()}`, PREVIEW_RATE.max, PREVIEW_RATE.windowSeconds);
  return result.allowed ? null : result.retryAfter;
}

export { RATE_LIMIT_MESSAGE };
