import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { ProductForm } from "~/components/admin/product-form";
import { RecordHistoryLink } from "~/components/admin/history-link";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { getProduct, updateProduct } from "~/models/products.server";
import { BADGE_LABELS, productSchema } from "~/schemas/product";
import { ADMIN_CACHE_HEADERS, handleAdminForm, notFound, recordIdParam } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const product = await getProduct(recordIdParam(params.id));
  if (!product) throw notFound();
  const { name, description, url, badge, displayOrder, version } = product;
  return data({ product: { name, description, url, badge, displayOrder, version } }, { headers: ADMIN_CACHE_HEADERS });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = recordIdParam(params.id);
  return handleAdminForm({
    request,
    context,
    schema: productSchema,
    write: (value, actor, version) => updateProduct(id, value, actor, version),
    current: {
      section: "products",
      id,
      read: () => getProduct(id),
      // The badge select posts "none" for no badge.
      formValues: (product) => ({ ...product, badge: product.badge ?? "none" }),
      valueLabels: { badge: { none: "None", ...BADGE_LABELS } },
    },
    successUrl: "/admin/products",
    successMessage: "Product updated successfully!",
    failureMessage: "Failed to update product. Please try again.",
  });
}

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
