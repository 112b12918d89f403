import type { AnchorHTMLAttributes, ReactNode } from "react";
import type { PresetSubject } from "~/schemas/contact-fields";

/** `role`: an Apply link's role title, which the contact page turns into the message it starts with. */
export function contactHref(subject?: PresetSubject | "", role?: string): string {
  const query = [subject ? `subject=${encodeURIComponent(subject)}` : "", role ? `role=${encodeURIComponent(role)}` : ""].filter(Boolean);
  return query.length ? `/contact?${query.join("&")}` : "/contact";
}

/**
 * Every contact and e-mail link on the public pages. Without JavaScript it is a link to the contact page;
 * with it, the contact provider opens the dialog instead (it listens for links marked data-contact).
 */
export function ContactLink({
  subject,
  role,
  children,
  ...rest
}: { subject?: PresetSubject; role?: string; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  return (
    <a href={contactHref(subject, role)} data-contact={subject ?? ""} data-contact-role={role || undefined} {...rest}>
      {children}
    </a>
  );
}
