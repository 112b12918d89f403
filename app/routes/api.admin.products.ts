import { createProduct } from "~/models/products.server";
import { apiRoute, created, readJsonBody, requireOperatorWrite, writtenRecord } from "~/server/api/api.server";
import { productJson, productRequest } from "~/server/api/api-resources.server";
import { actorOf } from "~/server/auth/auth.server";

const handle = apiRoute({
  async POST(args) {
    const user = await requireOperatorWrite(args);
    const input = await readJsonBody(args.request, productRequest);
    const record = writtenRecord(await createProduct(input, actorOf(user)), "Product not found");
    return created(args.request, productJson(record));
  },
});

export const loader = handle;
export const action = handle;
