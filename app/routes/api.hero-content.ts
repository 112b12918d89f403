import { getHeroContent } from "~/models/hero.server";
import { apiRoute, publicJson } from "~/server/api/api.server";
import { heroJson } from "~/server/api/api-resources.server";

const handle = apiRoute({
  async GET({ request }) {
    return publicJson(request, heroJson(await getHeroContent()));
  },
});

export const loader = handle;
export const action = handle;
