import { getHeroContent } from "~/models/hero.server";
import { apiRoute, publicJson } from "~/server/api/api.server";
import { heroJson, heroRecord } from "~/server/api/api-resources.server";
import { publicRead, type ApiOperation } from "~/server/api/openapi-operations.server";

const handle = apiRoute({
  async GET({ request }) {
    return publicJson(request, heroJson(await getHeroContent()));
  },
});

export const loader = handle;
export const action = handle;

export const openapi: ApiOperation[] = [publicRead("/api/hero-content", "The home page's hero", heroRecord)];
