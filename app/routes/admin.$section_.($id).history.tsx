import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { VersionList } from "~/components/admin/history/version-list";
import { adminMeta } from "~/components/admin/meta";
import { historyListLoader } from "~/server/history/history-view.server";

/** A record's versions, newest first (the loader serves settings and records alike). */
export const meta: MetaFunction<typeof loader> = ({ data }) => adminMeta(data ? `${data.record.label}: history` : "History");

export async function loader(args: LoaderFunctionArgs) {
  return historyListLoader(args);
}

export default function RecordHistory() {
  const { record, versions } = useLoaderData<typeof loader>();
  return <VersionList record={record} versions={versions} />;
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
