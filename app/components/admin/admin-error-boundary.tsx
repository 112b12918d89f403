import { isRouteErrorResponse, Link, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { RootErrorBoundary } from "~/components/site/error-boundary";
import { redirectToLogin } from "~/utils/unauthorized";
import { secondaryButton } from "./styles";

/**
 * Signed out, every admin route answers 404 (the admin "does not exist"). A visitor who never was signed in
 * sees the not-found page. But an operator whose session ends while the admin is open (idle timeout,
 * signed out in another tab) gets the same 404 from a save or a page change: SPEC treats that as being
 * logged out, with the "Unauthorized" notice and a new sign-in after 500 ms.
 */
let adminSessionSeen = false;

/** Called by the admin layout: this browser tab has shown the admin to a signed-in operator. */
export function useMarkAdminSession(): void {
  useEffect(() => {
    adminSessionSeen = true;
  }, []);
}

/** This tab has shown the admin to a signed-in operator (always false on the server). */
export function adminSessionWasSeen(): boolean {
  return adminSessionSeen;
}

type Verdict = "checking" | "signed-out" | "signed-in";

async function stillSignedIn(): Promise<boolean> {
  try {
    const response = await fetch("/api/auth/user", { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!response.ok) return false;
    const user: unknown = await response.json();
    return typeof user === "object" && user !== null;
  } catch {
    return false;
  }
}

export function AdminErrorBoundary() {
  const error = useRouteError();
  const routeError = isRouteErrorResponse(error);
  const status = routeError ? error.status : 500;
  const [verdict, setVerdict] = useState<Verdict>("checking");
  const [seen] = useState(() => adminSessionSeen);
  // Signed out, an admin data request is answered with the site's not-found page, which the client cannot
  // read as data: in a tab that showed the admin, an error that is no route's answer may be that too.
  const mayBeSignedOut = status === 401 || status === 404 || (!routeError && seen);
  // The layout's data is there when the error is below it: the page itself was shown to an operator.
  const layoutLoaded = useRouteLoaderData("routes/admin") !== undefined;

  useEffect(() => {
    if (!mayBeSignedOut || !seen) return;
    let cancelled = false;
    void stillSignedIn().then((signedIn) => {
      if (cancelled) return;
      setVerdict(signedIn ? "signed-in" : "signed-out");
      if (!signedIn) redirectToLogin();
    });
    return () => {
      cancelled = true;
    };
  }, [mayBeSignedOut, seen, error]);

  // Never signed in here: the public not-found page, as for any unknown address.
  if (mayBeSignedOut && !seen && !layoutLoaded) return <RootErrorBoundary />;
  if (mayBeSignedOut && seen && verdict !== "signed-in") {
    return (
      <div className="p-6" role="status">
        {verdict === "signed-out" ? <p className="text-sm text-navy-800">You are logged out. Logging in again...</p> : null}
      </div>
    );
  }
  const needs =
    routeError && typeof error.data === "object" && error.data && "needs" in error.data ? String(error.data.needs) : "another role";
  const [title, text] =
    status === 403
      ? ["You do not have access to this", `This needs ${needs}. Your role does not include it: ask an admin if your work needs it.`]
      : status === 404
        ? ["Not found", "This record no longer exists. It may have been deleted by another operator."]
        : ["Something went wrong", "The admin could not complete that request. Please try again."];
  return (
    <section className="grid gap-3 p-6">
      <h1 className="text-xl font-semibold text-navy-950">{title}</h1>
      <p className="text-sm text-navy-700">{text}</p>
      <p>
        <Link to="/admin" className={secondaryButton}>
          Back to the dashboard
        </Link>
      </p>
    </section>
  );
}
