import * as Dialog from "@radix-ui/react-dialog";
import { useCallback, useEffect, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { CloseIcon } from "~/components/ui/icons";
import { CONTACT_AUTO_CLOSE_MS } from "~/utils/contact";
import { ContactForm } from "./contact-form";
import { useContact } from "./contact-provider";

/**
 * The site's one contact dialog (SPEC 4): each opening starts a fresh form with the preset subject;
 * after a message is sent it shows the thank-you panel and closes itself after CONTACT_AUTO_CLOSE_MS.
 * Radix traps focus while it is open; on closing, focus goes back to the link that opened it.
 */
export function ContactDialog() {
  const { open, subject, message, session, closeContact, returnFocus } = useContact();
  const [sentInSession, setSentInSession] = useState<number | null>(null);
  const sent = open && sentInSession === session;

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(closeContact, CONTACT_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [sent, closeContact]);

  const onSuccess = useCallback(() => setSentInSession(session), [session]);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : closeContact())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-navy-200 bg-white p-5 shadow-2xl sm:p-6"
          onCloseAutoFocus={(event) => {
            if (returnFocus()) event.preventDefault();
          }}
        >
          <div className="mb-4 pr-8">
            <Dialog.Title className="text-xl font-semibold text-navy-950">Contact us</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-navy-600">
              Send us a message and we will reply by e-mail.
            </Dialog.Description>
          </div>
          <ContactForm
            key={session}
            id="contact-dialog-form"
            defaultSubject={subject}
            defaultMessage={message}
            onSuccess={onSuccess}
            hideFormWhenSent
            cancel={
              <Dialog.Close type="button" className={buttonClass("secondary")}>
                Cancel
              </Dialog.Close>
            }
          />
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
