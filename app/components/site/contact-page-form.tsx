import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { ContactActionData } from "~/utils/contact";
import { CONTACT_FIELD_NAMES, PlainContactForm, type ContactFieldName } from "./contact-form-parts";

type ConformContactForm = typeof import("./contact-form").ContactForm;
const loadConformForm = () => import("./contact-form").then((module) => module.ContactForm);

interface ContactPageFormProps {
  id: string;
  defaultSubject: string;
  /** The message to start with (`/contact?role=...`); empty when absent. */
  defaultMessage?: string;
  nativeAnswer?: ContactActionData;
}

interface Upgrade {
  Form: ConformContactForm;
  typed: Partial<Record<ContactFieldName, string>>;
}

/**
 * The form of /contact. It first renders as a plain form that posts natively (all a visitor without
 * JavaScript ever needs), and becomes the Conform form, with validation as you type and a toast, the first
 * time a visitor points at or focuses it. Conform's hooks are about a tenth of the page's JavaScript, so
 * a visitor who only reads the page never downloads them. The swap keeps what was typed and the focus.
 */
export function ContactPageForm({ id, defaultSubject, defaultMessage, nativeAnswer }: ContactPageFormProps) {
  const [upgrade, setUpgrade] = useState<Upgrade>();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element || upgrade) return;
    let cancelled = false;
    const start = () => {
      for (const type of TRIGGERS) element.removeEventListener(type, start);
      void loadConformForm().then((Form) => {
        if (cancelled) return;
        const form = element.querySelector("form");
        const focused = document.activeElement;
        const focus = form && focused instanceof HTMLElement && form.contains(focused) ? rememberFocus(focused) : undefined;
        // In one task: read what was typed, render the Conform form with it, give the focus back.
        flushSync(() => setUpgrade({ Form, typed: form ? typedValues(form) : {} }));
        focus?.(element);
      }, () => {
        // The script did not arrive: the plain form still posts, as it does without JavaScript.
      });
    };
    for (const type of TRIGGERS) element.addEventListener(type, start, { passive: true });
    return () => {
      cancelled = true;
      for (const type of TRIGGERS) element.removeEventListener(type, start);
    };
  }, [upgrade]);

  return (
    <div ref={container} data-form-state={upgrade ? "enhanced" : "plain"}>
      {upgrade ? (
        <upgrade.Form id={id} defaultSubject={defaultSubject} defaultMessage={defaultMessage} nativeAnswer={nativeAnswer} typedValues={upgrade.typed} />
      ) : (
        <PlainContactForm id={id} defaultSubject={defaultSubject} defaultMessage={defaultMessage} nativeAnswer={nativeAnswer} />
      )}
    </div>
  );
}

const TRIGGERS = ["focusin", "pointerover", "touchstart"] as const;

function typedValues(form: HTMLFormElement): Partial<Record<ContactFieldName, string>> {
  const data = new FormData(form);
  const typed: Partial<Record<ContactFieldName, string>> = {};
  for (const name of CONTACT_FIELD_NAMES) {
    const value = data.get(name);
    if (typeof value === "string") typed[name] = value;
  }
  return typed;
}

/** Returns how to put the focus (and the caret) back on the same field once the form is replaced. */
function rememberFocus(focused: HTMLElement) {
  const name = focused.getAttribute("name");
  const caret = readCaret(focused);
  return (root: HTMLElement) => {
    const target = name ? root.querySelector<HTMLElement>(`form [name="${CSS.escape(name)}"]`) : root.querySelector<HTMLElement>("form button[type=submit]");
    if (!target) return;
    target.focus();
    if (caret && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) {
      try {
        target.setSelectionRange(caret.start, caret.end, caret.direction);
      } catch {
        // Inputs such as type=email have no caret to set.
      }
    }
  };
}

function readCaret(element: HTMLElement) {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return undefined;
  try {
    const { selectionStart: start, selectionEnd: end, selectionDirection } = element;
    if (start === null || end === null) return undefined;
    return { start, end, direction: selectionDirection ?? undefined };
  } catch {
    return undefined;
  }
}
