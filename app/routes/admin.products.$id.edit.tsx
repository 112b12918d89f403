import { products } from "~/collections/products";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RecordHistoryLink } from "~/components/admin/history-link";
import { ProductForm } from "~/components/admin/product-form";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { getProduct, updateProduct } from "~/models/products.server";
import { BADGE_LABELS, productSchema } from "~/schemas/product";
import { editRecordLoader, updateRecordAction } from "~/server/admin/record-routes.server";

export const loader = editRecordLoader(
  "product",
  getProduct,
  ({ name, description, url, badge, displayOrder, version }) => ({
    name,
    description,
    url,
    badge,
    displayOrder,
    version,
  }),
);

export const action = updateRecordAction({
  collection: products,
  schema: productSchema,
  update: updateProduct,
  read: getProduct,
  current: {
    section: "products",
    // The badge select posts "none" for no badge.
    formValues: (product) => ({ ...product, badge: product.badge ?? "none" }),
    valueLabels: { badge: { none: "None", ...BADGE_LABELS } },
  },
});

export const shouldRevalidate = revalidateAfterConflict;

export default function EditProduct() {
  const { product } = useLoaderData<typeof loader>();
  return (
    <>
      <ProductForm
        key={product.version}
        mode="edit"
        defaultValue={product}
        version={product.version}
        reply={useActionData<typeof action>()}
      />
      <RecordHistoryLink section="products" />
    </>
  );
}
