import { lazy, Suspense, useEffect, useRef, useState } from "react";

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
  const trigger = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (!(event.target instanceof Element)) return;
      const link = event.target.closest<HTMLAnchorElement>("a[data-waitlist]");
      if (!link) return;
      event.preventDefault();
      trigger.current = link;
      setRequest((previous) => ({ platform: link.dataset.waitlist ?? "", session: (previous?.session ?? 0) + 1 }));
      setOpen(true);
    };
    const prefetch = (event: Event) => {
      if (event.target instanceof Element && event.target.closest("a[data-waitlist]")) void loadDialog();
    };
    document.addEventListener("click", onClick);
    document.addEventListener("pointerover", prefetch, { passive: true });
    document.addEventListener("focusin", prefetch);
    return () => {
      document.removeEventListener("click", onClick);
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
        returnFocus={() => {
          const target = trigger.current;
          trigger.current = null;
          if (!target?.isConnected) return false;
          target.focus();
          return true;
        }}
      />
    </Suspense>
  );
}
