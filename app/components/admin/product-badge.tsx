import { BADGE_LABELS, type ProductBadge as Badge } from "~/schemas/product";

const STYLES: Record<Badge, string> = {
  live: "border-accent-700 bg-accent-50 text-accent-800",
  coming_soon: "border-navy-400 bg-navy-50 text-navy-700",
  beta: "border-amber-700 bg-amber-50 text-amber-900",
};

function isBadge(value: string): value is Badge {
  return value in BADGE_LABELS;
}

/** SPEC 4: live "Live", coming_soon "Coming soon", beta "Beta (waitlist)"; anything else gets the live style. */
export function ProductBadge({ badge }: { badge: string }) {
  const known = isBadge(badge);
  return (
    <span
      className={`inline-flex items-center rounded border px-1.5 py-0.5 text-xs font-medium ${STYLES[known ? badge : "live"]}`}
    >
      {known ? BADGE_LABELS[badge] : badge}
    </span>
  );
}
