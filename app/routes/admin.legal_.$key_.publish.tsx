import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useLoaderData } from "@remix-run/react";
import { ConfirmFrame, ConfirmScreen } from "~/components/admin/confirm-screen";
import { z } from "zod";
import { SubmitButton } from "~/components/admin/fields";
import { adminMeta } from "~/components/admin/meta";
import { secondaryButton } from "~/components/admin/styles";
import { now } from "~/models/clock.server";
import { publishLegalDraft } from "~/models/legal-documents.server";
import { recordVersion } from "~/schemas/fields";
import { ADMIN_CACHE_HEADERS, handleAdminForm } from "~/server/forms/admin-action.server";
import { adminLegalKey, legalDraftScreen } from "~/server/forms/legal-screen.server";
import { formatIsoDate } from "~/utils/dates";
import { legalPages } from "~/utils/legal-pages";
import { londonIsoDate } from "~/utils/london-time";

export const LEGAL_PUBLISHED = "Legal document published successfully!";
export const LEGAL_PUBLISH_FAILED = "Failed to publish legal document. Please try again.";
export const LEGAL_DRAFT_STALE =
  "The draft was saved again, or another version was published, after this page was opened. Check the draft and publish again.";

/** The confirmation's one form: the number and draft the operator was shown, so that nothing else is published. */
const publishSchema = z.object({ version: recordVersion, draftSavedAt: z.string().max(40) });

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  adminMeta(loaded ? `Publish version ${loaded.version} of the ${loaded.title}` : "Legal");

/** What publishing the draft will do, in words: which version, of what, and when visitors see it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { key, current, draft, version } = await legalDraftScreen(request, params.key);
  if (!draft)
    return data({ key, title: current.title, version, draft: null }, { headers: ADMIN_CACHE_HEADERS });
  const atOnce = draft.effectiveDate <= londonIsoDate(now());
  return data(
    {
      key,
      title: current.title,
      version,
      draft: {
        savedAt: draft.updatedAt.toISOString(),
        changeSummary: draft.changeSummary,
        consequence: atOnce
          ? `Visitors will see it at once at ${legalPages[key].path}; version ${current.version} stays readable at its own address.`
          : `Visitors will see it at ${legalPages[key].path} from ${formatIsoDate(draft.effectiveDate)}; until then they read version ${current.version}.`,
      },
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const key = await adminLegalKey(request, params.key);
  return handleAdminForm<z.infer<typeof publishSchema>>({
    request,
    context,
    schema: publishSchema,
    write: async (value, actor, version) => {
      const outcome = await publishLegalDraft(key, actor, { version, draftSavedAt: value.draftSavedAt });
      if (outcome.ok) return { ok: true, record: outcome.version };
      return outcome.reason === "stale"
        ? { ok: false, reason: "conflict", message: LEGAL_DRAFT_STALE }
        : { ok: false, reason: "not_found" };
    },
    successUrl: `/admin/legal/${key}`,
    notFoundUrl: `/admin/legal/${key}`,
    successMessage: LEGAL_PUBLISHED,
    failureMessage: LEGAL_PUBLISH_FAILED,
  });
}

export default function PublishLegalDraft() {
  const loaded = useLoaderData<typeof loader>();
  const heading = `Publish version ${loaded.version} of the ${loaded.title}?`;
  if (!loaded.draft) {
    return (
      <ConfirmFrame title={heading}>
        <p className="text-sm text-navy-800">There is no draft to publish: save one first.</p>
        <div>
          <Link to={`/admin/legal/${loaded.key}`} className={secondaryButton}>
            Back to the {loaded.title}
          </Link>
        </div>
      </ConfirmFrame>
    );
  }
  return (
    <ConfirmScreen
      title={heading}
      cancelTo={`/admin/legal/${loaded.key}`}
      hidden={
        <>
          <input type="hidden" name="version" value={loaded.version} />
          <input type="hidden" name="draftSavedAt" value={loaded.draft.savedAt} />
        </>
      }
      submit={<SubmitButton pendingText="Publishing...">Publish version {loaded.version}</SubmitButton>}
    >
      <p className="text-sm text-navy-800">{loaded.draft.consequence}</p>
      <p className="text-sm text-navy-700">
        Change summary: <span className="text-navy-950">{loaded.draft.changeSummary}</span>
      </p>
      <p className="text-sm text-navy-700">
        A published version cannot be edited or withdrawn: a correction is another version.
      </p>
    </ConfirmScreen>
  );
}
