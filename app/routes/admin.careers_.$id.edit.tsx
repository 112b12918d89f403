import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { useIsSubmitting } from "~/components/admin/fields";
import { RecordHistoryLink } from "~/components/admin/history-link";
import { adminMeta } from "~/components/admin/meta";
import { PreviewLinksPanel } from "~/components/admin/preview-links-panel";
import { PublishingEditorHeader } from "~/components/admin/publication-status";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { RoleForm } from "~/components/admin/role-form";
import { panelClass, secondaryButton } from "~/components/admin/styles";
import { now } from "~/models/clock.server";
import { RATE_LIMIT_MESSAGE } from "~/models/rate-limit.server";
import { getRole, rolePath, updateRole, type Role } from "~/models/roles.server";
import { EMPLOYMENT_TYPE_LABELS, roleSchema, type EmploymentType } from "~/schemas/role";
import {
  ADMIN_CACHE_HEADERS,
  beginAdminWrite,
  failureToast,
  notFound,
  recordIdParam,
  successToast,
} from "~/server/forms/admin-action.server";
import { readFormData } from "~/server/forms/form-data.server";
import {
  handlePreviewLinkAction,
  handlePublishingSave,
  localField,
  previewLinksView,
  publicationStatusView,
  type PreviewReply,
} from "~/server/forms/publishing-action.server";
import { redirectWithToast } from "~/server/forms/toast.server";
import { actorOf, requireAdminPage } from "~/server/auth/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? `Edit role: ${data.role.title}` : "Edit role");

const CLOSE_FAILED = "Failed to close role. Please try again.";

/** The role as its form shows it. */
function formValues(role: Role) {
  const { title, slug, team, location, employmentType, summary, body, displayOrder, version } = role;
  return {
    title,
    slug,
    team,
    location,
    employmentType,
    summary,
    body,
    displayOrder,
    publishAt: localField(role.publishAt),
    closesAt: localField(role.closesAt),
    version,
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const role = await getRole(recordIdParam(params.id));
  if (!role) throw notFound();
  return data(
    {
      role: {
        id: role.id,
        path: rolePath(role.slug),
        published: role.status === "published",
        ...formValues(role),
      },
      status: publicationStatusView(role),
      links: await previewLinksView("role", role.id),
      now: now().getTime(),
    },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

/** "Close now": the role leaves the site at once (Closes at becomes now), everything else as it is. */
async function closeNow(request: Request, context: AppLoadContext, role: Role, version: number | undefined) {
  const { user, limited } = await beginAdminWrite(request, context);
  const editUrl = `/admin/careers/${role.id}/edit`;
  if (limited) return redirectWithToast(editUrl, failureToast(RATE_LIMIT_MESSAGE));
  const { title, slug, team, location, summary, body, status, publishAt, displayOrder } = role;
  const employmentType = role.employmentType as EmploymentType;
  const input = {
    title,
    slug,
    team,
    location,
    employmentType,
    summary,
    body,
    status,
    publishAt,
    displayOrder,
    closesAt: now(),
  };
  try {
    const outcome = await updateRole(role.id, input, actorOf(user), version);
    if (outcome.ok) return redirectWithToast(editUrl, successToast("Role closed successfully!"));
    return redirectWithToast(
      editUrl,
      failureToast(outcome.reason === "conflict" ? outcome.message : CLOSE_FAILED),
    );
  } catch (error) {
    console.error(`[admin] ${CLOSE_FAILED}`, error);
    return redirectWithToast(editUrl, failureToast(CLOSE_FAILED));
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdminPage(request);
  const id = recordIdParam(params.id);
  const formData = await readFormData(request.clone());
  const before = await getRole(id);
  const intent = formData.get("intent");
  if (intent === "create-preview" || intent === "delete-preview" || intent === "close") {
    if (!before) throw notFound();
    if (intent === "close") {
      const version = Number(formData.get("version"));
      return closeNow(request, context, before, Number.isSafeInteger(version) ? version : undefined);
    }
    return handlePreviewLinkAction({
      request,
      context,
      kind: "role",
      id,
      publicPath: rolePath(before.slug),
      editUrl: `/admin/careers/${id}/edit`,
      formData,
    });
  }
  return handlePublishingSave({
    request,
    context,
    noun: "Role",
    schema: roleSchema,
    listUrl: "/admin/careers",
    before,
    write: (value, actor, version) => updateRole(id, value, actor, version),
    current: {
      section: "careers",
      id,
      read: () => getRole(id),
      formValues,
      valueLabels: { employmentType: EMPLOYMENT_TYPE_LABELS },
    },
  });
}

export const shouldRevalidate = revalidateAfterConflict;

function CloseNow({ version }: { version: number }) {
  const closing = useIsSubmitting("close");
  return (
    <section aria-labelledby="close-role-title" className={`${panelClass} mt-6 grid gap-3 p-4 sm:p-6`}>
      <h2 id="close-role-title" className="text-lg font-semibold text-navy-950">
        Close this role
      </h2>
      <p className="text-sm text-navy-700">
        Closing takes the role off the Careers page now (Closes at becomes the current time). Clear Closes at
        and update the role to open it again.
      </p>
      <Form method="post" replace preventScrollReset>
        <input type="hidden" name="intent" value="close" />
        <input type="hidden" name="version" value={version} />
        <button type="submit" className={secondaryButton} disabled={closing}>
          {closing ? "Closing..." : "Close now"}
        </button>
      </Form>
    </section>
  );
}

export default function EditRole() {
  const { role, status, links, now } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as AdminFormReply | PreviewReply | undefined;
  const preview = answer && "previewUrl" in answer ? answer : undefined;
  const reply = answer && "result" in answer ? answer : undefined;
  return (
    <>
      <PublishingEditorHeader
        title="Edit role"
        name={role.title}
        publicPath={role.path}
        status={status}
        listPath="/admin/careers"
        listLabel="Back to roles"
      />
      <RecordHistoryLink section="careers" />
      <RoleForm
        key={role.version}
        defaultValue={role}
        version={role.version}
        published={role.published}
        live={status.state === "published" || status.state === "closed"}
        now={now}
        reply={reply}
      />
      {status.state === "published" ? <CloseNow version={role.version} /> : null}
      <PreviewLinksPanel noun="role" links={links} created={preview} live={status.state === "published"} />
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
