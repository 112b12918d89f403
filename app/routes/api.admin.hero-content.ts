import { updateHeroContent } from "~/models/hero.server";
import { apiJson, apiRoute, readJsonBody, requireOperatorWrite, writtenRecord } from "~/server/api/api.server";
import { heroJson, heroRequest } from "~/server/api/api-resources.server";
import { withoutVersion } from "~/schemas/fields";
import { actorOf } from "~/server/auth/auth.server";

const handle = apiRoute({
  async PUT(args) {
    const user = await requireOperatorWrite(args);
    const { input, version } = withoutVersion(await readJsonBody(args.request, heroRequest));
    const record = writtenRecord(
      await updateHeroContent(input, actorOf(user), version),
      "Hero content not found",
    );
    return apiJson(heroJson(record));
  },
});

export const loader = handle;
export const action = handle;
