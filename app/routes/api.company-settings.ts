import { getCompanySettings } from "~/models/company-settings.server";
import { apiRoute, publicJson } from "~/server/api/api.server";
import { companySettingsJson, companySettingsRecord } from "~/server/api/api-resources.server";
import { publicRead, type ApiOperation } from "~/server/api/openapi-operations.server";

const handle = apiRoute({
  async GET({ request }) {
    return publicJson(request, companySettingsJson(await getCompanySettings()));
  },
});

export const loader = handle;
export const action = handle;

export const openapi: ApiOperation[] = [
  publicRead("/api/company-settings", "Company settings", companySettingsRecord),
];
