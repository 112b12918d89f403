import { products } from "~/collections/products";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProductForm } from "~/components/admin/product-form";
import { createProduct, nextProductOrder } from "~/models/products.server";
import { productSchema } from "~/schemas/product";
import { createRecordAction, newRecordLoader } from "~/server/admin/record-routes.server";

export const loader = newRecordLoader(nextProductOrder);

export const action = createRecordAction({
  collection: products,
  schema: productSchema,
  create: createProduct,
});

export default function NewProduct() {
  const { displayOrder } = useLoaderData<typeof loader>();
  return (
    <ProductForm
      mode="create"
      defaultValue={{ name: "", description: "", url: "", badge: null, displayOrder }}
      reply={useActionData<typeof action>()}
    />
  );
}
