import { getSeoSettings } from "~/models/seo-settings.server";
import { apiRoute, publicJson } from "~/server/api/api.server";
import { seoSettingsJson, seoSettingsRecord } from "~/server/api/api-resources.server";
import { publicRead, type ApiOperation } from "~/server/api/openapi-operations.server";

const handle = apiRoute({
  async GET({ request }) {
    return publicJson(request, seoSettingsJson(await getSeoSettings()));
  },
});

export const loader = handle;
export const action = handle;

export const openapi: ApiOperation[] = [
  publicRead("/api/seo-settings", "SEO and analytics settings", seoSettingsRecord),
];
