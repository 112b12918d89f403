import { updateCompanySettings } from "~/models/company-settings.server";
import { apiJson, apiRoute, readJsonBody, requireOperatorWrite, writtenRecord } from "~/server/api/api.server";
import { companySettingsJson, companySettingsRequest } from "~/server/api/api-resources.server";
import { withoutVersion } from "~/schemas/fields";
import { actorOf } from "~/server/auth/auth.server";

const handle = apiRoute({
  async PUT(args) {
    const user = await requireOperatorWrite(args);
    const { input, version } = withoutVersion(await readJsonBody(args.request, companySettingsRequest));
    const record = writtenRecord(
      await updateCompanySettings(input, actorOf(user), version),
      "Company settings not found",
    );
    return apiJson(companySettingsJson(record));
  },
});

export const loader = handle;
export const action = handle;
