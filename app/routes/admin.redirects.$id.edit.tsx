import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { RedirectForm } from "~/components/admin/redirect-form";
import { RecordHistoryLink } from "~/components/admin/history-link";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { getRedirect, updateRedirect } from "~/models/redirects.server";
import { redirectSchema, STATUS_LABELS } from "~/schemas/redirect";
import { ADMIN_CACHE_HEADERS, handleAdminForm, notFound, recordIdParam } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { isSitePage } from "~/utils/site-paths";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const rule = await getRedirect(recordIdParam(params.id));
  if (!rule) throw notFound();
  const { from, to, statusCode, note, version } = rule;
  // A rule that already replaces a page was confirmed when it was made: the box shows, ticked.
  return data(
    { rule: { from, to, statusCode: String(statusCode), note, version, confirmShadow: isSitePage(from) } },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = recordIdParam(params.id);
  return handleAdminForm({
    request,
    context,
    schema: redirectSchema,
    write: (value, actor, version) => updateRedirect(id, value, actor, version),
    current: { section: "redirects", id, read: () => getRedirect(id), valueLabels: { statusCode: STATUS_LABELS } },
    successUrl: "/admin/redirects",
    successMessage: "Redirect updated successfully!",
    failureMessage: "Failed to update redirect. Please try again.",
  });
}

export const shouldRevalidate = revalidateAfterConflict;

export default function EditRedirect() {
  const { rule } = useLoaderData<typeof loader>();
  const { version, ...defaultValue } = rule;
  return (
    <>
      <RedirectForm
        key={version}
        mode="edit"
        defaultValue={defaultValue}
        version={version}
        reply={useActionData<typeof action>()}
      />
      <RecordHistoryLink section="redirects" />
    </>
  );
}
