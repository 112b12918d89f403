import { allRedirects, createRedirect } from "~/models/redirects.server";
import { apiRoute, created, privateJson, readJsonBody, requireOperatorWrite, writtenRecord } from "~/server/api/api.server";
import { redirectJson, redirectRequest } from "~/server/api/api-resources.server";
import { actorOf, requireAdminApi } from "~/server/auth/auth.server";

const handle = apiRoute({
  async GET({ request }) {
    await requireAdminApi(request);
    return privateJson((await allRedirects()).map(redirectJson));
  },
  async POST(args) {
    const user = await requireOperatorWrite(args);
    const input = await readJsonBody(args.request, redirectRequest);
    const record = writtenRecord(await createRedirect(input, actorOf(user)), "Redirect not found");
    return created(args.request, redirectJson(record));
  },
});

export const loader = handle;
export const action = handle;
