import { deleteProduct, updateProduct } from "~/models/products.server";
import {
  apiJson,
  apiRoute,
  noContent,
  parseId,
  readJsonBody,
  requireOperatorWrite,
  writtenRecord,
} from "~/utils/api.server";
import { productJson, productUpdateRequest, withoutVersion } from "~/utils/api-resources.server";
import { actorOf } from "~/utils/auth.server";

const NOT_FOUND = "Product not found";

const handle = apiRoute({
  async PUT(args) {
    const user = await requireOperatorWrite(args);
    const id = parseId(args.params.id, NOT_FOUND);
    const { input, version } = withoutVersion(await readJsonBody(args.request, productUpdateRequest));
    const record = writtenRecord(await updateProduct(id, input, actorOf(user), version), NOT_FOUND);
    return apiJson(productJson(record));
  },
  async DELETE(args) {
    const user = await requireOperatorWrite(args);
    writtenRecord(await deleteProduct(parseId(args.params.id, NOT_FOUND), actorOf(user)), NOT_FOUND);
    return noContent();
  },
});

export const loader = handle;
export const action = handle;
