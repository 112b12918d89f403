import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useContact } from "~/components/site/contact-provider";
import { analyticsAttributes, pageview, trackElement, trackEvent } from "~/utils/analytics";
import { consentCookie, consentFromCookieHeader } from "~/utils/consent";
import { prefillSubject } from "~/utils/contact";

function NeedsContact() {
  useContact();
  return null;
}

describe("useContact", () => {
  it("outside its provider throws SPEC's developer error", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderToString(<NeedsContact />)).toThrow("useContact must be used within a ContactProvider");
  });
});

describe("prefillSubject", () => {
  it("accepts any subject that fits the field, trimmed, and nothing longer", () => {
    expect(prefillSubject(" Career Inquiry ")).toBe("Career Inquiry");
    expect(prefillSubject("x".repeat(150))).toBe("x".repeat(150));
    expect(prefillSubject("x".repeat(151))).toBe("");
    expect(prefillSubject(null)).toBe("");
  });
});

describe("the consent cookie", () => {
  it("reads only the site's own values", () => {
    expect(consentFromCookieHeader("a=1; kestrel_consent=accepted")).toEqual({ choice: "accepted", dismissed: false });
    expect(consentFromCookieHeader("kestrel_consent=declined")).toEqual({ choice: "declined", dismissed: false });
    expect(consentFromCookieHeader("kestrel_consent=dismissed")).toEqual({ choice: null, dismissed: true });
    expect(consentFromCookieHeader("xkestrel_consent=accepted; kestrel_consent=ACCEPTED")).toEqual({ choice: null, dismissed: false });
    expect(consentFromCookieHeader(null)).toEqual({ choice: null, dismissed: false });
  });

  it("lasts 12 months for a choice, the browser session for a close, and is Secure on https", () => {
    expect(consentCookie("accepted", true)).toBe("kestrel_consent=accepted; Path=/; SameSite=Lax; Max-Age=31536000; Secure");
    expect(consentCookie("dismissed", false)).toBe("kestrel_consent=dismissed; Path=/; SameSite=Lax");
  });
});

describe("analytics", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("does nothing without the tag, and sends engagement events through it when loaded", () => {
    expect(() => pageview("/about")).not.toThrow();
    const gtag = vi.fn();
    vi.stubGlobal("window", { gtag, location: { origin: "https://kestrel.example" } });
    vi.stubGlobal("document", { title: "About" });
    pageview("/about");
    trackEvent("cta_click", { label: "Hero: Explore", value: 1 });
    expect(gtag.mock.calls).toEqual([
      ["event", "page_view", { page_path: "/about", page_location: "https://kestrel.example/about", page_title: "About" }],
      ["event", "cta_click", { event_category: "engagement", event_label: "Hero: Explore", value: 1 }],
    ]);
  });

  it("reads an event from the data-analytics-* attributes of the clicked element or its ancestors", () => {
    const gtag = vi.fn();
    vi.stubGlobal("window", { gtag });
    expect(analyticsAttributes("download_click", "Whitepaper PDF")).toEqual({
      "data-analytics-event": "download_click",
      "data-analytics-label": "Whitepaper PDF",
    });
    const marked = { dataset: { analyticsEvent: "platform_click", analyticsLabel: "Trading", analyticsValue: "2" } };
    trackElement({ closest: () => marked } as unknown as Element);
    trackElement({ closest: () => ({ dataset: { analyticsEvent: "made_up" } }) } as unknown as Element);
    trackElement({ closest: () => null } as unknown as Element);
    expect(gtag.mock.calls).toEqual([["event", "platform_click", { event_category: "engagement", event_label: "Trading", value: 2 }]]);
  });
});
