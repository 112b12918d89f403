import type { z } from "zod";
import type { CollectionDefinition } from "~/collections";
import { apiError, apiRoute, publicJson } from "~/server/api/api.server";
import { cachedWith, publicEndpoint } from "~/server/api/openapi-operations.server";

/**
 * GET of one public post or role by its slug (/api/{name}/{slug}: /api/posts/{slug}, /api/roles/{slug}), with
 * its OpenAPI operation: the record `find` gives only while visitors can read it; anything else, and an unknown
 * slug, is a 404 ("Post not found"). The path and the 404's message come from the collection's declaration.
 */
export function liveRecordEndpoint<TRecord>(
  collection: CollectionDefinition,
  options: {
    summary: string;
    /** What is a 404 besides an unknown slug ("A draft, a scheduled post"). */
    notLive: string;
    record: z.ZodObject;
    find: (slug: string) => Promise<TRecord | null>;
    toJson: (record: TRecord) => unknown;
  },
) {
  const notFound = `${collection.noun[0]!.toUpperCase()}${collection.noun.slice(1)} not found`;
  const openapi = publicEndpoint(`/api/${collection.name}/{slug}`, "Content", {
    get: {
      summary: options.summary,
      success: cachedWith(options.record),
      description: `${options.notLive} and an unknown slug are all 404.`,
    },
  });
  const handle = apiRoute({
    async GET({ request, params }) {
      const record = params.slug ? await options.find(params.slug) : null;
      if (!record) throw apiError(404, notFound);
      return publicJson(request, options.toJson(record));
    },
  });
  return { openapi, handle };
}
