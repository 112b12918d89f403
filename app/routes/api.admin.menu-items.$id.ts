import { deleteMenuItem, updateMenuItem } from "~/models/menu-items.server";
import {
  apiJson,
  apiRoute,
  noContent,
  parseId,
  readJsonBody,
  requireOperatorWrite,
  writtenRecord,
} from "~/utils/api.server";
import { menuItemJson, menuItemUpdateRequest, withoutVersion } from "~/utils/api-resources.server";
import { actorOf } from "~/utils/auth.server";

const NOT_FOUND = "Menu item not found";

const handle = apiRoute({
  async PUT(args) {
    const user = await requireOperatorWrite(args);
    const id = parseId(args.params.id, NOT_FOUND);
    const { input, version } = withoutVersion(await readJsonBody(args.request, menuItemUpdateRequest));
    const record = writtenRecord(await updateMenuItem(id, input, actorOf(user), version), NOT_FOUND);
    return apiJson(menuItemJson(record));
  },
  async DELETE(args) {
    const user = await requireOperatorWrite(args);
    writtenRecord(await deleteMenuItem(parseId(args.params.id, NOT_FOUND), actorOf(user)), NOT_FOUND);
    return noContent();
  },
});

export const loader = handle;
export const action = handle;
