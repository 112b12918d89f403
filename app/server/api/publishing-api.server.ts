import type { z } from "zod";
import { LEGAL_DOCUMENT_KEYS, type LegalDocumentKey } from "~/schemas/legal-document";
import { PUBLICATION_MESSAGES, slugFromTitle } from "~/schemas/publication";
import {
  apiError,
  readJsonBody,
  validationError,
  type ObjectSchema,
} from "~/server/api/api.server";
import { withPage } from "~/utils/pagination";

/**
 * What the publishing routes (/api/posts, /api/roles, /api/legal-documents and their /api/admin
 * counterparts) share beyond api.server.ts: the `?page=` of a list, and a body whose blank slug is made
 * from the title. One post or role (/api/admin/{name}/{id}) is served as every collection's record is.
 */

export const PAGE_MESSAGE = "page must be a whole number from 1";
export const PAGE_NOT_FOUND = "No such page";

/** `?page=`: missing is 1; anything but a whole number from 1 is a 400 (as an unknown ?menuType= is). */
export function pageParam(request: Request): number {
  const raw = new URL(request.url).searchParams.get("page");
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw apiError(400, PAGE_MESSAGE, { errors: { page: [PAGE_MESSAGE] } });
  return Number(raw);
}

/** An optional enum query parameter: absent is null, anything outside `values` a 400. */
export function enumParam<T extends string>(request: Request, name: string, values: readonly T[]): T | null {
  const raw = new URL(request.url).searchParams.get(name);
  if (raw === null || raw === "") return null;
  if (!(values as readonly string[]).includes(raw)) {
    const message = `${name} must be one of ${values.join(", ")}`;
    throw apiError(400, message, { errors: { [name]: [message] } });
  }
  return raw as T;
}

/**
 * RFC 8288 links to the neighbouring pages, beside the page, pageCount and total in the body: a client can
 * follow `rel="next"` without building URLs.
 */
export function pageLinks(request: Request, page: number, pageCount: number): HeadersInit {
  const url = new URL(request.url);
  url.searchParams.delete("page");
  const base = `${url.pathname}${url.search}`;
  const links: string[] = [];
  if (page > 1) links.push(`<${withPage(base, page - 1)}>; rel="prev"`);
  if (page < pageCount) links.push(`<${withPage(base, page + 1)}>; rel="next"`);
  return links.length > 0 ? { Link: links.join(", ") } : {};
}

/** A strict body validated by `schema`, then given a slug: the one sent, or one made from the title. */
export type PublicationBody<S extends ObjectSchema> = Omit<z.output<S>, "slug"> & { slug: string };

export async function readPublicationBody<S extends ObjectSchema>(
  request: Request,
  schema: S,
): Promise<PublicationBody<S>> {
  const input = (await readJsonBody(request, schema)) as z.output<S> & { title: string; slug: string | null };
  const slug = input.slug ?? slugFromTitle(input.title);
  if (!slug) throw validationError({ slug: [PUBLICATION_MESSAGES.slugFromTitle] });
  return { ...input, slug };
}

/** A legal document key from the URL, or 404. */
export function legalKey(value: string | undefined): LegalDocumentKey {
  const key = LEGAL_DOCUMENT_KEYS.find((candidate) => candidate === value);
  if (!key) throw apiError(404, "Legal document not found");
  return key;
}


