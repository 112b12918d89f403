import { listProducts } from "~/models/products.server";
import { apiRoute, publicJson } from "~/utils/api.server";
import { productJson } from "~/utils/api-resources.server";

const handle = apiRoute({
  async GET({ request }) {
    return publicJson(request, (await listProducts()).map(productJson));
  },
});

export const loader = handle;
export const action = handle;
