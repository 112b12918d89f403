import { products } from "~/collections/products";
import { RecordDeleteConfirmation } from "~/components/admin/confirm-delete";
import { deleteProduct, getProduct } from "~/models/products.server";
import { deleteRecordLoader, removeRecordAction } from "~/server/admin/record-routes.server";

export const loader = deleteRecordLoader(getProduct, (product) => product.name);

export const action = removeRecordAction({
  collection: products,
  remove: deleteProduct,
});

export default function DeleteProduct() {
  return <RecordDeleteConfirmation title="Delete Product" noun="product" />;
}
