import { listProducts } from "~/models/products.server";
import { apiRoute, publicJson } from "~/server/api/api.server";
import { productJson, productRecord } from "~/server/api/api-resources.server";
import { publicList, type ApiOperation } from "~/server/api/openapi-operations.server";

const handle = apiRoute({
  async GET({ request }) {
    return publicJson(request, (await listProducts()).map(productJson));
  },
});

export const loader = handle;
export const action = handle;

export const openapi: ApiOperation[] = [
  publicList("/api/products", "Products in display order", productRecord),
];
