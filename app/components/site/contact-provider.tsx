import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { applicationMessage, prefillRole, prefillSubject } from "~/utils/contact";
import { useLinksOpenDialog } from "./site-dialog";

interface ContactState {
  open: boolean;
  subject: string;
  /** The message the form starts with (an Apply link's), usually empty. */
  message: string;
  /** Counts openings: each one starts a fresh form. */
  session: number;
}

export interface ContactContextValue extends ContactState {
  /** Opens the contact dialog, its form reset to `subject` and `message` (default empty). */
  openContact: (subject?: string, trigger?: HTMLElement | null, message?: string) => void;
  closeContact: () => void;
  /** Puts focus back on what opened the dialog; false when there is nothing to return to. */
  returnFocus: () => boolean;
}

const ContactContext = createContext<ContactContextValue | null>(null);

export function useContact(): ContactContextValue {
  const context = useContext(ContactContext);
  if (!context) throw new Error("useContact must be used within a ContactProvider");
  return context;
}

/**
 * One contact dialog for the whole site. Contact links (`a[data-contact]`, from ContactLink) and e-mail
 * links (`a[href^="mailto:"]`) keep working as links without JavaScript; with it, a plain click opens
 * the dialog instead, with the link's preset subject (and an Apply link's message). Clicks with a modifier key or another button keep
 * the browser's own behaviour (new tab, e-mail program).
 */
export function ContactProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ContactState>({ open: false, subject: "", message: "", session: 0 });

  const show = useCallback((subject: string, message: string) => {
    setState((s) => ({ open: true, subject: prefillSubject(subject), message, session: s.session + 1 }));
  }, []);
  const { rememberOpener, returnFocus } = useLinksOpenDialog(
    'a[data-contact], a[href^="mailto:" i]',
    useCallback(
      (link: HTMLAnchorElement) =>
        show(
          link.dataset.contact ?? mailtoSubject(link.href),
          applicationMessage(prefillRole(link.dataset.contactRole)),
        ),
      [show],
    ),
  );

  const openContact = useCallback(
    (subject = "", from?: HTMLElement | null, message = "") => {
      const active = document.activeElement;
      rememberOpener(from ?? (active instanceof HTMLElement ? active : null));
      show(subject, message);
    },
    [rememberOpener, show],
  );

  const closeContact = useCallback(() => setState((s) => ({ ...s, open: false })), []);

  const value = useMemo(
    () => ({ ...state, openContact, closeContact, returnFocus }),
    [state, openContact, closeContact, returnFocus],
  );
  return <ContactContext.Provider value={value}>{children}</ContactContext.Provider>;
}

/** The subject a mailto: link carries ("mailto:a@b?subject=Hello"), if any. */
function mailtoSubject(href: string): string {
  try {
    return new URL(href).searchParams.get("subject") ?? "";
  } catch {
    return "";
  }
}
