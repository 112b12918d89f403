import { Link } from "@remix-run/react";
import type { AnchorHTMLAttributes, ReactNode } from "react";

export function isExternalUrl(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

type SmartLinkProps = {
  href: string;
  /** Opens in a new tab with rel="noopener noreferrer" and says so to screen readers. */
  newTab?: boolean;
  children: ReactNode;
} & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "target" | "rel">;

/**
 * A link to a site path (client-side navigation, prefetched on intent) or to another site. Links that
 * open a new tab get the safe rel and a hidden "(opens in a new tab)" for screen readers.
 */
export function SmartLink({ href, newTab = false, children, ...rest }: SmartLinkProps) {
  if (!newTab && !isExternalUrl(href)) {
    return (
      <Link to={href} prefetch="intent" {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})} {...rest}>
      {children}
      {newTab ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </a>
  );
}
