import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data, Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { AdminSidebar } from "~/components/admin/admin-sidebar";
import { AdminErrorBoundary, useMarkAdminSession } from "~/components/admin/admin-error-boundary";
import { countUnreadMessages } from "~/models/contact-messages.server";
import { countPendingPromotions } from "~/models/promotions.server";
import { ADMIN_CACHE_HEADERS } from "~/server/forms/admin-action.server";
import { mayUse } from "~/server/auth/access.server";
import { requireOperatorPage } from "~/server/auth/auth.server";
import { ADMIN_SCREENS } from "~/utils/admin-screens";
// Toasts matter on this route at once (SPEC's notices): ship Radix Toast with it, not on first use.
import "~/components/ui/toast-viewport";

export async function loader({ request }: LoaderFunctionArgs) {
  // The page's own route checks the role; the layout is shown to every operator (a 403 inside it).
  const user = await requireOperatorPage(request);
  const { role } = user.operator;
  const screens = ADMIN_SCREENS.filter((screen) => mayUse(role, screen.href)).map(({ href, label }) => ({ href, label }));
  const [unread, pendingApprovals] = await Promise.all([countUnreadMessages(), countPendingPromotions()]);
  return data(
    { user: { firstName: user.firstName, email: user.email, role }, unread, pendingApprovals, screens },
    { headers: ADMIN_CACHE_HEADERS },
  );
}

export const headers: HeadersFunction = () => ADMIN_CACHE_HEADERS;

/**
 * The unread count changes when a message is opened, marked or deleted; the pending approvals' count when a
 * change is decided (a form post, which revalidates anyway) or when moving to or from the Approvals screens.
 */
const COUNTED = ["/admin/messages", "/admin/approvals"];
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate ||
  (currentUrl.pathname !== nextUrl.pathname &&
    COUNTED.some((prefix) => currentUrl.pathname.startsWith(prefix) || nextUrl.pathname.startsWith(prefix)));

export default function AdminLayout() {
  const { user, unread, pendingApprovals, screens } = useLoaderData<typeof loader>();
  useMarkAdminSession();
  return (
    <div className="min-h-screen bg-navy-50 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      <a
        href="#admin-main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-semibold text-navy-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AdminSidebar user={user} unread={unread} pendingApprovals={pendingApprovals} screens={screens} />
      <main id="admin-main" tabIndex={-1} className="min-w-0 px-4 py-6 sm:px-6 lg:px-10 lg:py-8">
        <div className="mx-auto max-w-5xl">
          <Outlet />
        </div>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
