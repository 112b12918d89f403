import { createRole, listRoles } from "~/models/roles.server";
import { enumParam, publicationListRoute } from "~/server/api/publishing-api.server";
import {
  roleAdminJson,
  roleAdminPage,
  roleAdminRecord,
  roleRequest,
} from "~/server/api/publishing-resources.server";
import {
  operatorCall,
  PAGE_QUERY,
  PAGINATION_NOTE,
  type ApiOperation,
} from "~/server/api/openapi-operations.server";

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

export const openapi: ApiOperation[] = [
  operatorCall(
    "get",
    "/api/admin/roles",
    "Every role, any status, in display order, 25 a page",
    { status: 200, schema: roleAdminPage },
    {
      description: PAGINATION_NOTE,
      query: [PAGE_QUERY, { name: "state", enum: ROLE_STATES, description: "Only roles in this state." }],
      also: [400, 404],
    },
  ),
  operatorCall(
    "post",
    "/api/admin/roles",
    "Create a role",
    { status: 201, schema: roleAdminRecord, location: true },
    { request: roleRequest },
  ),
];
