import * as Dialog from "@radix-ui/react-dialog";
import { useCallback, useEffect, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { CONTACT_AUTO_CLOSE_MS } from "~/utils/contact";
import { ContactForm } from "./contact-form";
import { useContact } from "./contact-provider";
import { SiteDialog } from "./site-dialog";

/**
 * The site's one contact dialog (SPEC 4): each opening starts a fresh form with the preset subject;
 * after a message is sent it shows the thank-you panel and closes itself after CONTACT_AUTO_CLOSE_MS.
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
    <SiteDialog
      open={open}
      onClose={closeContact}
      returnFocus={returnFocus}
      title="Contact us"
      description="Send us a message and we will reply by e-mail."
    >
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
    </SiteDialog>
  );
}
