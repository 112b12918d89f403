import { lazy, Suspense, useEffect, useState } from "react";
import { useContact } from "./contact-provider";

const loadDialog = () => import("./contact-dialog");
const ContactDialog = lazy(() => loadDialog().then((module) => ({ default: module.ContactDialog })));

/**
 * The contact dialog, loaded the first time it is wanted rather than with every page: its form, Radix
 * Dialog and the validation are most of a public page's JavaScript otherwise. A visitor pointing at or
 * focusing a contact link fetches it ahead of the click.
 */
export function DeferredContactDialog() {
  const { open } = useContact();
  // Once opened, the dialog stays mounted so it can animate closed and keep its state.
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);

  useEffect(() => {
    const prefetch = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('a[data-contact], a[href^="mailto:" i]')) {
        void loadDialog();
      }
    };
    document.addEventListener("pointerover", prefetch, { passive: true });
    document.addEventListener("focusin", prefetch);
    return () => {
      document.removeEventListener("pointerover", prefetch);
      document.removeEventListener("focusin", prefetch);
    };
  }, []);

  if (!wanted && !open) return null;
  return (
    <Suspense fallback={null}>
      <ContactDialog />
    </Suspense>
  );
}
