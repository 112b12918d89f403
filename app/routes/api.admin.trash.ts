import { trashListRoute } from "~/server/api/history-api.server";
import { trashEntryRecord } from "~/server/api/history-resources.server";
import { operatorCall, type ApiOperation } from "~/server/api/openapi-operations.server";

export const loader = trashListRoute;
export const action = trashListRoute;

export const openapi: ApiOperation[] = [
  operatorCall(
    "get",
    "/api/admin/trash",
    "What is in the trash, most recently deleted first",
    { status: 200, schema: trashEntryRecord, list: true },
    {
      description:
        "Deleted products, statistics, menu items (with the items under them), posts, roles and redirect rules wait here for 30 days, then go for good with their versions. A short list, so a bare array like the other lists.",
    },
  ),
];
