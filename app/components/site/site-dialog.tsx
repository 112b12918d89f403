import * as Dialog from "@radix-ui/react-dialog";
import { useCallback, useEffect, useRef, type ReactNode } from "react";
import { CloseIcon } from "~/components/ui/icons";

/**
 * A public page's dialog over a link that works without JavaScript (the contact and waitlist dialogs):
 * its title and description, the content, and the close button. Radix traps focus while it is open and
 * Escape closes it; on closing, `returnFocus` puts focus back on the link that opened it (when it returns
 * false, Radix's own choice stands).
 */
export function SiteDialog({
  open,
  onClose,
  returnFocus,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  returnFocus: () => boolean;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-navy-200 bg-white p-5 shadow-2xl sm:p-6"
          onCloseAutoFocus={(event) => {
            if (returnFocus()) event.preventDefault();
          }}
        >
          <div className="mb-4 pr-8">
            <Dialog.Title className="text-subheading font-semibold text-navy-950">{title}</Dialog.Title>
            <Dialog.Description className="mt-1 text-caption text-navy-600">{description}</Dialog.Description>
          </div>
          {children}
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded-md p-2 text-navy-500 hover:bg-navy-50 hover:text-navy-900"
          >
            <CloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Plain clicks on the links `selector` matches open a dialog in place of following them (`open`); a
 * click with a modifier key or another button keeps the browser's own behaviour (a new tab, an e-mail
 * program). `open` should keep its identity (a useCallback). Returns what puts focus back on the last link
 * opened from, for SiteDialog's `returnFocus`.
 */
export function useLinksOpenDialog(selector: string, open: (link: HTMLAnchorElement) => void) {
  const trigger = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (!(event.target instanceof Element)) return;
      const link = event.target.closest<HTMLAnchorElement>(selector);
      if (!link) return;
      event.preventDefault();
      trigger.current = link;
      open(link);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [selector, open]);

  return {
    /** Remembers what opened the dialog when the caller opens it itself, to return focus to. */
    rememberOpener: useCallback((opener: HTMLElement | null) => {
      trigger.current = opener;
    }, []),
    returnFocus: useCallback(() => {
      const target = trigger.current;
      trigger.current = null;
      if (!target?.isConnected) return false;
      target.focus();
      return true;
    }, []),
  };
}
