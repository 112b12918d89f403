import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { RestoreConfirmation } from "~/components/admin/history/restore-confirmation";
import { adminMeta } from "~/components/admin/meta";
import { restoreConfirmationLoader, restoreVersionAction } from "~/server/history/history-view.server";

/** "Restore version N?": the confirmation page, and the form post that restores. */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? `Restore version ${data.version} of ${data.record.label}` : "Restore");

export async function loader(args: LoaderFunctionArgs) {
  return restoreConfirmationLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return restoreVersionAction(args);
}

export default function RestoreVersion() {
  const loaded = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>();
  return <RestoreConfirmation {...loaded} problem={problem} />;
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
