import { Link } from "@remix-run/react";
import { RISK_WARNING_LINK_TEXT } from "~/content/risk";
import type { PageRiskWarning } from "~/utils/risk-warnings";

/** "Take 2 mins to learn more", with the product it is about for a screen reader. */
function LearnMore({ warning, className }: { warning: PageRiskWarning; className: string }) {
  return (
    <Link to={warning.href} className={className}>
      {RISK_WARNING_LINK_TEXT}
      <span className="sr-only"> about the risks of {warning.productName}</span>
    </Link>
  );
}

const linkClass = "rounded-sm font-semibold text-navy-950 underline underline-offset-2 hover:no-underline";

/**
 * The prescribed risk warnings of a page that promotes high-risk products (COBS 4.12A): at the top of the
 * page, first after the skip link in reading order, kept in view while the visitor scrolls by CSS alone
 * (position: sticky). The skip link, when focused, shows above it.
 */
export function StickyRiskWarnings({ warnings }: { warnings: readonly PageRiskWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <section
      aria-label="Risk warning"
      data-testid="risk-warnings"
      className="sticky top-0 z-40 border-b-2 border-amber-500 bg-amber-50 text-navy-950 shadow-sm"
    >
      <div className="container-page grid gap-1 py-2 text-xs leading-snug sm:gap-1.5 sm:text-sm">
        {warnings.map((warning) => (
          <p key={warning.riskClass} data-risk-class={warning.riskClass}>
            {warning.text} <LearnMore warning={warning} className={linkClass} />.
          </p>
        ))}
      </div>
    </section>
  );
}

/** The same warning beside a product card's call to action. */
export function CardRiskWarning({ warning }: { warning: PageRiskWarning }) {
  return (
    <p
      data-testid="card-risk-warning"
      data-risk-class={warning.riskClass}
      className="mt-4 rounded-md border border-amber-500 bg-amber-50 p-3 text-xs leading-5 text-navy-950"
    >
      {warning.text} <LearnMore warning={warning} className={linkClass} />.
    </p>
  );
}
