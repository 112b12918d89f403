import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useEffect } from "react";
import { getAdmin } from "~/server/auth/auth.server";
import type { RefreshHandle } from "~/utils/refresh";
import { LOGIN_PATH, redirectToLogin, UNAUTHORIZED_TOAST } from "~/utils/unauthorized";
// Toasts matter on this route at once (SPEC's notices): ship Radix Toast with it, not on first use.
import "~/components/ui/toast-viewport";

/**
 * The authentication-check screen (SPEC 2), at /auth. The server decides: signed in, a redirect to
 * /admin. Signed out, this page: a loading state, then (with JavaScript) the "Unauthorized" notice and,
 * 500 ms later, /api/login. Without JavaScript, the notice is in the page, and a refresh in the head
 * (inside <noscript>, where HTML allows it) goes on to /api/login a second later.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (await getAdmin(request)) throw redirect("/admin", { headers: { "Cache-Control": "no-store" } });
  return data(null, { headers: { "Cache-Control": "no-store" } });
}

export const handle = { refreshWithoutScript: { seconds: 1, url: LOGIN_PATH } } satisfies RefreshHandle;

export const meta: MetaFunction = () => [
  { title: "Checking your sign-in | Kestrel Insight" },
  { name: "robots", content: "noindex" },
];

export default function AuthenticationCheck() {
  useEffect(() => {
    redirectToLogin();
  }, []);

  return (
    <main className="grid min-h-screen place-items-center bg-navy-50 px-4">
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-4 text-center">
        <span
          aria-hidden="true"
          className="size-10 animate-spin rounded-full border-4 border-navy-200 border-t-accent-700 motion-reduce:animate-none"
        />
        <h1 className="text-lg font-semibold text-navy-900">Checking your sign-in...</h1>
        <noscript>
          <p className="max-w-sm text-navy-700">
            <strong>{UNAUTHORIZED_TOAST.title}.</strong> {UNAUTHORIZED_TOAST.description}{" "}
            <a href={LOGIN_PATH} className="font-semibold text-accent-700 underline">
              Sign in
            </a>
          </p>
        </noscript>
      </div>
    </main>
  );
}
