import { apiError, apiRoute, publicJson } from "~/server/api/api.server";

/**
 * GET of one public post or role by its slug (/api/posts/{slug}, /api/roles/{slug}): the record `find`
 * gives only while visitors can read it; anything else, and an unknown slug, is a 404 saying `notFound`.
 */
export function liveRecordRoute<TRecord>(options: {
  find: (slug: string) => Promise<TRecord | null>;
  notFound: string;
  toJson: (record: TRecord) => unknown;
}) {
  return apiRoute({
    async GET({ request, params }) {
      const record = params.slug ? await options.find(params.slug) : null;
      if (!record) throw apiError(404, options.notFound);
      return publicJson(request, options.toJson(record));
    },
  });
}
