import { deleteRole, getRole, updateRole } from "~/models/roles.server";
import { publicationItemRoute } from "~/server/api/publishing-api.server";
import { roleAdminJson, roleAdminRecord, roleUpdateRequest } from "~/server/api/publishing-resources.server";
import { operatorCall, type ApiOperation } from "~/server/api/openapi-operations.server";

const handle = publicationItemRoute({
  notFound: "Role not found",
  request: roleUpdateRequest,
  get: getRole,
  update: updateRole,
  remove: deleteRole,
  toJson: roleAdminJson,
});

export const loader = handle;
export const action = handle;

export const openapi: ApiOperation[] = [
  operatorCall("get", "/api/admin/roles/{id}", "A role, any status", {
    status: 200,
    schema: roleAdminRecord,
  }),
  operatorCall(
    "put",
    "/api/admin/roles/{id}",
    "Update a role",
    { status: 200, schema: roleAdminRecord },
    { request: roleUpdateRequest },
  ),
  operatorCall("delete", "/api/admin/roles/{id}", "Delete a role", { status: 204 }),
];
