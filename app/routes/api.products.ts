import { listProducts } from "~/models/products.server";
import { apiRoute, publicJson } from "~/server/api/api.server";
import { productJson } from "~/server/api/api-resources.server";

const handle = apiRoute({
  async GET({ request }) {
    return publicJson(request, (await listProducts()).map(productJson));
  },
});

export const loader = handle;
export const action = handle;
