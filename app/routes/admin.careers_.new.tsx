import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { AdminFormReply } from "~/components/admin/form-reply";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { RoleForm } from "~/components/admin/role-form";
import { secondaryButton } from "~/components/admin/styles";
import { now } from "~/models/clock.server";
import { createRole, nextRoleOrder } from "~/models/roles.server";
import { roleSchema } from "~/schemas/role";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { handlePublishingSave } from "~/server/forms/publishing-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";

export const meta: MetaFunction = () => adminMeta("New role");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return data({ now: now().getTime(), displayOrder: await nextRoleOrder() }, { headers: ADMIN_CACHE_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdminPage(request);
  return handlePublishingSave({
    request,
    context,
    noun: "Role",
    schema: roleSchema,
    listUrl: "/admin/careers",
    before: null,
    write: (value, actor) => createRole(value, actor),
  });
}

export default function NewRole() {
  const { now, displayOrder } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminPageHeader
        title="New role"
        description="Add an open role to the Careers page: save it as a draft, publish it, or schedule it."
        actions={
          <Link to="/admin/careers" className={secondaryButton}>
            Back to roles
          </Link>
        }
      />
      <RoleForm
        defaultValue={{
          title: "",
          slug: "",
          team: "",
          location: "",
          employmentType: "full_time",
          summary: "",
          body: "",
          publishAt: "",
          closesAt: "",
          displayOrder,
        }}
        published={false}
        live={false}
        now={now}
        reply={useActionData<typeof action>() as AdminFormReply | undefined}
      />
    </>
  );
}
