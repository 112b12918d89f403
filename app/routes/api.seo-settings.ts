import { getSeoSettings } from "~/models/seo-settings.server";
import { apiRoute, publicJson } from "~/server/api/api.server";
import { seoSettingsJson } from "~/server/api/api-resources.server";

const handle = apiRoute({
  async GET({ request }) {
    return publicJson(request, seoSettingsJson(await getSeoSettings()));
  },
});

export const loader = handle;
export const action = handle;
