import type { AnchorHTMLAttributes, ReactNode } from "react";
import type { PresetSubject } from "~/schemas/contact-fields";

export function contactHref(subject?: PresetSubject | ""): string {
  return subject ? `/contact?subject=${encodeURIComponent(subject)}` : "/contact";
}

/**
 * Every contact and e-mail link on the public pages. Without JavaScript it is a link to the contact page;
 * with it, the contact provider opens the dialog instead (it listens for links marked data-contact).
 */
export function ContactLink({
  subject,
  children,
  ...rest
}: { subject?: PresetSubject; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  return (
    <a href={contactHref(subject)} data-contact={subject ?? ""} {...rest}>
      {children}
    </a>
  );
}
