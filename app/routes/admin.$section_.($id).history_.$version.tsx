import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { VersionDifference } from "~/components/admin/history/version-difference";
import { adminMeta } from "~/components/admin/meta";
import { versionDifferenceLoader } from "~/server/history/history-view.server";

/** One kept version against the one before it, field by field. */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? `${data.record.label}: version ${data.difference.version}` : "History");

export const loader = versionDifferenceLoader;

export default function VersionPage() {
  return <VersionDifference {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
