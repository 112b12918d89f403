import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { pageview, trackElement } from "~/utils/analytics";
import { useConsent } from "~/utils/consent-store";

export const GTAG_ORIGIN = "https://www.googletagmanager.com";

/**
 * Google Analytics 4, only when a measurement ID is set AND the visitor accepted cookies: before that,
 * or after Decline, nothing is requested from Google and no _ga cookie exists. Declining later stops
 * sending at once and deletes the _ga cookies.
 */
export function Analytics({ measurementId }: { measurementId: string }) {
  const { choice } = useConsent();
  const { pathname } = useLocation();
  const enabled = measurementId !== "" && choice === "accepted";

  useEffect(() => {
    if (enabled) startGoogleAnalytics(measurementId);
    else if (choice === "declined") stopGoogleAnalytics(measurementId);
  }, [enabled, choice, measurementId]);

  useEffect(() => {
    if (enabled) pageview(pathname);
  }, [enabled, pathname]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element) trackElement(event.target);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  return null;
}

function disableFlag(measurementId: string): `ga-disable-${string}` {
  return `ga-disable-${measurementId}`;
}

function startGoogleAnalytics(measurementId: string) {
  const flags = window as unknown as Record<string, unknown>;
  flags[disableFlag(measurementId)] = false;
  if (!window.dataLayer) {
    window.dataLayer = [];
    window.gtag = function gtag() {
      // gtag.js reads Arguments objects from the data layer, not arrays.
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    window.gtag("consent", "default", {
      analytics_storage: "granted",
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
    });
    window.gtag("js", new Date());
    window.gtag("config", measurementId, { send_page_view: false });
  } else {
    // Accepted again after a Decline on this page: the tag is already here.
    window.gtag = window.gtag ?? function gtag() {
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    window.gtag("consent", "update", { analytics_storage: "granted" });
  }
  if (!document.querySelector("script[data-gtag]")) {
    const script = document.createElement("script");
    script.async = true;
    script.src = `${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`;
    script.dataset.gtag = "";
    // The nonce attribute is hidden after load, but the property keeps it: reuse the page's own.
    const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
    if (nonce) script.nonce = nonce;
    document.head.appendChild(script);
  }
}

function stopGoogleAnalytics(measurementId: string) {
  if (measurementId) {
    window.gtag?.("consent", "update", { analytics_storage: "denied" });
    (window as unknown as Record<string, unknown>)[disableFlag(measurementId)] = true;
  }
  delete window.gtag;
  deleteGaCookies();
}

/** Expires _ga and _ga_* on this host and on every parent domain GA may have used. */
function deleteGaCookies() {
  const names = document.cookie
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter((name) => name === "_ga" || name.startsWith("_ga_"));
  if (names.length === 0) return;
  const labels = window.location.hostname.split(".");
  const domains = labels.map((_, index) => labels.slice(index).join("."));
  for (const name of names) {
    document.cookie = `${name}=; Max-Age=0; Path=/`;
    for (const domain of domains) document.cookie = `${name}=; Max-Age=0; Path=/; Domain=.${domain}`;
  }
}
