import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adminListPath, collectionAt, dialogScreenAt } from "~/collections";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { DialogList } from "~/components/admin/dialogs/dialog-list";
import { adminMeta } from "~/components/admin/meta";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { recordListLoader } from "~/server/admin/record-routes.server";

/** The list of any collection edited in dialogs (/admin/products, /admin/stats, /admin/menus); the dialogs open over it. */
export const meta: MetaFunction = ({ params }) =>
  adminMeta(dialogScreenAt(params.section)?.page.title ?? "Not found");

export const loader = recordListLoader;

export const shouldRevalidate = revalidateAfterConflict;

export default function DialogCollectionList() {
  const { section, records } = useLoaderData<typeof loader>();
  const collection = collectionAt(section)!;
  return <DialogList screen={dialogScreenAt(section)!} rows={records} basePath={adminListPath(collection)} />;
}

/** A record that is not there (deleted meanwhile) shows inside the admin, sidebar and all. */
export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
