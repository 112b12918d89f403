import { getCompanySettings } from "~/models/company-settings.server";
import { apiRoute, publicJson } from "~/server/api/api.server";
import { companySettingsJson } from "~/server/api/api-resources.server";

const handle = apiRoute({
  async GET({ request }) {
    return publicJson(request, companySettingsJson(await getCompanySettings()));
  },
});

export const loader = handle;
export const action = handle;
