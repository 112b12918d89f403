import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SmartLink } from "~/components/ui/smart-link";
import type { FooterDisclosure, SiteLayout } from "~/utils/site-layout";
import { ContactLink } from "./contact-link";
import { LogoMark } from "./logo";

const linkClass = "rounded-sm text-navy-200 underline-offset-4 hover:text-white hover:underline";

function Column({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white">{heading}</h2>
      <ul className="mt-4 grid gap-3 text-sm">{children}</ul>
    </div>
  );
}

function InternalItem({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to} prefetch="intent" className={linkClass}>
        {children}
      </Link>
    </li>
  );
}

/**
 * What the firm must say about itself (issue 37), generated from the regulatory status record: its status
 * with the Financial Conduct Authority (with the register's entry for the FRN), the Companies Act line and
 * the VAT number when there is one.
 */
function RegulatoryDisclosure({ disclosure }: { disclosure: FooterDisclosure }) {
  return (
    <div data-testid="regulatory-disclosure" className="grid gap-2">
      <p className="text-navy-200">
        {disclosure.status}
        {disclosure.registerUrl ? (
          <>
            {" "}
            <SmartLink href={disclosure.registerUrl} newTab className={`${linkClass} underline`}>
              Check FRN {disclosure.frn} on the Financial Services Register
            </SmartLink>
          </>
        ) : null}
      </p>
      <p>{disclosure.company}</p>
      {disclosure.vat ? <p>{disclosure.vat}</p> : null}
    </div>
  );
}

/**
 * The public footer, in SPEC's columns: the company blurb with the social link and the legal (footer
 * menu) links; Company; Platforms; Contact. Then the copyright line and the company disclosure UK law
 * asks of a company website.
 */
export function SiteFooter({ layout }: { layout: SiteLayout }) {
  return (
    <footer className="border-t border-navy-800 bg-navy-950 text-navy-300">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.4fr)]">
        <div className="sm:col-span-2 lg:col-span-1">
          <p className="flex items-center gap-2.5 text-subheading font-semibold text-white">
            <LogoMark />
            {layout.companyName}
          </p>
          <p className="mt-4 max-w-sm text-sm leading-6">{layout.blurb}</p>
          <p className="mt-4 text-sm">
            <SmartLink
              href={layout.social.url}
              newTab
              className={linkClass}
              data-analytics-event="social_click"
              data-analytics-label={layout.social.label}
            >
              {layout.social.label}
            </SmartLink>
          </p>
          {layout.footerMenu.length > 0 ? (
            <nav aria-label="Legal" className="mt-6">
              <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
                {layout.footerMenu.map((item) => (
                  <li key={item.id}>
                    <SmartLink href={item.url} newTab={item.openInNewTab} className={linkClass}>
                      {item.label}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>

        <Column heading="Company">
          <InternalItem to="/about">About Us</InternalItem>
          <InternalItem to="/careers">Careers</InternalItem>
          <InternalItem to="/newsroom">Newsroom</InternalItem>
          <InternalItem to="/investors">Investors</InternalItem>
        </Column>

        <Column heading="Platforms">
          <InternalItem to="/platforms">Overview</InternalItem>
          <li>
            <SmartLink
              href={layout.platform.url}
              newTab
              className={linkClass}
              data-analytics-event="platform_click"
              data-analytics-label="footer"
            >
              {layout.platform.name}
            </SmartLink>
          </li>
          <InternalItem to="/research">Research</InternalItem>
        </Column>

        <Column heading="Contact">
          <li>
            <ContactLink className={`${linkClass} [overflow-wrap:anywhere]`}>{layout.contactEmail}</ContactLink>
          </li>
          <li>
            <a href="/cookies#cookie-settings" className={linkClass} data-cookie-settings="">
              Cookie settings
            </a>
          </li>
        </Column>
      </div>

      <div className="border-t border-navy-800">
        <div className="container-page grid gap-2 py-6 text-xs leading-5 text-navy-300">
          <p>{layout.copyright}</p>
          <RegulatoryDisclosure disclosure={layout.disclosure} />
        </div>
      </div>
    </footer>
  );
}
