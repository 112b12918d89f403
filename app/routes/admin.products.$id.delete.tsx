import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirmation } from "~/components/admin/confirm-delete";
import { getProduct, deleteProduct } from "~/models/products.server";
import { deleteConfirmationLoader, deleteRecordAction } from "~/server/forms/delete-route.server";

export const loader = (args: LoaderFunctionArgs) => deleteConfirmationLoader(args, { read: getProduct, name: (product) => product.name });

export const action = (args: ActionFunctionArgs) =>
  deleteRecordAction(args, {
    remove: deleteProduct,
    listUrl: "/admin/products",
    successMessage: "Product deleted successfully!",
    failureMessage: "Failed to delete product. Please try again.",
  });

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
