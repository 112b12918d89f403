import { getHeroContent } from "~/models/hero.server";
import { apiRoute, publicJson } from "~/utils/api.server";
import { heroJson } from "~/utils/api-resources.server";

const handle = apiRoute({
  async GET({ request }) {
    return publicJson(request, heroJson(await getHeroContent()));
  },
});

export const loader = handle;
export const action = handle;
