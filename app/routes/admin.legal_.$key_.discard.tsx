import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmScreen } from "~/components/admin/confirm-screen";
import { SubmitButton } from "~/components/admin/fields";
import { adminMeta } from "~/components/admin/meta";
import { dangerButtonClass } from "~/components/admin/styles";
import { useActionToast } from "~/components/admin/use-action-toast";
import {
  currentLegalDocument,
  discardLegalDraft,
  legalDraft,
  nextLegalVersion,
} from "~/models/legal-documents.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS, handleAdminDelete, notFound } from "~/server/forms/admin-action.server";
import { legalKeyParam } from "~/server/forms/legal-key.server";

export const LEGAL_DRAFT_DISCARDED = "Draft discarded.";
export const LEGAL_DISCARD_FAILED = "Failed to discard the draft. Please try again.";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  adminMeta(loaded ? `Discard the ${loaded.title} draft` : "Legal");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const key = legalKeyParam(params.key);
  const [current, draft, version] = await Promise.all([
    currentLegalDocument(key),
    legalDraft(key),
    nextLegalVersion(key),
  ]);
  if (!current || !draft || version === null) throw notFound();
  return data({ key, title: current.title, version }, { headers: ADMIN_CACHE_HEADERS });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdminPage(request);
  const key = legalKeyParam(params.key);
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
  const reply = useActionData<typeof action>();
  useActionToast(reply?.toast);
  return (
    <ConfirmScreen
      title={`Discard the draft of version ${loaded.version} of the ${loaded.title}?`}
      cancelTo={`/admin/legal/${loaded.key}`}
      formError={reply?.result.error?.[""]?.join(" ")}
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
