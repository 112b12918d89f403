import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useLoaderData } from "@remix-run/react";
import { ConfirmScreen } from "~/components/admin/confirm-screen";
import { SubmitButton } from "~/components/admin/fields";
import { adminMeta } from "~/components/admin/meta";
import { dangerButtonClass } from "~/components/admin/styles";
import { discardLegalDraft } from "~/models/legal-documents.server";
import { ADMIN_CACHE_HEADERS, handleAdminDelete } from "~/server/forms/admin-action.server";
import { adminLegalKey, legalDraftToShow } from "~/server/forms/legal-screen.server";

export const LEGAL_DRAFT_DISCARDED = "Draft discarded.";
export const LEGAL_DISCARD_FAILED = "Failed to discard the draft. Please try again.";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  adminMeta(loaded ? `Discard the ${loaded.title} draft` : "Legal");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { key, current, version } = await legalDraftToShow(request, params.key);
  return data({ key, title: current.title, version }, { headers: ADMIN_CACHE_HEADERS });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const key = await adminLegalKey(request, params.key);
  return handleAdminDelete({
    request,
    context,
    remove: (actor) => discardLegalDraft(key, actor),
    listUrl: `/admin/legal/${key}`,
    successMessage: LEGAL_DRAFT_DISCARDED,
    failureMessage: LEGAL_DISCARD_FAILED,
  });
}

export default function DiscardLegalDraft() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <ConfirmScreen
      title={`Discard the draft of version ${loaded.version} of the ${loaded.title}?`}
      cancelTo={`/admin/legal/${loaded.key}`}
      submit={
        <SubmitButton pendingText="Discarding..." className={dangerButtonClass}>
          Discard draft
        </SubmitButton>
      }
    >
      <p className="text-sm text-navy-800">
        The draft's text is deleted and cannot be brought back. Published versions, and what visitors read, do
        not change.
      </p>
    </ConfirmScreen>
  );
}
