import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPage } from "~/server/auth/auth.server";
import { ADMIN_CACHE_HEADERS, beginAdminWrite } from "~/server/forms/admin-action.server";
import { readFormData } from "~/server/forms/form-data.server";
import { redirectWithToast } from "~/server/forms/toast.server";
import { saveApprovalSetting } from "~/server/promotions/register-screens.server";

/** The setting has no page of its own: it is the form at the top of the Promotions screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return redirect("/admin/promotions", { headers: ADMIN_CACHE_HEADERS });
}

/** "Financial promotions need approval" (admins only, audited): the checkbox on, or off. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, limited } = await beginAdminWrite(request, context);
  const formData = await readFormData(request);
  return redirectWithToast("/admin/promotions", await saveApprovalSetting(formData, user, limited !== null));
}
