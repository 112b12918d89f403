import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useLinksOpenDialog } from "./site-dialog";

const loadDialog = () => import("./waitlist-dialog");
const WaitlistDialog = lazy(() => loadDialog().then((module) => ({ default: module.WaitlistDialog })));

/**
 * "Join the waitlist" links (`a[data-waitlist]`, on the platform cards) stay links to /waitlist without
 * JavaScript; with it, a plain click opens the same form in a dialog in place (issue 40). The dialog's
 * code is fetched the first time a visitor points at or focuses such a link, as the contact dialog's is.
 */
export function DeferredWaitlistDialog() {
  const [request, setRequest] = useState<{ platform: string; session: number } | null>(null);
  const [open, setOpen] = useState(false);
  const { returnFocus } = useLinksOpenDialog(
    "a[data-waitlist]",
    useCallback((link: HTMLAnchorElement) => {
      setRequest((previous) => ({
        platform: link.dataset.waitlist ?? "",
        session: (previous?.session ?? 0) + 1,
      }));
      setOpen(true);
    }, []),
  );

  useEffect(() => {
    const prefetch = (event: Event) => {
      if (event.target instanceof Element && event.target.closest("a[data-waitlist]")) void loadDialog();
    };
    document.addEventListener("pointerover", prefetch, { passive: true });
    document.addEventListener("focusin", prefetch);
    return () => {
      document.removeEventListener("pointerover", prefetch);
      document.removeEventListener("focusin", prefetch);
    };
  }, []);

  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <WaitlistDialog
        key={request.session}
        platform={request.platform}
        open={open}
        onClose={() => setOpen(false)}
        returnFocus={returnFocus}
      />
    </Suspense>
  );
}
