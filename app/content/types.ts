/**
 * Small shared types for the static copy in app/content. Content modules export typed data only;
 * rendering lives in the routes and components.
 */

/** A read-only tuple of exactly N items, used where the spec fixes the number of cards. */
export type Tuple<T, N extends number, Acc extends readonly T[] = readonly []> = Acc["length"] extends N
  ? Acc
  : Tuple<T, N, readonly [T, ...Acc]>;

/** Preset subjects for the shared contact dialog (SPEC section 2). */
export type ContactSubject =
  | "General Inquiry"
  | "Career Inquiry"
  | "Investment Inquiry"
  | "Press Inquiry"
  | "Privacy Rights"
  | "Security Issue";

/** The ten public paths. */
export type PublicPath =
  | "/"
  | "/about"
  | "/platforms"
  | "/research"
  | "/investors"
  | "/newsroom"
  | "/careers"
  | "/privacy"
  | "/terms"
  | "/cookies";

export interface Card {
  readonly title: string;
  readonly description: string;
}

/** A section's heading and intro over its cards; `CardGroup<4>` where the spec fixes the number of cards. */
export interface CardGroup<N extends number = number> {
  readonly heading: string;
  readonly intro: string;
  readonly items: number extends N ? readonly Card[] : Tuple<Card, N>;
}

export interface Section {
  /** Stable, URL-safe anchor id. */
  readonly id: string;
  readonly heading: string;
  readonly paragraphs: readonly string[];
  readonly bullets?: readonly string[];
}

/** A block of copy ending in a button that opens the contact dialog with a preset subject. */
export interface ContactCallout {
  readonly heading: string;
  readonly paragraphs: readonly string[];
  readonly ctaLabel: string;
  readonly subject: ContactSubject;
}

/** An in-site link with its visible label. */
export interface InternalLink {
  readonly label: string;
  readonly href: PublicPath;
}

export interface PageHero {
  readonly eyebrow?: string;
  readonly heading: string;
  readonly intro: string;
}

export interface Fact {
  readonly label: string;
  readonly value: string;
}

export interface RegulatoryPhase {
  /** "Phase 1", "Phase 2". */
  readonly phase: string;
  readonly title: string;
  readonly description: string;
}

/** The regulatory pathway section (About, Investors): its two phases and the disclaimer under them. */
export interface RegulatoryPathway {
  readonly heading: string;
  readonly intro: string;
  readonly phases: Tuple<RegulatoryPhase, 2>;
  readonly disclaimer: string;
}

export interface NewsItem {
  /** ISO date, YYYY-MM-DD. */
  readonly date: string;
  readonly title: string;
  readonly summary: string;
}

export interface PageMeta {
  readonly path: PublicPath;
  /** Breadcrumb label. */
  readonly label: string;
  /** <title> text without the site-name suffix. */
  readonly title: string;
  /** Meta description, 140-160 characters. */
  readonly description: string;
}

export interface LegalDocument {
  readonly title: string;
  /** ISO date, YYYY-MM-DD. */
  readonly lastUpdated: string;
  readonly sections: readonly Section[];
}
