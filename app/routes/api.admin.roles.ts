import { createRole, listRoles } from "~/models/roles.server";
import { enumParam, publicationListRoute } from "~/server/api/publishing-api.server";
import { roleAdminJson, roleRequest } from "~/server/api/publishing-resources.server";

const ROLE_STATES = ["draft", "scheduled", "published", "closed"] as const;

/** Every role, any status, in display order, 25 a page; ?state= filters. */
const handle = publicationListRoute({
  notFound: "Role not found",
  request: roleRequest,
  filter: (request) => ({ state: enumParam(request, "state", ROLE_STATES) }),
  list: listRoles,
  create: createRole,
  toJson: roleAdminJson,
});

export const loader = handle;
export const action = handle;
