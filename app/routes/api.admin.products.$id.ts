import { deleteProduct, updateProduct } from "~/models/products.server";
import { recordItemRoute } from "~/utils/api-record-route.server";
import { productJson, productUpdateRequest } from "~/utils/api-resources.server";

const handle = recordItemRoute({
  notFound: "Product not found",
  request: productUpdateRequest,
  update: updateProduct,
  remove: deleteProduct,
  toJson: productJson,
});

export const loader = handle;
export const action = handle;
