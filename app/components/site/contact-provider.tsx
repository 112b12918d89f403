import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { applicationMessage, prefillRole, prefillSubject } from "~/utils/contact";

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
  const trigger = useRef<HTMLElement | null>(null);

  const openContact = useCallback((subject = "", from?: HTMLElement | null, message = "") => {
    const active = document.activeElement;
    trigger.current = from ?? (active instanceof HTMLElement ? active : null);
    setState((s) => ({ open: true, subject: prefillSubject(subject), message, session: s.session + 1 }));
  }, []);

  const closeContact = useCallback(() => setState((s) => ({ ...s, open: false })), []);

  const returnFocus = useCallback(() => {
    const target = trigger.current;
    trigger.current = null;
    if (!target?.isConnected) return false;
    target.focus();
    return true;
  }, []);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (!(event.target instanceof Element)) return;
      const link = event.target.closest<HTMLAnchorElement>('a[data-contact], a[href^="mailto:" i]');
      if (!link) return;
      event.preventDefault();
      openContact(link.dataset.contact ?? mailtoSubject(link.href), link, applicationMessage(prefillRole(link.dataset.contactRole)));
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [openContact]);

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
