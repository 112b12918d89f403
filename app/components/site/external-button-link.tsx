import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
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

/**
 * The large button that opens the flagship platform, on a light section or a dark one, counted as a
 * platform click from where it stands (`placement`, the analytics label).
 */
export function PlatformLaunchButton({
  href,
  tone,
  placement,
  children,
}: {
  href: string;
  tone?: "dark";
  placement: string;
  children: ReactNode;
}) {
  return (
    <ExternalButtonLink
      href={href}
      className={buttonClass(tone === "dark" ? "primaryOnDark" : "primary", "lg")}
      analyticsEvent="platform_click"
      analyticsLabel={placement}
    >
      {children}
    </ExternalButtonLink>
  );
}
