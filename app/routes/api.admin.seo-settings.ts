import { updateSeoSettings } from "~/models/seo-settings.server";
import { apiJson, apiRoute, readJsonBody, requireOperatorWrite, writtenRecord } from "~/server/api/api.server";
import { seoSettingsJson, seoSettingsRequest } from "~/server/api/api-resources.server";
import { withoutVersion } from "~/schemas/fields";
import { actorOf } from "~/server/auth/auth.server";

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
