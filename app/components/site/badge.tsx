import { statusOf, type StatusContext } from "~/utils/product-status";
import type { ProductBadge } from "~/schemas/product";

const TONES = {
  live: "border-accent-200 bg-accent-50 text-accent-800",
  waitlist: "border-amber-200 bg-amber-50 text-amber-900",
  soon: "border-navy-200 bg-navy-50 text-navy-700",
} as const;

/** A product's status badge; nothing for a product without one. */
export function StatusBadge({ badge, context }: { badge: ProductBadge | null; context: StatusContext }) {
  const status = statusOf(badge, context);
  if (!status) return null;
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONES[status.tone]}`}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {status.label}
    </span>
  );
}
