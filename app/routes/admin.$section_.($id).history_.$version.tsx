import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { VersionDifference } from "~/components/admin/history/version-difference";
import { adminMeta } from "~/components/admin/meta";
import { versionDifferenceLoader } from "~/server/history/history-view.server";

/** One kept version against the one before it, field by field. */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? `${data.record.label}: version ${data.difference.version}` : "History");

export async function loader(args: LoaderFunctionArgs) {
  return versionDifferenceLoader(args);
}

export default function VersionPage() {
  const { record, difference } = useLoaderData<typeof loader>();
  return <VersionDifference record={record} difference={difference} />;
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
