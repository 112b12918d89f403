import { createMenuItem } from "~/models/menu-items.server";
import { apiRoute, created, readJsonBody, requireOperatorWrite, writtenRecord } from "~/server/api/api.server";
import { menuItemJson, menuItemRequest } from "~/server/api/api-resources.server";
import { actorOf } from "~/server/auth/auth.server";

const handle = apiRoute({
  async POST(args) {
    const user = await requireOperatorWrite(args);
    const input = await readJsonBody(args.request, menuItemRequest);
    const record = writtenRecord(await createMenuItem(input, actorOf(user)), "Menu item not found");
    return created(args.request, menuItemJson(record));
  },
});

export const loader = handle;
export const action = handle;
