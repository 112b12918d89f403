import { toast } from "~/components/ui/toast";
import type { ToastMessage } from "./toast";

/**
 * SPEC 4 and 8: an unauthorized answer means the session is gone. Show the destructive notice, then
 * after 500 ms go to the login address with a full-page navigation.
 */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
export const LOGIN_PATH = "/api/login";
export const UNAUTHORIZED_TOAST: ToastMessage = {
  title: "Unauthorized",
  description: "You are logged out. Logging in again...",
  variant: "destructive",
};

/** If the notice cannot be drawn (its script did not load), the visitor is not left waiting longer than this. */
export const UNAUTHORIZED_NOTICE_WAIT_MS = 3_000;

let redirecting = false;

/**
 * Shows the notice and navigates to /api/login once it has been on screen for the delay; calling it again
 * changes nothing.
 */
export function redirectToLogin(): void {
  if (redirecting) return;
  redirecting = true;
  const leave = () => {
    window.location.href = LOGIN_PATH;
  };
  const fallback = setTimeout(leave, UNAUTHORIZED_NOTICE_WAIT_MS);
  toast(UNAUTHORIZED_TOAST, () => {
    clearTimeout(fallback);
    setTimeout(leave, UNAUTHORIZED_REDIRECT_DELAY_MS);
  });
}

/** SPEC 8's test: an error message of the form "401: ...Unauthorized". */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/**
 * For admin screens: given a response, a status or a fetch error, handles a 401 as above and says
 * whether it did, so the caller can stop there.
 */
export function handleUnauthorized(outcome: Response | number | unknown): boolean {
  const unauthorized =
    outcome instanceof Response ? outcome.status === 401 : typeof outcome === "number" ? outcome === 401 : isUnauthorizedError(outcome);
  if (unauthorized) redirectToLogin();
  return unauthorized;
}
