import { liveRolesNewestFirst } from "~/models/roles.server";
import { apiRoute, publicJson } from "~/server/api/api.server";
import { roleJson, roleRecord } from "~/server/api/publishing-resources.server";
import { cachedWithList, publicEndpoint } from "~/server/api/openapi-operations.server";

export const openapi = publicEndpoint("/api/roles", "Content", {
  get: {
    summary: "Open roles (published, not closed), newest first",
    success: cachedWithList(roleRecord),
    description:
      "A short list, so a bare array like the other lists; a role leaves it by itself at its closesAt.",
  },
});

/** GET /api/roles: the open roles visitors see (published, their time come, not closed), newest first. */
const handle = apiRoute({
  async GET({ request }) {
    return publicJson(request, (await liveRolesNewestFirst()).map(roleJson));
  },
});

export { handle as loader, handle as action };
