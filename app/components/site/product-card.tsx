import type { Product } from "~/models/products.server";
import { canOpen, productAnchor, type StatusContext } from "~/utils/product-status";
import { ExternalIcon } from "~/components/ui/icons";
import type { PageRiskWarning } from "~/utils/risk-warnings";
import { slugify } from "~/utils/slug";
import { StatusBadge } from "./badge";
import { CardRiskWarning } from "./risk-warning";

/** A product as the public pages show it; `warning` when its risk class carries a prescribed one (issue 37). */
export type PublicProduct = Pick<Product, "id" | "name" | "description" | "url" | "badge"> & {
  warning?: PageRiskWarning | null;
};

function OpenLink({ product }: { product: PublicProduct }) {
  return (
    <a
      href={product.url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-accent-700 underline-offset-4 hover:text-accent-800 hover:underline"
      data-analytics-event="product_click"
      data-analytics-label={product.name}
    >
      Open<span className="sr-only"> {product.name} (opens in a new tab)</span>
      <ExternalIcon className="size-3.5" />
    </a>
  );
}

/** The waitlist of a beta product ("Beta (Waitlist)", "Waitlist"): its form, with this product ticked. */
function WaitlistLink({ product }: { product: PublicProduct }) {
  return (
    <a
      href={`/waitlist?platform=${encodeURIComponent(slugify(product.name))}`}
      // With JavaScript, DeferredWaitlistDialog opens the same form in place.
      data-waitlist={slugify(product.name)}
      className="inline-flex items-center rounded-sm text-sm font-semibold text-accent-700 underline underline-offset-4 hover:text-accent-800"
      data-analytics-event="cta_click"
      data-analytics-label={`Join the waitlist: ${product.name}`}
    >
      Join the waitlist<span className="sr-only"> for {product.name}</span>
    </a>
  );
}

/**
 * A product card: name, status badge, description; live and beta products (and products without a
 * status) get an Open link to the platform in a new tab; beta products a "Join the waitlist" link.
 * A "Coming Soon" product is drawn lighter, as a roadmap entry: what is live and in beta leads.
 */
export function ProductCard({ product, context, headingLevel = 3 }: { product: PublicProduct; context: StatusContext; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const openable = canOpen(product.badge) || product.badge === null;
  const roadmap = product.badge === "coming_soon";
  return (
    <article
      id={context === "platforms" ? productAnchor(product.id) : undefined}
      className={`flex h-full flex-col rounded-lg border ${roadmap ? "border-dashed border-navy-300 bg-navy-50/60 p-5" : "border-navy-200 bg-white p-6 shadow-sm"}`}
    >
      {roadmap ? <p className="text-caption font-semibold tracking-wider text-navy-600 uppercase">Roadmap</p> : null}
      <Heading className={`${roadmap ? "mt-1 text-body" : "text-subheading"} font-semibold text-navy-950`}>{product.name}</Heading>
      {product.badge ? (
        <p className="mt-2">
          <StatusBadge badge={product.badge} context={context} />
        </p>
      ) : null}
      <p className={`mt-3 flex-1 text-caption ${roadmap ? "text-navy-600" : "text-navy-700"}`}>{product.description}</p>
      {product.warning ? <CardRiskWarning warning={product.warning} /> : null}
      {openable || product.badge === "beta" ? (
        <div className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-2">
          {product.badge === "beta" ? <WaitlistLink product={product} /> : null}
          {openable ? <OpenLink product={product} /> : null}
        </div>
      ) : null}
    </article>
  );
}
