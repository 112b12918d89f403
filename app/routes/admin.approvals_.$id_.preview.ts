import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPage } from "~/server/auth/auth.server";
import { notFound, recordIdParam } from "~/server/forms/admin-action.server";
import { approvalPreviewHtml, PREVIEW_HEADERS } from "~/server/promotions/approval-preview.server";

/**
 * A pending change to a financial promotion as visitors would see it once approved: the real public page
 * (`?page=/platforms`) with the change in place, under a "not live" banner. Approvers and admins only (the
 * access table); private, not stored by any cache, not indexed. No scripts: it works the same either way.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const id = recordIdParam(params.id);
  const html = await approvalPreviewHtml(id, new URL(request.url).searchParams.get("page"));
  if (html === null) throw notFound();
  return new Response(html, { headers: PREVIEW_HEADERS });
}
