import type { ProductBadge } from "~/schemas/product";

/**
 * How a product's badge reads on the public pages (SPEC 1 and 4). The home carousel says "Waitlist"
 * for beta products; the Platforms page says "Beta (Waitlist)".
 */
export type StatusContext = "home" | "platforms";
export type StatusTone = "live" | "waitlist" | "soon";

const LABELS: Record<StatusContext, Record<ProductBadge, string>> = {
  home: { live: "Live", beta: "Waitlist", coming_soon: "Coming Soon" },
  platforms: { live: "Live", beta: "Beta (Waitlist)", coming_soon: "Coming Soon" },
};

const TONES: Record<ProductBadge, StatusTone> = { live: "live", beta: "waitlist", coming_soon: "soon" };

export function statusOf(badge: ProductBadge | null, context: StatusContext): { label: string; tone: StatusTone } | null {
  if (!badge || !(badge in TONES)) return null;
  return { label: LABELS[context][badge], tone: TONES[badge] };
}

/** Live and beta products can be opened; the others are not available yet. */
export function canOpen(badge: ProductBadge | null): boolean {
  return badge === "live" || badge === "beta";
}

export interface ProductGroups<P> {
  live: P[];
  beta: P[];
  comingSoon: P[];
  /** Products without a badge: shown last, under their own heading, only when there are any. */
  other: P[];
}

/** The Platforms page's groups, each in display order. */
export function groupProducts<P extends { badge: ProductBadge | null }>(products: readonly P[]): ProductGroups<P> {
  const groups: ProductGroups<P> = { live: [], beta: [], comingSoon: [], other: [] };
  for (const product of products) {
    if (product.badge === "live") groups.live.push(product);
    else if (product.badge === "beta") groups.beta.push(product);
    else if (product.badge === "coming_soon") groups.comingSoon.push(product);
    else groups.other.push(product);
  }
  return groups;
}

/** The anchor of a product's card on /platforms. */
export function productAnchor(id: number): string {
  return `product-${id}`;
}
