/**
 * Analytics calls (SPEC 2 and 7): a page view with the path, and custom events in category
 * "engagement". Every call does nothing unless the GA4 tag is loaded (window.gtag exists), which
 * happens only when a measurement ID is set and the visitor accepted cookies (components/site/analytics.tsx).
 *
 * Markup contract: any clickable element marked with these attributes sends an event when clicked
 * (one delegated listener, so pages need no JavaScript of their own):
 *   data-analytics-event="cta_click"        one of ANALYTICS_EVENTS
 *   data-analytics-label="Hero: Explore"    what was clicked (free text)
 *   data-analytics-value="1"                optional, a number
 * `analyticsAttributes("cta_click", "Hero: Explore")` returns exactly these attributes to spread on an element.
 */

export const ANALYTICS_EVENTS = [
  "cta_click",
  "platform_click",
  "social_click",
  "download_click",
  "view_click",
  "product_click",
] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

export interface EventDetails {
  category?: "engagement";
  label?: string;
  value?: number;
}

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

function gtag(): Gtag | undefined {
  return typeof window === "undefined" ? undefined : window.gtag;
}

export function pageview(path: string): void {
  gtag()?.("event", "page_view", {
    page_path: path,
    page_location: `${window.location.origin}${path}`,
    page_title: document.title,
  });
}

export function trackEvent(name: string, { category = "engagement", label, value }: EventDetails = {}): void {
  gtag()?.("event", name, { event_category: category, event_label: label, value });
}

export function isAnalyticsEvent(value: unknown): value is AnalyticsEvent {
  return (ANALYTICS_EVENTS as readonly unknown[]).includes(value);
}

export function analyticsAttributes(event: AnalyticsEvent, label: string, value?: number): Record<string, string> {
  return {
    "data-analytics-event": event,
    "data-analytics-label": label,
    ...(value === undefined ? {} : { "data-analytics-value": String(value) }),
  };
}

/** Sends the event an element's data-analytics-* attributes describe, if it has them. */
export function trackElement(element: Element): void {
  const marked = element.closest<HTMLElement>("[data-analytics-event]");
  const name = marked?.dataset.analyticsEvent;
  if (!marked || !isAnalyticsEvent(name)) return;
  const value = Number(marked.dataset.analyticsValue);
  trackEvent(name, {
    category: "engagement",
    label: marked.dataset.analyticsLabel,
    value: marked.dataset.analyticsValue !== undefined && Number.isFinite(value) ? value : undefined,
  });
}
