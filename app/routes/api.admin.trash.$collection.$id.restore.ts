import { trashRestoreRoute } from "~/server/api/history-api.server";
import { INVALID_RESTORE, trashableRecords } from "~/server/api/collection-openapi.server";
import { operatorCall, type ApiOperation } from "~/server/api/openapi-operations.server";

export const loader = trashRestoreRoute;
export const action = trashRestoreRoute;

export const openapi: ApiOperation[] = [
  operatorCall(
    "post",
    "/api/admin/trash/{collection}/{id}/restore",
    "Put a deleted record back, with its id and values",
    { status: 200, oneOf: trashableRecords() },
    {
      description:
        "Answers the record as its own endpoints do (a post as `PostAdmin`, a role as `RoleAdmin`); a menu item comes back with the items that were deleted with it. Refused, and left in the trash, when it would no longer be valid.",
      also: [400],
      errorNotes: { 400: INVALID_RESTORE, 404: "Not in the trash" },
    },
  ),
];
