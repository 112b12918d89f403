import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import type { ContactCallout } from "~/content/types";
import { ContactLink } from "./contact-link";
import { PageSection, Prose, type SectionTone } from "./section";

/** A section of copy that ends in a button opening the contact dialog with its preset subject. */
export function CalloutSection({
  callout,
  tone,
  id,
  extra,
}: {
  callout: ContactCallout;
  tone?: SectionTone;
  id?: string;
  extra?: ReactNode;
}) {
  return (
    <PageSection heading={callout.heading} id={id} tone={tone} narrow>
      <Prose paragraphs={callout.paragraphs} />
      <div className="mt-8 flex flex-wrap gap-3">
        <ContactLink subject={callout.subject} className={buttonClass("primary", "md")}>
          {callout.ctaLabel}
        </ContactLink>
        {extra}
      </div>
    </PageSection>
  );
}
