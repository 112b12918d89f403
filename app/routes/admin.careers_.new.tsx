import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/meta";
import { NewPublicationPage } from "~/components/admin/publishing/editor-page";
import { RoleForm } from "~/components/admin/role-form";
import { nextRoleOrder } from "~/models/roles.server";
import { CAREERS } from "~/server/publishing/careers-collection.server";
import { newPublicationAction, newPublicationLoader } from "~/server/publishing/editor.server";

export const meta: MetaFunction = () => adminMeta("New role");

export const loader = (args: LoaderFunctionArgs) =>
  newPublicationLoader(args, async () => ({ displayOrder: await nextRoleOrder() }));

export const action = (args: ActionFunctionArgs) => newPublicationAction(args, CAREERS);

export default function NewRole() {
  const { now, displayOrder } = useLoaderData<typeof loader>();
  return (
    <NewPublicationPage
      section="careers"
      noun="role"
      description="Add an open role to the Careers page: save it as a draft, publish it, or schedule it."
      form={(reply) => (
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
          reply={reply}
        />
      )}
    />
  );
}
