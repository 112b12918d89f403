import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PublicationDeletePage } from "~/components/admin/publishing/delete-page";
import { CAREERS } from "~/server/publishing/careers-collection.server";
import { publicationDeleteAction, publicationDeleteLoader } from "~/server/publishing/editor.server";

export const loader = (args: LoaderFunctionArgs) => publicationDeleteLoader(args, CAREERS);

export const action = (args: ActionFunctionArgs) => publicationDeleteAction(args, CAREERS);

export default function DeleteRole() {
  return <PublicationDeletePage noun="Role" />;
}
