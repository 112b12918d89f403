import { deleteRole, getRole, updateRole } from "~/models/roles.server";
import { publicationItemRoute } from "~/server/api/publishing-api.server";
import { roleAdminJson, roleUpdateRequest } from "~/server/api/publishing-resources.server";

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
