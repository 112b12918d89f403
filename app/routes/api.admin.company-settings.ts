import { updateCompanySettings } from "~/models/company-settings.server";
import { apiJson, apiRoute, readJsonBody, requireOperatorWrite, writtenRecord } from "~/utils/api.server";
import { companySettingsJson, companySettingsRequest, withoutVersion } from "~/utils/api-resources.server";
import { actorOf } from "~/utils/auth.server";

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
