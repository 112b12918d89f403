import { deleteProduct, updateProduct } from "~/models/products.server";
import { recordItemRoute } from "~/server/api/api-record-route.server";
import { productJson, productUpdateRequest } from "~/server/api/api-resources.server";

const handle = recordItemRoute({
  notFound: "Product not found",
  request: productUpdateRequest,
  update: updateProduct,
  remove: deleteProduct,
  toJson: productJson,
});

export const loader = handle;
export const action = handle;
