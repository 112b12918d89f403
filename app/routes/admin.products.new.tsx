import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { ProductForm } from "~/components/admin/product-form";
import { createProduct, nextProductOrder } from "~/models/products.server";
import { productSchema } from "~/schemas/product";
import { ADMIN_CACHE_HEADERS, handleAdminForm } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return data({ displayOrder: await nextProductOrder() }, { headers: ADMIN_CACHE_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleAdminForm({
    request,
    context,
    schema: productSchema,
    write: (value, actor) => createProduct(value, actor),
    successUrl: "/admin/products",
    successMessage: "Product created successfully!",
    failureMessage: "Failed to create product. Please try again.",
  });
}

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
