import type { ReactNode } from "react";
import { ExternalIcon } from "~/components/ui/icons";
import { SmartLink } from "~/components/ui/smart-link";

/** A button to another site (the flagship platform): a new tab, the external icon, and its analytics event. */
export function ExternalButtonLink({
  href,
  className,
  analyticsEvent,
  analyticsLabel,
  children,
}: {
  href: string;
  className: string;
  analyticsEvent: string;
  analyticsLabel: string;
  children: ReactNode;
}) {
  return (
    <SmartLink
      href={href}
      newTab
      className={className}
      data-analytics-event={analyticsEvent}
      data-analytics-label={analyticsLabel}
    >
      {children}
      <ExternalIcon />
    </SmartLink>
  );
}
