import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirmation } from "~/components/admin/confirm-delete";
import { deleteProduct, getProduct } from "~/models/products.server";
import { ADMIN_CACHE_HEADERS, handleAdminDelete, notFound, recordIdParam } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { trashNotice } from "~/server/history/trash-actions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const product = await getProduct(recordIdParam(params.id));
  if (!product) throw notFound();
  return data({ name: product.name, note: trashNotice() }, { headers: ADMIN_CACHE_HEADERS });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = recordIdParam(params.id);
  return handleAdminDelete({
    request,
    context,
    remove: (actor) => deleteProduct(id, actor),
    listUrl: "/admin/products",
    successMessage: "Product deleted successfully!",
    failureMessage: "Failed to delete product. Please try again.",
  });
}

export default function DeleteProduct() {
  const { name, note } = useLoaderData<typeof loader>();
  return (
    <DeleteConfirmation
      title="Delete Product"
      question={`Are you sure you want to delete the "${name}" product?`}
      note={note}
      reply={useActionData<typeof action>()}
    />
  );
}
