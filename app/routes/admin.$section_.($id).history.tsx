import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { VersionList } from "~/components/admin/history/version-list";
import { adminMeta } from "~/components/admin/meta";
import { historyListLoader } from "~/server/history/history-view.server";

/** A record's versions, newest first (the loader serves settings and records alike). */
export const meta: MetaFunction<typeof loader> = ({ data }) => adminMeta(data ? `${data.record.label}: history` : "History");

export const loader = historyListLoader;

export default function RecordHistory() {
  return <VersionList {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
