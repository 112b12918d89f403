import { and, asc, eq, gt, isNull, notLike, or } from "drizzle-orm";
import type { Db } from "~db/client.server";
import { posts, roles } from "~db/schema";
import { getConfig } from "~/server/config.server";
import { mediaSizesByHash } from "~/models/media.server";
import { mediaHashesIn, markdownToPlainText, renderMarkdown, type MediaSize } from "~/server/site/markdown.server";

/**
 * A post's or role's Markdown rendered once, when it is written (create, update, a restored version, a
 * record back from the trash, the seeds), never when it is viewed: the HTML, the plain text and the
 * search excerpt are stored beside the source (db/schema.ts, `renderedBody`).
 */

/** Raise when the renderer's output changes: every stored body is rendered again at the next start. */
const RENDERER_VERSION = 3;
/** The most text a search extract is made from (ts_headline's cost grows with it). */
export const SEARCH_EXCERPT_LENGTH = 2000;

const VERSION_TAG = `v${RENDERER_VERSION} `;

/** What the stored HTML was made with: the renderer's version and the site origin (external links). */
export function renderedWith(siteOrigin: string = getConfig().publicUrl.origin): string {
  return `${VERSION_TAG}${siteOrigin}`;
}

function excerpt(text: string): string {
  return text.length <= SEARCH_EXCERPT_LENGTH ? text : text.slice(0, SEARCH_EXCERPT_LENGTH);
}

/** The sizes of the library images a body shows, read through `reader` (a save's transaction): for renderPost and renderRole. */
export function bodyMediaSizes(body: string, reader?: Pick<Db, "select">): Promise<Map<string, MediaSize>> {
  return mediaSizesByHash(mediaHashesIn(body), reader);
}

export type RenderedPost = {
  bodyHtml: string;
  bodyText: string;
  searchExcerpt: string;
  renderedWith: string;
};

/**
 * A post's or role's summary and body as plain text: whole for search, and with headings ended as
 * sentences for its excerpt, so that an extract does not run a heading into the text after it.
 */
function plainText(record: { summary: string; body: string }) {
  const source = `${record.summary}\n\n${record.body}`;
  return { bodyText: markdownToPlainText(source), sentences: markdownToPlainText(source, { sentences: true }) };
}

export function renderPost(
  post: { summary: string; body: string },
  siteOrigin: string = getConfig().publicUrl.origin,
  mediaSizes?: ReadonlyMap<string, MediaSize>,
): RenderedPost {
  const { bodyText, sentences } = plainText(post);
  return {
    bodyHtml: renderMarkdown(post.body, { siteOrigin, mediaSizes }),
    bodyText,
    searchExcerpt: excerpt(sentences),
    renderedWith: renderedWith(siteOrigin),
  };
}

export type RenderedRole = RenderedPost & {
  cardHtml: string;
};

/**
 * A role's body for its own page (headings from h2) and for its card on /careers (from h4, under the
 * card's h3, its ids after the role's slug, as several cards share the page).
 */
export function renderRole(
  role: { slug: string; title: string; team: string; location: string; summary: string; body: string },
  siteOrigin: string = getConfig().publicUrl.origin,
  mediaSizes?: ReadonlyMap<string, MediaSize>,
): RenderedRole {
  const { bodyText, sentences } = plainText(role);
  return {
    bodyHtml: renderMarkdown(role.body, { topHeading: 2, siteOrigin, mediaSizes }),
    cardHtml: renderMarkdown(role.body, {
      topHeading: 4,
      regionContext: role.title,
      siteOrigin,
      mediaSizes,
      idPrefix: `${role.slug}-`,
      reservedIds: [role.slug, `${role.slug}-title`],
    }),
    bodyText,
    searchExcerpt: excerpt(`${role.team} · ${role.location}. ${sentences}`),
    renderedWith: renderedWith(siteOrigin),
  };
}

const BATCH = 50;

/**
 * Renders the bodies stored without HTML or with HTML of another renderer version (rows from before
 * migration 0009, a renderer changed since). Run at every start, after the migrations and seeds; a scan
 * of two small tables when there is nothing to do. HTML made for another origin is kept (a site whose
 * PUBLIC_URL changed has its own absolute links marked external until their next save): re-rendering a
 * whole site at every start on a new port (tests, benches) would make starts slow.
 */
export async function renderStaleBodies(
  db: Db,
  siteOrigin: string,
): Promise<{ posts: number; roles: number }> {
  const current = `${VERSION_TAG}%`;
  const staleAfter = (table: typeof posts | typeof roles, after: number) =>
    and(gt(table.id, after), or(isNull(table.renderedWith), notLike(table.renderedWith, current)));
  const postColumns = { id: posts.id, summary: posts.summary, body: posts.body };
  const roleColumns = {
    id: roles.id,
    slug: roles.slug,
    title: roles.title,
    team: roles.team,
    location: roles.location,
    summary: roles.summary,
    body: roles.body,
  };
  return {
    posts: await renderInBatches(
      (after) => db.select(postColumns).from(posts).where(staleAfter(posts, after)).orderBy(asc(posts.id)).limit(BATCH),
      async (row) =>
        db.update(posts).set(renderPost(row, siteOrigin, await bodyMediaSizes(row.body, db))).where(eq(posts.id, row.id)),
    ),
    roles: await renderInBatches(
      (after) => db.select(roleColumns).from(roles).where(staleAfter(roles, after)).orderBy(asc(roles.id)).limit(BATCH),
      async (row) =>
        db.update(roles).set(renderRole(row, siteOrigin, await bodyMediaSizes(row.body, db))).where(eq(roles.id, row.id)),
    ),
  };
}

/** Saves each row `next` finds after the last one saved, a batch at a time, until none is left; how many. */
async function renderInBatches<TRow extends { id: number }>(
  next: (after: number) => Promise<TRow[]>,
  save: (row: TRow) => Promise<unknown>,
): Promise<number> {
  let count = 0;
  for (let after = 0; ;) {
    const batch = await next(after);
    if (!batch.length) return count;
    for (const row of batch) {
      // Only the derived columns: not an operator's change, so no version, audit row or revision.
      await save(row);
      after = row.id;
    }
    count += batch.length;
  }
}
