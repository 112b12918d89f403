import { createRole, listRoles } from "~/models/roles.server";
import { apiError, apiRoute, created, privateJson, requireOperatorWrite, writtenRecord } from "~/server/api/api.server";
import {
  enumParam,
  PAGE_NOT_FOUND,
  pageLinks,
  pageParam,
  readPublicationBody,
} from "~/server/api/publishing-api.server";
import { roleAdminJson, roleRequest } from "~/server/api/publishing-resources.server";
import { actorOf, requireAdminApi } from "~/server/auth/auth.server";

const ROLE_STATES = ["draft", "scheduled", "published", "closed"] as const;

const handle = apiRoute({
  /** Every role, any status, in display order, 25 a page; ?state= filters. */
  async GET({ request }) {
    await requireAdminApi(request);
    const requested = pageParam(request);
    const state = enumParam(request, "state", ROLE_STATES);
    const page = await listRoles({ state, page: requested });
    if (page.page !== requested) throw apiError(404, PAGE_NOT_FOUND);
    return privateJson(
      { items: page.items.map(roleAdminJson), page: page.page, pageCount: page.pageCount, total: page.total },
      pageLinks(request, page.page, page.pageCount),
    );
  },
  async POST(args) {
    const user = await requireOperatorWrite(args);
    const input = await readPublicationBody(args.request, roleRequest);
    const record = writtenRecord(await createRole(input, actorOf(user)), "Role not found");
    return created(args.request, roleAdminJson(record));
  },
});

export const loader = handle;
export const action = handle;
