import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { roles } from "~/collections/roles";
import { adminMeta } from "~/components/admin/meta";
import { NewPublicationPage } from "~/components/admin/publishing/editor-page";
import { newRoleValues, RoleForm } from "~/components/admin/role-form";
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
      collection={roles}
      description="Add an open role to the Careers page: save it as a draft, publish it, or schedule it."
      now={now}
      form={(props) => <RoleForm {...props} defaultValue={newRoleValues(displayOrder)} />}
    />
  );
}
