import { createMenuItem } from "~/models/menu-items.server";
import { apiRoute, created, readJsonBody, requireOperatorWrite, writtenRecord } from "~/utils/api.server";
import { menuItemJson, menuItemRequest } from "~/utils/api-resources.server";
import { actorOf } from "~/utils/auth.server";

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
