import { updateHeroContent } from "~/models/hero.server";
import { apiJson, apiRoute, readJsonBody, requireOperatorWrite, writtenRecord } from "~/utils/api.server";
import { heroJson, heroRequest, withoutVersion } from "~/utils/api-resources.server";
import { actorOf } from "~/utils/auth.server";

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
