import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PublicationDeletePage } from "~/components/admin/publishing/delete-page";
import { NEWS } from "~/server/publishing/news-collection.server";
import { publicationDeleteAction, publicationDeleteLoader } from "~/server/publishing/editor.server";

export const loader = (args: LoaderFunctionArgs) => publicationDeleteLoader(args, NEWS);

export const action = (args: ActionFunctionArgs) => publicationDeleteAction(args, NEWS);

export default function DeletePost() {
  return <PublicationDeletePage noun="Post" />;
}
