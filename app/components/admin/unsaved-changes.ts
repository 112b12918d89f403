import { useBlocker, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, type FormEvent } from "react";

/**
 * Edits are never lost without a word (with JavaScript; without it the server keeps what was typed through
 * every error). Typing in a form marks it changed, for the page it was typed on; leaving that page (a link,
 * "Back to posts", closing a dialog) then asks first, and so does closing the tab (the browser's own
 * beforeunload prompt). Saving, which posts to the same address, is never asked about.
 */

export const LEAVE_EDITOR_QUESTION = "You have unsaved changes. Leave this page and lose them?";
export const DISCARD_DIALOG_QUESTION = "You have unsaved changes. Close and lose them?";

/** What a form or a dialog needs: `onInput` marks it changed; `changed()` says whether it is. */
export function useUnsavedChanges() {
  const { pathname } = useLocation();
  // The address the typing happened at: once the page changes (a save redirected), nothing is unsaved.
  const changedAt = useRef<string | null>(null);
  const current = useRef(pathname);
  current.current = pathname;
  const changed = useCallback(() => changedAt.current !== null && changedAt.current === current.current, []);
  const onInput = useCallback((event: FormEvent) => {
    if (event.target instanceof HTMLElement && event.target.closest("form")) changedAt.current = current.current;
  }, []);
  const forget = useCallback(() => {
    changedAt.current = null;
  }, []);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!changed()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [changed]);
  return { onInput, changed, forget };
}

/** A page's editor: links and Back buttons to another page ask before the typed changes are dropped. */
export function useLeaveGuard() {
  const guard = useUnsavedChanges();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => guard.changed() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(LEAVE_EDITOR_QUESTION)) {
      guard.forget();
      blocker.proceed();
    } else {
      blocker.reset();
    }
  }, [blocker, guard]);
  return guard;
}
