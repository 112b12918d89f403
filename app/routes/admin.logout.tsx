import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Link } from "@remix-run/react";
import { LOGOUT_CONFIRMATION, LOGOUT_URL } from "~/components/admin/admin-sidebar";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { panelClass, primaryButton, secondaryButton } from "~/components/admin/styles";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { requireAdminPage } from "~/server/auth/auth.server";

export const meta: MetaFunction = () => adminMeta("Logout");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return data(null, { headers: ADMIN_CACHE_HEADERS });
}

/**
 * SPEC's question as a page, and a form that posts to the logout address: what a GET of /admin/logout
 * answers (a typed or bookmarked address, an image in a post) instead of signing anyone out.
 */
export default function Logout() {
  return (
    <>
      <AdminPageHeader title="Logout" />
      <div className={`${panelClass} grid max-w-lg gap-4 p-4 sm:p-6`}>
        <p className="text-sm text-navy-900">{LOGOUT_CONFIRMATION}</p>
        <form method="post" action={LOGOUT_URL} className="flex flex-wrap gap-2">
          <button type="submit" className={primaryButton}>
            Logout
          </button>
          <Link to="/admin" className={secondaryButton}>
            Cancel
          </Link>
        </form>
      </div>
    </>
  );
}
