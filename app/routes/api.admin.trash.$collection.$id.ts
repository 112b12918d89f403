import { trashItemRoute } from "~/server/api/history-api.server";
import { operatorCall, type ApiOperation } from "~/server/api/openapi-operations.server";

export const loader = trashItemRoute;
export const action = trashItemRoute;

export const openapi: ApiOperation[] = [
  operatorCall(
    "delete",
    "/api/admin/trash/{collection}/{id}",
    "Delete a record in the trash permanently, with its versions",
    { status: 204 },
    { errorNotes: { 404: "Not in the trash" } },
  ),
];
