import { PRESET_SUBJECTS, type PresetSubject } from "~/schemas/contact-fields";

/**
 * The hero's secondary call to action. SPEC: "Partner with us" opens the contact dialog with
 * "General Inquiry". An operator may point it elsewhere; a /contact URL stays a contact link (with its
 * subject when it names a preset), anything else is an ordinary link.
 */
export type SecondaryCta =
  | { kind: "contact"; label: string; subject: PresetSubject }
  | { kind: "link"; label: string; href: string };

export const DEFAULT_SECONDARY_LABEL = "Partner with us";

export function secondaryCta(text: string, url: string): SecondaryCta {
  const label = text.trim() || DEFAULT_SECONDARY_LABEL;
  const href = url.trim();
  if (href === "" || href === "/contact" || href.startsWith("/contact?")) {
    const requested = new URLSearchParams(href.split("?")[1] ?? "").get("subject");
    const subject = PRESET_SUBJECTS.find((preset) => preset === requested) ?? "General Inquiry";
    return { kind: "contact", label, subject };
  }
  return { kind: "link", label, href };
}
