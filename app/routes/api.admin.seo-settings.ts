import { updateSeoSettings } from "~/models/seo-settings.server";
import { apiJson, apiRoute, readJsonBody, requireOperatorWrite, writtenRecord } from "~/utils/api.server";
import { seoSettingsJson, seoSettingsRequest, withoutVersion } from "~/utils/api-resources.server";
import { actorOf } from "~/utils/auth.server";

const handle = apiRoute({
  async PUT(args) {
    const user = await requireOperatorWrite(args);
    const { input, version } = withoutVersion(await readJsonBody(args.request, seoSettingsRequest));
    const record = writtenRecord(
      await updateSeoSettings(input, actorOf(user), version),
      "SEO settings not found",
    );
    return apiJson(seoSettingsJson(record));
  },
});

export const loader = handle;
export const action = handle;
