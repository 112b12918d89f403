import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { roles } from "~/collections/roles";
import { AdminErrorBoundary } from "~/components/admin/admin-error-boundary";
import { useIsSubmitting } from "~/components/admin/fields";
import { adminMeta } from "~/components/admin/meta";
import { PublishingEditorPage } from "~/components/admin/publishing/editor-page";
import { revalidateAfterConflict } from "~/components/admin/revalidate";
import { RoleForm } from "~/components/admin/role-form";
import { panelClass, secondaryButton } from "~/components/admin/styles";
import { CAREERS } from "~/server/publishing/careers-collection.server";
import { closeRoleNow } from "~/server/publishing/close-role.server";
import { publishingEditorAction, publishingEditorLoader } from "~/server/publishing/editor.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? `Edit role: ${data.role.title}` : "Edit role");

export const loader = (args: LoaderFunctionArgs) => publishingEditorLoader(args, CAREERS);

export const action = (args: ActionFunctionArgs) =>
  publishingEditorAction(args, CAREERS, { close: (role) => closeRoleNow(args, role) });

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
  const { role, ...editor } = useLoaderData<typeof loader>();
  const { state } = editor.status;
  return (
    <PublishingEditorPage
      collection={roles}
      record={role}
      {...editor}
      form={(props) => <RoleForm {...props} live={state === "published" || state === "closed"} />}
    >
      {state === "published" ? <CloseNow version={role.version} /> : null}
    </PublishingEditorPage>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
