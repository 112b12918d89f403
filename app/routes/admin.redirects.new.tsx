import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { RedirectForm } from "~/components/admin/redirect-form";
import { createRedirect } from "~/models/redirects.server";
import { redirectSchema } from "~/schemas/redirect";
import { ADMIN_CACHE_HEADERS, handleAdminForm } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { MAX_PATH_LENGTH, normalisePath } from "~/utils/site-paths";

/** `?from=` (the missing-addresses list's "Redirect this") fills in From; anything that is not a path is ignored. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const requested = new URL(request.url).searchParams.get("from");
  const from = requested && requested.length <= MAX_PATH_LENGTH ? (normalisePath(requested) ?? "") : "";
  return data({ from }, { headers: ADMIN_CACHE_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleAdminForm({
    request,
    context,
    schema: redirectSchema,
    write: (value, actor) => createRedirect(value, actor),
    successUrl: "/admin/redirects",
    successMessage: "Redirect created successfully!",
    failureMessage: "Failed to create redirect. Please try again.",
  });
}

export default function NewRedirect() {
  const { from } = useLoaderData<typeof loader>();
  return (
    <RedirectForm
      key={from}
      mode="create"
      defaultValue={{ from, to: "", statusCode: "301", note: "", confirmShadow: false }}
      reply={useActionData<typeof action>()}
    />
  );
}
